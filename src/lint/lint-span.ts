// Runs the span rules on one tool span, wherever it was read from: a JSONL line or a span of an OTLP request.
import { toFinding, type Finding } from "./finding.js";
import type { Report, Severity, SpanIdentity, SpanRule } from "./rule.js";
import type { SpanObject } from "../contract/span-fields.js";
import { spanView } from "../contract/span-fields.js";

/** A span rule with the severity it runs at after configuration. */
export interface ActiveRule {
  rule: SpanRule;
  severity: Severity;
}

/** Where a range's lint results go, line after line. */
export interface LintSink {
  findings: Finding[];
  identities: SpanIdentity[];
}

/** Runs every span rule on one tool span and records its identity for the file-level rules. */
export function lintSpanInto(sink: LintSink, span: SpanObject, line: number, rules: readonly ActiveRule[], trace?: SpanIdentity["trace"]): void {
  const view = spanView(span);
  // One reporter for all rules (not a closure per rule per span): the loop sets whose turn it is.
  let current = rules[0]!;
  const report = (found: Report): void => {
    sink.findings.push(toFinding(line, current.rule.id, current.severity, current.rule.messages, found, trace));
  };
  for (const active of rules) {
    current = active;
    active.rule.check(view, report);
  }
  const identity: SpanIdentity = {
    line,
    runId: typeof span.run_id === "string" ? span.run_id : null,
    spanId: typeof span.span_id === "string" ? span.span_id : null,
  };
  if (trace) identity.trace = trace;
  sink.identities.push(identity);
}
