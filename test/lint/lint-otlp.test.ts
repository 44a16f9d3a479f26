// Lint over OTLP/JSON: Collector file-exporter lines and single documents, each finding naming its span.
import assert from "node:assert/strict";
import { test } from "node:test";
import { convertValue } from "../../src/formats/otlp/convert-record.js";
import { runCli } from "../helpers/cli.js";
import { cleanSpan, lintLines, lintPaths, lintText, spanFor, summarize, writeTemp } from "../helpers/lint.js";
import { repoPath } from "../helpers/repo.js";

const asOtlp = (record: Record<string, unknown>): string => convertValue(record, "otlp", "0")![0]!;

test("the official examples/trace.json and a file-exporter style JSONL file lint clean (no tool spans)", async () => {
  const { findings, unreadable, summary } = await lintPaths([repoPath("test/fixtures/otlp/trace.json"), repoPath("test/fixtures/otlp/traces.jsonl")]);
  assert.deepEqual(unreadable, []);
  assert.deepEqual(findings, []);
  assert.equal(summary.lines, 51 + 19);
});

test("a toolspan record inside an OTLP line is checked against the contract; the finding names the span", () => {
  const bad = { ...cleanSpan({ run_id: "c".repeat(32), span_id: "d".repeat(16) }), stdout_truncated: false, ok_preview: false };
  const findings = lintText(asOtlp(bad));
  assert.deepEqual(summarize(findings), summarize(lintText(JSON.stringify(bad))), "the same findings as the JSONL line");
  assert.ok(findings.length > 0);
  for (const finding of findings) {
    assert.equal(finding.traceId, "c".repeat(32));
    assert.equal(finding.spanId, "d".repeat(16));
  }
});

test("intValue as a string and as a number lint alike", () => {
  const line = asOtlp({ ...cleanSpan(), stdout_truncated: false, ok_preview: false });
  const numbers = line.replace(/"intValue":"(-?\d+)"/g, '"intValue":$1');
  assert.notEqual(numbers, line);
  assert.deepEqual(lintText(numbers), lintText(line));
});

test("a pretty-printed document: findings on the line of each span's spanId", async () => {
  const request = JSON.parse(asOtlp({ ...cleanSpan(), stdout_truncated: false, ok_preview: false })) as Record<string, unknown>;
  const path = writeTemp(JSON.stringify(request, null, 2), "trace.json");
  const { findings } = await lintPaths([path]);
  const spanIdLine = JSON.stringify(request, null, 2).split("\n").findIndex((line) => line.includes('"spanId"')) + 1;
  assert.ok(findings.length > 0);
  for (const finding of findings) assert.equal(finding.line, spanIdLine);
});

test("the text format names the span; file rules see OTLP spans too", async () => {
  const span = spanFor({ stdout: Buffer.from("ok\n"), stderr: Buffer.alloc(0), runId: "a".repeat(32), spanId: "b".repeat(16) });
  const path = writeTemp(`${asOtlp(span)}\n${asOtlp(span)}\n`, "dup.jsonl");
  const result = await runCli(["lint", path]);
  assert.equal(
    result.stdout.toString("utf8"),
    `${path}:2: warning duplicate-span-id span_id "${"b".repeat(16)}" was already used on line 1 (span ${"b".repeat(16)})\n0 errors, 1 warning in 1 file (2 lines)\n`,
  );
});

test("an OTLP request with several spans: one finding per span, a plain JSONL line beside it unchanged", async () => {
  const first = JSON.parse(asOtlp({ ...cleanSpan({ span_id: "1".repeat(16) }), ok_preview: true })) as { resourceSpans: { scopeSpans: { spans: unknown[] }[] }[] };
  const second = JSON.parse(asOtlp({ ...cleanSpan({ span_id: "2".repeat(16) }), ok_preview: true })) as typeof first;
  first.resourceSpans[0]!.scopeSpans[0]!.spans.push(second.resourceSpans[0]!.scopeSpans[0]!.spans[0]);
  const { findings } = await lintLines([JSON.stringify(first), cleanSpan()]);
  const okPreview = findings.filter((f) => f.rule === "ok-preview-while-truncated");
  assert.deepEqual(okPreview.map((f) => [f.line, f.spanId]), [[1, "1".repeat(16)], [1, "2".repeat(16)]]);
  assert.ok(findings.every((f) => f.line === 1));
});

test("possible-second-cap names Tempo when the preview is cut to 2048 bytes", () => {
  const span = spanFor({ stdout: Buffer.from("x".repeat(6000)), stderr: Buffer.alloc(0), previewChars: 4096 });
  const cut = { ...span, preview_stdout: "x".repeat(2048) };
  const [finding] = lintText(asOtlp(cut)).filter((f) => f.rule === "possible-second-cap");
  assert.equal(finding?.messageId, "shortPreviewAtLimit");
  assert.match(finding!.message, /Tempo's default max attribute size \(2048 bytes\)/);
});
