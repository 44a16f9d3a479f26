import assert from "node:assert/strict";
import { test } from "node:test";
import { stopOnIdle } from "../../../src/run/limits/idle.js";
import { PausedPipes } from "../../../src/run/quiet-timer.js";
import { recordingHost } from "../../helpers/limit-host.js";

test("fires with cause idle after the time without output; each chunk starts the count again", (t) => {
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

test("idle time excludes the time a pipe was paused for a slow consumer", (t) => {
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

test("cleared, it never fires, whatever the pipes do after", (t) => {
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

test("no time given: no limit", () => {
  const { host } = recordingHost();
  assert.equal(stopOnIdle(null, host, new PausedPipes()), null);
});
