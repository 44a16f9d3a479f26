import assert from "node:assert/strict";
import { test } from "node:test";
import { spanFacts } from "../../src/triage/facts.js";
import { cleanSpan, completeSpan, publishedRecord } from "../helpers/lint.js";

test("a clipped span's figures: kept and written bytes, clipped, tail hash", () => {
  const facts = spanFacts(cleanSpan());
  assert.deepEqual(
    [facts.stdout.kept, facts.stdout.bytes, facts.stdout.clipped, facts.stderr.clipped, facts.returncode],
    [200, 450, true, false, 0],
  );
  assert.match(facts.stdout.tailSha256!, /^[0-9a-f]{64}$/);
  assert.equal(facts.testRun, true);
  assert.equal(facts.looksLikeSuccess, true, "'test_00 PASSED' shows no failure");
});

test("a flag true under the cap still counts as clipped: the span says so, and lint says it lies", () => {
  assert.equal(spanFacts(completeSpan({ stdout_truncated: true })).stdout.clipped, true);
});

test("bytes over cap without the flag count as clipped", () => {
  assert.equal(spanFacts(cleanSpan({ stdout_truncated: false })).stdout.clipped, true);
});

test("The published example record: no returncode, no argv, no span id", () => {
  const facts = spanFacts(publishedRecord());
  assert.deepEqual([facts.returncode, facts.argv, facts.spanId, facts.toolName], [undefined, null, null, "pytest"]);
  assert.equal(facts.stdout.kept, 8192);
});

test("tool_name defaults to the basename of argv[0]; a failure in a preview is no success", () => {
  const facts = spanFacts(completeSpan({ tool_name: undefined, argv: ["/usr/bin/make", "all"], preview_stdout: "error: no rule\n" }));
  assert.equal(facts.toolName, "make");
  assert.equal(facts.looksLikeSuccess, true, "ok_preview true still looks like success");
  assert.equal(spanFacts(completeSpan({ ok_preview: false, preview_stdout: "1 failed, 3 passed\n" })).looksLikeSuccess, false);
});

test("wrong types read as unknown, never as figures", () => {
  const facts = spanFacts({ span_type: "tool", stdout_bytes: "24118", returncode: 1.5, argv: ["a", 1], ok_preview: "yes" });
  assert.deepEqual([facts.stdout.bytes, facts.returncode, facts.argv, facts.okPreview], [undefined, undefined, null, undefined]);
});

test("binary when the span or either stream says so", () => {
  assert.equal(spanFacts(completeSpan({ encoding: "binary" })).binary, true);
  assert.equal(spanFacts(completeSpan({ stderr_encoding: "binary" })).binary, true);
  assert.equal(spanFacts(completeSpan()).binary, false);
});
