import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { test } from "node:test";
import { killGroup } from "../../../src/run/kill-group.js";
import { stopGroup } from "../../../src/run/limits/stop.js";
import { nodeFixture } from "../../helpers/fixtures.js";

/** Starts a fixture as the leader of its own group; `printed(text)` resolves once its stdout so far includes text. */
function startGroup(name: string) {
  const [command, ...args] = nodeFixture(name);
  const child = spawn(command!, args, { detached: true, stdio: ["ignore", "pipe", "ignore"] });
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  let seen = "";
  const waiting: [string, () => void][] = [];
  child.stdout.on("data", (chunk: Buffer) => {
    seen += String(chunk);
    for (const [text, resolve] of waiting) if (seen.includes(text)) resolve();
  });
  const printed = (text: string) => new Promise<void>((resolve) => (seen.includes(text) ? resolve() : waiting.push([text, resolve])));
  return { pid: child.pid!, exited, printed, seen: () => seen };
}

test("two limits firing together: the first names the cause, and the group is stopped once", async () => {
  const command = startGroup("ignore-term.mjs");
  await command.printed("ready\n");
  const group = stopGroup(command.pid, 100);
  group.stop("timeout");
  group.stop("idle");
  group.stop("abort");
  assert.equal(group.cause, "timeout");
  const [, signal] = await command.exited;
  group.done();
  assert.equal(signal, "SIGKILL", "SIGTERM was ignored, so the SIGKILL after the grace ended it");
  assert.match(command.seen(), /^ready\n(ignored SIGTERM\n)+$/);
});

test("done cancels the SIGKILL still on its way", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const command = startGroup("ignore-term.mjs");
  await command.printed("ready\n");
  const group = stopGroup(command.pid, 1_000);
  group.stop("idle");
  await command.printed("ignored SIGTERM\n");
  group.done();
  t.mock.timers.tick(1_000);
  // Had the SIGKILL gone out in that tick, the group would already be dying of it and SIGINT would change nothing.
  killGroup(command.pid, "SIGINT");
  const [, signal] = await command.exited;
  assert.equal(signal, "SIGINT");
});

test("once the command has exited, stop does nothing and names no cause", async () => {
  const command = startGroup("idle.mjs");
  await command.printed("ready\n");
  const group = stopGroup(command.pid, 100);
  group.exited();
  group.stop("timeout");
  assert.equal(group.cause, null);
  assert.equal(group.cleared.aborted, true, "the limits were told to clear themselves");
  killGroup(command.pid, "SIGKILL");
  await command.exited;
});
