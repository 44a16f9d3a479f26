// Lints one span of an OTLP request: a span carrying a toolspan record is checked against the contract like a
// JSONL line; any other span is offered to the rules that read other writers' tool spans.
import type { OtlpSpan } from "../formats/otlp/spans-from-line.js";
import { toFinding } from "./finding.js";
import { lintSpanInto, type ActiveRule, type LintSink } from "./lint-span.js";
import type { Report } from "./rule.js";

export function lintOtlpSpanInto(sink: LintSink, span: OtlpSpan, line: number, rules: readonly ActiveRule[]): void {
  const trace = { traceId: span.traceId, spanId: span.spanId };
  if (span.record !== null) {
    // A record of another span type (an LLM call) is passed over, as on a JSONL line.
    if (span.record.span_type === undefined || span.record.span_type === "tool") lintSpanInto(sink, span.record, line, rules, trace);
    return;
  }
  for (const { rule, severity } of rules) {
    rule.checkTrace?.(span, (found: Report) => sink.findings.push(toFinding(line, rule.id, severity, rule.messages, found, trace)));
  }
}
