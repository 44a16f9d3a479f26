// The file-level rules (a span_id seen twice, mixed runs, ...) run over the tool spans of a file in line order,
// their findings merged with the span rules' findings as they come by.
import { toFinding, type Finding } from "./finding.js";
import type { LintSink } from "./lint-span.js";
import { isFileRule, type FileRule, type Report, type Severity, type SpanIdentity } from "./rule.js";
import { RULES } from "./rules/index.js";
import type { Severities } from "./severities.js";

/** A file-level rule at its configured severity, with its state for the file being read. */
export interface FileChecker {
  rule: FileRule;
  severity: Severity;
  check: (span: SpanIdentity) => Report[];
}

/** The file-level rules that are on, each started afresh for a new file. */
export function fileCheckers(severities: Severities): FileChecker[] {
  const checkers: FileChecker[] = [];
  for (const rule of RULES) {
    if (!isFileRule(rule)) continue;
    const severity = severities[rule.id] ?? rule.severity;
    if (severity !== "off") checkers.push({ rule, severity, check: rule.start() });
  }
  return checkers;
}

/** One range's span-rule findings, shifted to file line numbers, merged in line order with the file rules'
 * findings on its tool spans. */
export function emitRange(result: LintSink, offset: number, checkers: FileChecker[], emit: (finding: Finding) => void): void {
  let next = 0;
  const flushUpTo = (line: number): void => {
    while (next < result.findings.length && result.findings[next]!.line <= line) {
      const finding = result.findings[next++]!;
      emit({ ...finding, line: finding.line + offset });
    }
  };
  for (const identity of result.identities) {
    flushUpTo(identity.line);
    const line = identity.line + offset;
    for (const { rule, severity, check } of checkers) {
      for (const report of check({ ...identity, line })) emit(toFinding(line, rule.id, severity, rule.messages, report, identity.trace));
    }
  }
  flushUpTo(Infinity);
}
