import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { getEventListeners, once } from "node:events";
import { test } from "node:test";
import { killGroup } from "../../src/run/kill-group.js";
import { stopGroup, stopOnAbort, stopOnIdle, stopOnTimeout } from "../../src/run/limits.js";
import { PausedPipes } from "../../src/run/quiet-timer.js";
import { nodeFixture } from "../helpers/fixtures.js";
import { recordingHost } from "../helpers/limit-host.js";

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

test("the group stop: two limits firing together: the first names the cause, and the group is stopped once", async () => {
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

test("the group stop: done cancels the SIGKILL still on its way", async (t) => {
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

test("the group stop: once the command has exited, stop does nothing and names no cause", async () => {
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

test("timeout: fires with cause timeout once the time has passed, not before", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { host, causes } = recordingHost();
  stopOnTimeout(300, host);
  t.mock.timers.tick(299);
  assert.deepEqual(causes, []);
  t.mock.timers.tick(1);
  assert.deepEqual(causes, ["timeout"]);
});

test("timeout: cleared before the time, it never fires", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { host, causes, clear } = recordingHost();
  stopOnTimeout(300, host);
  t.mock.timers.tick(200);
  clear();
  t.mock.timers.tick(10_000);
  assert.deepEqual(causes, []);
});

test("timeout: no time given: no timer, and nothing waits to clear one", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { host, causes } = recordingHost();
  stopOnTimeout(null, host);
  t.mock.timers.tick(2 ** 31);
  assert.deepEqual(causes, []);
  assert.equal(getEventListeners(host.cleared, "abort").length, 0);
});

test("idle: fires with cause idle after the time without output; each chunk starts the count again", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { host, causes } = recordingHost();
  const idle = stopOnIdle(300, host, new PausedPipes())!;
  t.mock.timers.tick(250);
  idle.touch();
  t.mock.timers.tick(250);
  assert.deepEqual(causes, []);
  t.mock.timers.tick(50);
  assert.deepEqual(causes, ["idle"]);
});

test("idle: idle time excludes the time a pipe was paused for a slow consumer", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { host, causes } = recordingHost();
  const paused = new PausedPipes();
  const idle = stopOnIdle(300, host, paused)!;
  // As the drain does: a chunk arrives, and its sink asks to wait.
  idle.touch();
  paused.pause();
  t.mock.timers.tick(5_000);
  assert.deepEqual(causes, []);
  paused.resume();
  t.mock.timers.tick(299);
  assert.deepEqual(causes, []);
  t.mock.timers.tick(1);
  assert.deepEqual(causes, ["idle"]);
});

test("idle: cleared, it never fires, whatever the pipes do after", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { host, causes, clear } = recordingHost();
  const paused = new PausedPipes();
  const idle = stopOnIdle(300, host, paused)!;
  clear();
  idle.touch();
  paused.pause();
  paused.resume();
  t.mock.timers.tick(10_000);
  assert.deepEqual(causes, []);
});

test("idle: no time given: no limit", () => {
  const { host } = recordingHost();
  assert.equal(stopOnIdle(null, host, new PausedPipes()), null);
});

test("abort: fires with cause abort when the signal aborts", () => {
  const { host, causes } = recordingHost();
  const controller = new AbortController();
  stopOnAbort(controller.signal, host);
  assert.deepEqual(causes, []);
  controller.abort();
  assert.deepEqual(causes, ["abort"]);
});

test("abort: a signal aborted before the start fires a turn later, not during the start", async () => {
  const { host, causes } = recordingHost();
  stopOnAbort(AbortSignal.abort(), host);
  assert.deepEqual(causes, []);
  await Promise.resolve();
  assert.deepEqual(causes, ["abort"]);
});

test("abort: a signal aborted before the start, cleared in the same turn: it never fires", async () => {
  const { host, causes, clear } = recordingHost();
  stopOnAbort(AbortSignal.abort(), host);
  clear();
  await Promise.resolve();
  assert.deepEqual(causes, []);
});

test("abort: cleared, a later abort does nothing and the listener is gone", () => {
  const { host, causes, clear } = recordingHost();
  const controller = new AbortController();
  stopOnAbort(controller.signal, host);
  assert.equal(getEventListeners(controller.signal, "abort").length, 1);
  clear();
  assert.equal(getEventListeners(controller.signal, "abort").length, 0);
  controller.abort();
  assert.deepEqual(causes, []);
});

test("abort: no signal: nothing to listen to", () => {
  const { host } = recordingHost();
  stopOnAbort(undefined, host);
  assert.equal(getEventListeners(host.cleared, "abort").length, 0);
});
