// Lints the spans of one OTLP request: a span carrying a toolspan record is checked against the contract like
// a JSONL line; any other span is offered to the rules that read other writers' tool spans.
import { spansFromRequest, type OtlpSpan } from "../formats/otlp/spans-from-line.js";
import { toFinding } from "./finding.js";
import { lintSpanInto, type ActiveRule, type LintSink } from "./lint-span.js";
import type { Report } from "./rule.js";
import type { SpanObject } from "../contract/span-fields.js";

/** `lineOf` places each span on its own line when the request spans many (a pretty-printed document); `spans`,
 * the request's spans when the caller has decoded them already. */
export function lintOtlpInto(
  sink: LintSink,
  request: SpanObject,
  requestLine: number,
  rules: readonly ActiveRule[],
  lineOf?: (span: OtlpSpan) => number,
  spans: readonly OtlpSpan[] = spansFromRequest(request),
): void {
  for (const span of spans) {
    const line = lineOf ? lineOf(span) : requestLine;
    const trace = { traceId: span.traceId, spanId: span.spanId };
    if (span.record !== null) {
      // A record of another span type (an LLM call) is passed over, as on a JSONL line.
      if (span.record.span_type === undefined || span.record.span_type === "tool") lintSpanInto(sink, span.record, line, rules, trace);
      continue;
    }
    for (const { rule, severity } of rules) {
      rule.checkTrace?.(span, (found: Report) => sink.findings.push(toFinding(line, rule.id, severity, rule.messages, found, trace)));
    }
  }
}
