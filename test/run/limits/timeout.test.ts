import assert from "node:assert/strict";
import { getEventListeners } from "node:events";
import { test } from "node:test";
import { stopOnTimeout } from "../../../src/run/limits/timeout.js";
import { recordingHost } from "../../helpers/limit-host.js";

test("fires with cause timeout once the time has passed, not before", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { host, causes } = recordingHost();
  stopOnTimeout(300, host);
  t.mock.timers.tick(299);
  assert.deepEqual(causes, []);
  t.mock.timers.tick(1);
  assert.deepEqual(causes, ["timeout"]);
});

test("cleared before the time, it never fires", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { host, causes, clear } = recordingHost();
  stopOnTimeout(300, host);
  t.mock.timers.tick(200);
  clear();
  t.mock.timers.tick(10_000);
  assert.deepEqual(causes, []);
});

test("no time given: no timer, and nothing waits to clear one", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { host, causes } = recordingHost();
  stopOnTimeout(null, host);
  t.mock.timers.tick(2 ** 31);
  assert.deepEqual(causes, []);
  assert.equal(getEventListeners(host.cleared, "abort").length, 0);
});
