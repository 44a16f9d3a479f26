import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { cleanSpan, findingsOf, lintLines, lintPaths, jsonl, writeTemp } from "../../helpers/lint.js";

const span = (runId: string | undefined, spanId: string) => cleanSpan({ run_id: runId, span_id: spanId });
const reports = async (lines: Parameters<typeof lintLines>[0]) =>
  findingsOf((await lintLines(lines)).findings, "mixed-runs").map((f) => ({ line: f.line, messageId: f.messageId, severity: f.severity, message: f.message }));

describe("mixed-runs", () => {
  describe("valid", () => {
    test("one run_id throughout", async () => {
      assert.deepEqual(await reports([span("r1", "a"), span("r1", "b"), span("r1", "c")]), []);
    });
    test("spans without a run_id, or with one of the wrong type, are not compared", async () => {
      assert.deepEqual(await reports([span("r1", "a"), span(undefined, "b"), cleanSpan({ run_id: 5, span_id: "c" }), span("r1", "d")]), []);
    });
    test("lines that are not tool spans are passed over", async () => {
      assert.deepEqual(await reports([span("r1", "a"), { span_type: "llm", run_id: "r2" }, "not json", span("r1", "b")]), []);
    });
    test("each file is a run of its own: two files with different run_ids", async () => {
      const one = writeTemp(jsonl([span("r1", "a")]));
      const two = writeTemp(jsonl([span("r2", "b")]));
      assert.deepEqual(findingsOf((await lintPaths([one, two])).findings, "mixed-runs"), []);
    });
  });

  describe("invalid", () => {
    test("a second run_id is reported on its first line, naming the first run and line", async () => {
      assert.deepEqual(await reports([span("r1", "a"), span("r1", "b"), span("r2", "c"), span("r2", "d")]), [
        { line: 3, messageId: "another", severity: "warning", message: 'run_id "r2" differs from "r1" (line 1): one file should hold one agent run' },
      ]);
    });
    test("every further run_id is reported once; the first stays the reference", async () => {
      const found = await reports([{ span_type: "llm" }, span("r1", "a"), span("r2", "b"), span("r3", "c"), span("r2", "d"), span("r1", "e")]);
      assert.deepEqual(found.map((f) => [f.line, f.messageId]), [[3, "another"], [4, "another"]]);
      assert.match(found[1]!.message, /"r3" differs from "r1" \(line 2\)/);
    });
    test("past 1000 run_ids, one tooMany finding and no more", async () => {
      const lines = Array.from({ length: 1100 }, (_, i) => span(`run-${i}`, `s-${i}`));
      const found = await reports(lines);
      assert.equal(found.filter((f) => f.messageId === "another").length, 999);
      assert.deepEqual(found.filter((f) => f.messageId === "tooMany").map((f) => [f.line, f.message]), [
        [1001, "more than 1000 run_ids in this file; further ones are not reported"],
      ]);
      assert.equal(found.length, 1000);
    });
  });
});
