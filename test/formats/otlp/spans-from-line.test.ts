import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { isOtlpRequest, spansFromLine } from "../../../src/formats/otlp/spans-from-line.js";
import { cleanSpan } from "../../helpers/lint.js";
import { repoPath } from "../../helpers/repo.js";

const fixture = (name: string): string => readFileSync(repoPath(`test/fixtures/otlp/${name}`), "utf8");

test("examples/trace.json: one span, upper-case hex ids normalised, no toolspan record", () => {
  const spans = spansFromLine(JSON.parse(fixture("trace.json")) as Record<string, unknown>);
  assert.deepEqual(spans, [
    { traceId: "5b8efff798038103d269b633813fc60c", spanId: "eee19b7ec3c1b174", name: "I'm a server span", attributes: { "my.span.attr": "some value" }, record: null },
  ]);
});

test("a Collector-style JSONL file: one request a line, base64 ids, enum-name kinds", () => {
  const lines = fixture("traces.jsonl").split("\n").filter((line) => line.trim() !== "");
  assert.equal(lines.length, 19);
  for (const line of lines) {
    const spans = spansFromLine(JSON.parse(line) as Record<string, unknown>);
    assert.equal(spans.length, 1);
    assert.match(spans[0]!.traceId!, /^[0-9a-f]{32}$/);
    assert.match(spans[0]!.spanId!, /^[0-9a-f]{16}$/);
    assert.equal(spans[0]!.record, null);
  }
});

test("a toolspan record is not an OTLP request; legacy instrumentationLibrarySpans are read", () => {
  assert.equal(isOtlpRequest(cleanSpan()), false);
  assert.deepEqual(spansFromLine(cleanSpan()), []);
  const legacy = { resourceSpans: [{ instrumentationLibrarySpans: [{ spans: [{ spanId: "eee19b7ec3c1b174", name: "old" }] }] }] };
  assert.deepEqual(spansFromLine(legacy).map((span) => span.name), ["old"]);
});

test("toolspan.* attributes become the record; a stamped record's absent nullable keys are null", () => {
  const attributes = [
    { key: "toolspan.contract", value: { stringValue: "toolspan/1" } },
    { key: "toolspan.stdout.bytes", value: { intValue: "24118" } },
    { key: "toolspan.stdout.truncated", value: { boolValue: true } },
    { key: "toolspan.stdout.preview", value: { stringValue: "===" } },
    { key: "gen_ai.tool.name", value: { stringValue: "pytest" } },
  ];
  const [span] = spansFromLine({ resourceSpans: [{ scopeSpans: [{ spans: [{ name: "execute_tool pytest", attributes }] }] }] });
  assert.equal(span!.record!.stdout_bytes, 24118);
  assert.equal(span!.record!.stdout_truncated, true);
  assert.equal(span!.record!.preview_stdout, "===");
  assert.equal(span!.record!.stdout_sha256, null);
  assert.equal(span!.record!.returncode, null);
  assert.equal("tool_name" in span!.record!, false, "a key that cannot be null stays absent");
  assert.equal(span!.attributes["gen_ai.tool.name"], "pytest");
});
