// Lints one item of a run file: a tool span's record against the span rules, another writer's OTLP span by the
// rules that read those, a line that is not a JSON object (or too long to read) as one invalid-json finding.
import type { RunFileItem } from "../formats/run-file/entry.js";
import { toFinding } from "./finding.js";
import { lintOtlpSpanInto } from "./lint-otlp.js";
import { lintSpanInto, type ActiveRule, type LintSink } from "./lint-span.js";
import type { Report, Severity } from "./rule.js";
import type { SpanObject } from "../contract/span-fields.js";
import { invalidJson } from "./rules/invalid-json.js";

const kindOf = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/** Appends the item's findings (and a tool span's identity, for the file-level rules) to `sink`: a clean span
 * allocates nothing of its own. */
export function lintItemInto(sink: LintSink, item: RunFileItem, rules: readonly ActiveRule[], invalidJsonSeverity: Severity | "off"): void {
  switch (item.kind) {
    case "record":
      if (item.record.span_type === "tool") lintSpanInto(sink, item.record as SpanObject, item.line, rules);
      return;
    case "otlpSpan":
      lintOtlpSpanInto(sink, item.span, item.line, rules);
      return;
    case "notJson":
      addInvalidJson(sink, item.line, invalidJsonSeverity, { messageId: "syntax", data: { reason: item.reason } });
      return;
    case "notObject":
      addInvalidJson(sink, item.line, invalidJsonSeverity, { messageId: "notObject", data: { kind: kindOf(item.value) } });
      return;
    case "tooLong": {
      const reason = `longer than ${item.maxLineBytes} bytes, not read (maxLineBytes raises the limit)`;
      addInvalidJson(sink, item.line, invalidJsonSeverity, { messageId: "syntax", data: { reason } });
      return;
    }
    case "otlpRequest":
      // Its spans follow as items of their own.
      return;
  }
}

function addInvalidJson(sink: LintSink, line: number, severity: Severity | "off", report: Report): void {
  if (severity !== "off") sink.findings.push(toFinding(line, invalidJson.id, severity, invalidJson.messages, report));
}
