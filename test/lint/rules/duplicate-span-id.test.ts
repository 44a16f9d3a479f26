import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { cleanSpan, findingsOf, jsonl, lintLines, lintPaths, writeTemp } from "../../helpers/lint.js";

const span = (spanId: unknown) => cleanSpan({ span_id: spanId });
const reports = async (lines: Parameters<typeof lintLines>[0]) =>
  findingsOf((await lintLines(lines)).findings, "duplicate-span-id").map((f) => ({ line: f.line, messageId: f.messageId, severity: f.severity, message: f.message }));

describe("duplicate-span-id", () => {
  describe("valid", () => {
    test("distinct span_ids", async () => {
      assert.deepEqual(await reports([span("a"), span("b"), span("c"), span("A"), span("a ")]), []);
    });
    test("spans without a span_id, or with one of the wrong type", async () => {
      assert.deepEqual(await reports([span(undefined), span(undefined), span(1), span(1), span(null)]), []);
    });
    test("a non-tool span may share a tool span's id", async () => {
      assert.deepEqual(await reports([span("a"), { span_type: "llm", span_id: "a" }]), []);
    });
    test("the same id in two files is no repeat", async () => {
      const one = writeTemp(jsonl([span("a")]));
      const two = writeTemp(jsonl([span("a")]));
      assert.deepEqual(findingsOf((await lintPaths([one, two])).findings, "duplicate-span-id"), []);
    });
    test("ten thousand distinct ids: no false repeat", async () => {
      assert.deepEqual(await reports(Array.from({ length: 10_000 }, (_, i) => span(`span-${i}`))), []);
    });
  });

  describe("invalid", () => {
    test("a repeat is reported where it repeats, naming the first line", async () => {
      assert.deepEqual(await reports([span("a"), span("b"), span("a")]), [
        { line: 3, messageId: "repeated", severity: "warning", message: 'span_id "a" was already used on line 1' },
      ]);
    });
    test("every further repeat names the first line", async () => {
      const found = await reports(["", span("x"), "garbage", span("x"), span("x")]);
      assert.deepEqual(found.map((f) => [f.line, f.message]), [
        [4, 'span_id "x" was already used on line 2'],
        [5, 'span_id "x" was already used on line 2'],
      ]);
    });
    test("a repeat far from the first, after many ids", async () => {
      const lines = Array.from({ length: 5000 }, (_, i) => span(`span-${i}`));
      lines.push(span("span-1234"));
      assert.deepEqual((await reports(lines)).map((f) => [f.line, f.message]), [[5001, 'span_id "span-1234" was already used on line 1235']]);
    });
  });
});
