import assert from "node:assert/strict";
import { getEventListeners } from "node:events";
import { test } from "node:test";
import { stopOnAbort } from "../../../src/run/limits/abort.js";
import { recordingHost } from "../../helpers/limit-host.js";

test("fires with cause abort when the signal aborts", () => {
  const { host, causes } = recordingHost();
  const controller = new AbortController();
  stopOnAbort(controller.signal, host);
  assert.deepEqual(causes, []);
  controller.abort();
  assert.deepEqual(causes, ["abort"]);
});

test("a signal aborted before the start fires a turn later, not during the start", async () => {
  const { host, causes } = recordingHost();
  stopOnAbort(AbortSignal.abort(), host);
  assert.deepEqual(causes, []);
  await Promise.resolve();
  assert.deepEqual(causes, ["abort"]);
});

test("a signal aborted before the start, cleared in the same turn: it never fires", async () => {
  const { host, causes, clear } = recordingHost();
  stopOnAbort(AbortSignal.abort(), host);
  clear();
  await Promise.resolve();
  assert.deepEqual(causes, []);
});

test("cleared, a later abort does nothing and the listener is gone", () => {
  const { host, causes, clear } = recordingHost();
  const controller = new AbortController();
  stopOnAbort(controller.signal, host);
  assert.equal(getEventListeners(controller.signal, "abort").length, 1);
  clear();
  assert.equal(getEventListeners(controller.signal, "abort").length, 0);
  controller.abort();
  assert.deepEqual(causes, []);
});

test("no signal: nothing to listen to", () => {
  const { host } = recordingHost();
  stopOnAbort(undefined, host);
  assert.equal(getEventListeners(host.cleared, "abort").length, 0);
});
