import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { lintLine } from "../../src/lint/lint-line.js";
import { activeSpanRules } from "../../src/lint/active-rules.js";
import { RULES } from "../../src/lint/rules/index.js";
import { defaultSeverities } from "../../src/lint/severities.js";
import { assertFullSpan } from "../helpers/span.js";
import { cleanSpan, completeSpan, lintSpan, lintText, publishedRecord, summarize } from "../helpers/lint.js";

describe("the test spans", () => {
  test("cleanSpan() is a full toolspan/1 span by the contract's own checks, and lints with zero findings", () => {
    const span = cleanSpan();
    assertFullSpan(span);
    assert.equal(span.stdout_truncated, true, "stdout is clipped");
    assert.equal(span.stderr_truncated, false, "stderr is complete");
    assert.equal(span.preview_stderr, "warning: deprecated option\n");
    assert.deepEqual(lintSpan(span), []);
  });

  test("completeSpan() is a full span with nothing clipped, and lints with zero findings", () => {
    const span = completeSpan();
    assertFullSpan(span);
    assert.equal(span.ok_preview, true);
    assert.deepEqual(lintSpan(span), []);
  });
});

describe("lintLine", () => {
  const { rules, invalidJson } = activeSpanRules(defaultSeverities());

  test("a blank or whitespace-only line is no finding and no span", () => {
    for (const text of ["", "   ", "\t", " \t ", "\uFEFF", "\u00a0", "\f", "\r"]) assert.deepEqual(lintLine(text, 7, rules, invalidJson), { findings: [], identity: null });
  });

  test("spans whose span_type is not \"tool\" are passed over, however broken", () => {
    for (const span of [{ span_type: "llm", stdout_bytes: "x" }, { span_type: "TOOL" }, { stdout_truncated: "yes" }, {}, { span_type: null }]) {
      assert.deepEqual(lintLine(JSON.stringify(span), 3, rules, invalidJson), { findings: [], identity: null });
    }
  });

  test("every finding carries the line number it was given", () => {
    const { findings } = lintLine(JSON.stringify(publishedRecord()), 42, rules, invalidJson);
    assert.ok(findings.length > 0);
    for (const finding of findings) assert.equal(finding.line, 42);
  });

  test("a tool span yields its run_id and span_id for the file rules; non-strings become null", () => {
    assert.deepEqual(lintLine(JSON.stringify(cleanSpan({ run_id: "r", span_id: "s" })), 5, rules, invalidJson).identity, { line: 5, runId: "r", spanId: "s" });
    assert.deepEqual(lintLine(JSON.stringify(cleanSpan({ run_id: 7, span_id: undefined })), 6, rules, invalidJson).identity, { line: 6, runId: null, spanId: null });
  });

  test("invalid-json can be turned off; other severities are applied", () => {
    assert.deepEqual(lintLine("{", 1, rules, "off").findings, []);
    assert.equal(lintLine("{", 1, rules, "warning").findings[0]?.severity, "warning");
    const severities = { ...defaultSeverities(), "ok-preview-while-truncated": "warning" as const, "invalid-hash": "off" as const };
    const findings = lintText(JSON.stringify(publishedRecord()), severities);
    assert.deepEqual(
      findings.filter((f) => f.rule === "ok-preview-while-truncated").map((f) => f.severity),
      ["warning"],
    );
    assert.deepEqual(findings.filter((f) => f.rule === "invalid-hash"), []);
  });

  test("rules run in registry order, so findings of one line come in a stable order", () => {
    const order = RULES.map((rule) => rule.id);
    const findings = lintSpan(publishedRecord({ stdout_bytes: "1", ok_preview: true, returncode: 2 }));
    const positions = findings.map((f) => order.indexOf(f.rule));
    assert.deepEqual(positions, [...positions].sort((a, b) => a - b));
    assert.ok(summarize(findings).length >= 3);
  });
});

describe("lintSpan (src/lint)", () => {
  test("a parsed span lints as its line does: a record, a non-object, an OTLP request's spans", async () => {
    const { lintSpan: lintParsed } = await import("../../src/lint/lint-line.js");
    const { convertValue } = await import("../../src/formats/otlp/convert-record.js");
    const bad = publishedRecord({ stdout_bytes: "1", ok_preview: true, returncode: 2 });
    const otlp = JSON.parse(convertValue(bad, "otlp", "0")![0]!) as unknown;
    for (const value of [cleanSpan(), bad, [1], "text", otlp]) {
      assert.deepEqual(lintParsed(value), lintText(JSON.stringify(value)), JSON.stringify(value).slice(0, 80));
    }
    assert.ok(lintParsed(bad).length >= 3);
    assert.deepEqual(summarize(lintParsed(otlp)), summarize(lintParsed(bad)));
    const off = lintParsed(bad)[0]!.rule;
    assert.deepEqual(lintParsed(bad, { ...defaultSeverities(), [off]: "off" }), lintParsed(bad).filter((finding) => finding.rule !== off));
  });
});
