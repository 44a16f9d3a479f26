import assert from "node:assert/strict";
import { test } from "node:test";
import { newRunId, newSpanId } from "../../src/run/ids.js";

test("run ids are 32 and span ids 16 lowercase hex characters, as OpenTelemetry's trace and span ids", () => {
  assert.match(newRunId(), /^[0-9a-f]{32}$/);
  assert.match(newSpanId(), /^[0-9a-f]{16}$/);
});

test("ids do not repeat", () => {
  const spans = new Set(Array.from({ length: 1000 }, () => newSpanId()));
  const runs = new Set(Array.from({ length: 1000 }, () => newRunId()));
  assert.equal(spans.size, 1000);
  assert.equal(runs.size, 1000);
});
