// Lints one line: parse, pass over spans that are not tool spans, run every active span rule.
import type { StreamName } from "../contract/span.js";
import { formatMessage, type Report, type Severity, type SpanIdentity, type SpanRule } from "./rule.js";
import { invalidJson } from "./rules/invalid-json.js";
import { spanView } from "./span-fields.js";

/** One finding, as every reporter receives it. */
export interface Finding {
  line: number;
  rule: string;
  severity: Severity;
  message: string;
  messageId: string;
  stream?: StreamName;
}

/** A span rule with the severity it runs at after configuration. */
export interface ActiveRule {
  rule: SpanRule;
  severity: Severity;
}

export function toFinding(line: number, ruleId: string, severity: Severity, messages: Record<string, string>, report: Report): Finding {
  const finding: Finding = {
    line,
    rule: ruleId,
    severity,
    messageId: report.messageId,
    message: formatMessage(messages[report.messageId] ?? report.messageId, report.data),
  };
  if (report.stream) finding.stream = report.stream;
  return finding;
}

const kindOf = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/** Where a range's lint results go, line after line. */
export interface LintSink {
  findings: Finding[];
  identities: SpanIdentity[];
}

/** Findings for one line, and the ids file-level rules need (null when it is not a tool span). */
export function lintLine(
  text: string,
  line: number,
  rules: readonly ActiveRule[],
  invalidJsonSeverity: Severity | "off",
): { findings: Finding[]; identity: SpanIdentity | null } {
  const sink: LintSink = { findings: [], identities: [] };
  lintLineInto(sink, text, line, rules, invalidJsonSeverity);
  return { findings: sink.findings, identity: sink.identities[0] ?? null };
}

/** lintLine for the hot path: results are appended to `sink`, so a clean line allocates nothing of its own. */
export function lintLineInto(
  sink: LintSink,
  text: string,
  line: number,
  rules: readonly ActiveRule[],
  invalidJsonSeverity: Severity | "off",
): void {
  // Most lines start with "{": only a line that starts with white space can be blank.
  const first = text.charCodeAt(0);
  if (text.length === 0 || ((first === 0x20 || first === 0x09 || first === 0x0d) && text.trim() === "")) return;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0]!.slice(0, 200) : "unparsable";
    addInvalidJson(sink, line, invalidJsonSeverity, { messageId: "syntax", data: { reason } });
    return;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    addInvalidJson(sink, line, invalidJsonSeverity, { messageId: "notObject", data: { kind: kindOf(value) } });
    return;
  }
  const span = value as Record<string, unknown>;
  if (span.span_type !== "tool") return;
  const view = spanView(span);
  // One reporter for all rules (not a closure per rule per span): the loop sets whose turn it is.
  let current = rules[0]!;
  const report = (found: Report): void => {
    sink.findings.push(toFinding(line, current.rule.id, current.severity, current.rule.messages, found));
  };
  for (const active of rules) {
    current = active;
    active.rule.check(view, report);
  }
  sink.identities.push({
    line,
    runId: typeof span.run_id === "string" ? span.run_id : null,
    spanId: typeof span.span_id === "string" ? span.span_id : null,
  });
}

function addInvalidJson(sink: LintSink, line: number, severity: Severity | "off", report: Report): void {
  if (severity !== "off") sink.findings.push(toFinding(line, invalidJson.id, severity, invalidJson.messages, report));
}
