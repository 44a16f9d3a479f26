import assert from "node:assert/strict";
import { test } from "node:test";
import { watchProcess, type WatchOptions } from "../../src/run/watch-process.js";
import { cleanEnv } from "../helpers/cli.js";
import { nodeFixture } from "../helpers/fixtures.js";

/** watchProcess with no limits unless given; what the command wrote to stdout is returned beside the outcome. */
// A command that ignores SIGTERM (saying so) and runs until SIGKILL. sh sets its trap within a millisecond of
// starting, where a node fixture's start-up can outlast a 200 ms limit on a loaded machine.
const IGNORE_TERM = ["sh", "-c", 'trap "echo ignored SIGTERM" TERM; echo ready; while :; do sleep 0.1; done'];

async function watch(argv: string[], options: Partial<WatchOptions> = {}) {
  const stdout: Buffer[] = [];
  const outcome = await watchProcess({
    argv,
    cwd: process.cwd(),
    env: cleanEnv(),
    stdin: "ignore",
    timeoutMs: null,
    idleTimeoutMs: null,
    stallGraceMs: 2_000,
    killAfterMs: 2_000,
    forwardSignals: false,
    onStdout: (chunk) => void stdout.push(chunk),
    onStderr: () => {},
    ...options,
  });
  return { outcome, stdout: Buffer.concat(stdout).toString() };
}

test("a signal aborted before the start: the command starts, gets SIGTERM, and no limit's flag is set", async () => {
  const { outcome } = await watch(nodeFixture("idle.mjs", "30"), { signal: AbortSignal.abort() });
  assert.equal(outcome.signal, "SIGTERM");
  assert.equal(outcome.error, null);
  assert.equal(outcome.timedOut, false);
  assert.equal(outcome.idleTimedOut, false);
  assert.equal(outcome.stalled, false);
});

test("the timeout fires, then the idle limit while SIGTERM is ignored: the outcome is the timeout's alone", async () => {
  const { outcome, stdout } = await watch(IGNORE_TERM, { timeoutMs: 200, idleTimeoutMs: 500, killAfterMs: 1_500 });
  assert.equal(outcome.signal, "SIGKILL");
  assert.equal(outcome.timedOut, true);
  assert.equal(outcome.idleTimedOut, false);
  assert.equal(outcome.stalled, false);
  assert.equal(stdout, "ready\nignored SIGTERM\n", "one SIGTERM, from the first limit only");
});

test("the idle limit fires, then the timeout while SIGTERM is ignored: idle and stalled, not timed out", async () => {
  const { outcome, stdout } = await watch(IGNORE_TERM, { idleTimeoutMs: 200, timeoutMs: 500, killAfterMs: 1_500 });
  assert.equal(outcome.signal, "SIGKILL");
  assert.equal(outcome.idleTimedOut, true);
  assert.equal(outcome.stalled, true);
  assert.equal(outcome.timedOut, false);
  assert.equal(stdout, "ready\nignored SIGTERM\n");
});

test("a command that cannot start: ENOENT, not found, no pid", async () => {
  const { outcome } = await watch(["toolspan-no-such-command"]);
  assert.equal(outcome.error, "ENOENT: toolspan-no-such-command: command not found");
  assert.equal(outcome.notFound, true);
  assert.equal(outcome.pid, null);
  assert.equal(outcome.code, null);
});
