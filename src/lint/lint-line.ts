// Lints one line, or one parsed span, on its own: the entry points for a caller holding a single span rather than
// a run file (lint-range.ts reads files).
import { lineItems, valueItems } from "../formats/run-file/items.js";
import { activeSpanRules } from "./active-rules.js";
import { toFinding, type Finding } from "./finding.js";
import { lintItemInto } from "./lint-item.js";
import type { ActiveRule, LintSink } from "./lint-span.js";
import type { Severity, SpanIdentity } from "./rule.js";
import { defaultSeverities, type Severities } from "./severities.js";

export { toFinding, type ActiveRule, type Finding, type LintSink };

/** Findings for one line, and the ids file-level rules need (null when it is not a tool span; the first span's
 * for an OTLP line). */
export function lintLine(
  text: string,
  line: number,
  rules: readonly ActiveRule[],
  invalidJsonSeverity: Severity | "off",
): { findings: Finding[]; identity: SpanIdentity | null } {
  const sink: LintSink = { findings: [], identities: [] };
  lineItems(text, line, (item) => lintItemInto(sink, item, rules, invalidJsonSeverity));
  return { findings: sink.findings, identity: sink.identities[0] ?? null };
}

let defaults: ReturnType<typeof activeSpanRules> | undefined;

/** The span rules' findings for one parsed span (a toolspan record, or an OTLP request's spans), as on line 1 of
 * a run file; `severities` as a configuration gives them (default: every rule at its own). */
export function lintSpan(span: unknown, severities?: Severities): Finding[] {
  const { rules, invalidJson } = severities === undefined ? (defaults ??= activeSpanRules(defaultSeverities())) : activeSpanRules(severities);
  const sink: LintSink = { findings: [], identities: [] };
  valueItems(span, 1, (item) => lintItemInto(sink, item, rules, invalidJson));
  return sink.findings;
}
