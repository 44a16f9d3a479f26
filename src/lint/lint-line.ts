// Lints one line: parse, pass over spans that are not tool spans, run every active span rule; a line that is
// an OTLP request is linted span by span.
import { isOtlpRequest } from "../formats/otlp/spans-from-line.js";
import { toFinding, type Finding } from "./finding.js";
import { lintOtlpInto } from "./lint-otlp.js";
import { lintSpanInto, type ActiveRule, type LintSink } from "./lint-span.js";
import type { Report, Severity, SpanIdentity } from "./rule.js";
import type { SpanObject } from "../contract/span-fields.js";
import { invalidJson } from "./rules/invalid-json.js";

export { toFinding, type ActiveRule, type Finding, type LintSink };

const kindOf = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/** Findings for one line, and the ids file-level rules need (null when it is not a tool span; the first span's
 * for an OTLP line). */
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
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // A blank line (any white space, a stray BOM included) fails to parse too: it is asked about only here, off
    // the path of the lines that parse.
    if (text.trim() === "") return;
    const reason = error instanceof Error ? error.message.split("\n")[0]!.slice(0, 200) : "unparsable";
    addInvalidJson(sink, line, invalidJsonSeverity, { messageId: "syntax", data: { reason } });
    return;
  }
  lintValueInto(sink, value, line, rules, invalidJsonSeverity);
}

/** A line longer than the reader's limit, whose bytes were dropped: one invalid-json finding that says so. */
export function lintOverlongInto(sink: LintSink, line: number, invalidJsonSeverity: Severity | "off", limit: number): void {
  const reason = `longer than ${limit} bytes, not read (--max-line-bytes raises the limit)`;
  addInvalidJson(sink, line, invalidJsonSeverity, { messageId: "syntax", data: { reason } });
}

/** The part of lintLineInto after parsing: for a value parsed some other way (a whole JSON document). */
export function lintValueInto(
  sink: LintSink,
  value: unknown,
  line: number,
  rules: readonly ActiveRule[],
  invalidJsonSeverity: Severity | "off",
): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    addInvalidJson(sink, line, invalidJsonSeverity, { messageId: "notObject", data: { kind: kindOf(value) } });
    return;
  }
  const span = value as SpanObject;
  if (span.span_type === "tool") lintSpanInto(sink, span, line, rules);
  // A toolspan record always has span_type, so the OTLP test costs nothing on the JSONL path.
  else if (span.span_type === undefined && isOtlpRequest(span)) lintOtlpInto(sink, span, line, rules);
}

function addInvalidJson(sink: LintSink, line: number, severity: Severity | "off", report: Report): void {
  if (severity !== "off") sink.findings.push(toFinding(line, invalidJson.id, severity, invalidJson.messages, report));
}
