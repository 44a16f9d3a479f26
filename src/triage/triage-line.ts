// Triage of one line: lint it, read its facts, keep a compact record only when a row applies.
import { spansFromRequest, type OtlpSpan } from "../formats/otlp/spans-from-line.js";
import type { ActiveRule, Finding, LintSink } from "../lint/lint-line.js";
import { lintLine, lintValueInto } from "../lint/lint-line.js";
import { lintOtlpInto } from "../lint/lint-otlp.js";
import type { Severity, SpanIdentity } from "../lint/rule.js";
import type { SpanObject } from "../contract/span-fields.js";
import { argvRedactions } from "../contract/span-fields.js";
import { spanFacts, type SpanFacts } from "./facts.js";
import { matchRows, spanLint, type TriageMatch } from "./match.js";
import type { SpanLint } from "./row.js";
import { NOT_A_SPAN_RULE } from "./table.js";

/** A line that needs action: where it is, what ran, and the rows that apply. */
export interface TriagedSpan {
  line: number;
  /** False for a line that is not a JSON object (row `not-a-span`). */
  isSpan: boolean;
  spanId: string | null;
  toolName: string | null;
  argv: readonly string[] | null;
  /** Its argv can be run again: it is known, and no secret in it was replaced when it was recorded. */
  rerunnable: boolean;
  /** Spans of the same file that `toolspan rerun` wrote for this one (`rerun_of`), with what each proved. */
  reruns?: { line: number; verdict: string | null }[];
  /** The first of `reruns` whose verdict verifies the streams (`identical`, `identical-normalized`): no rerun is
   * asked for again. */
  verifiedBy?: { line: number; verdict: string };
  /** Verified by a rerun, and every row that applies is one a rerun answers: nothing is left to do. */
  settled?: boolean;
  /** Every lint rule with a finding on the line, sorted, each once. */
  lintRules: readonly string[];
  /** A stream was clipped (its flag, or bytes over cap): the span the debug loop reruns. */
  clipped: boolean;
  /** ok_preview true, or previews that show no failure: among equally misleading spans these come first. */
  looksLikeSuccess: boolean;
  /** The OpenTelemetry ids, for a span read from an OTLP request. */
  trace?: { traceId: string | null; spanId: string | null };
  /** Most misleading first; never empty. */
  matches: readonly TriageMatch[];
}

/** What one line turned out to be. */
export type LineKind = "blank-or-other" | "tool" | "not-a-span";

/** Hears of every tool span triage reads, whether or not a row applies (the run report's tallies). */
export type SpanObserver = (facts: SpanFacts, lint: SpanLint, triaged: TriagedSpan | null, line: number) => void;

/** The lint rules triage runs (every span rule at its default severity), and who else hears of each span. */
export interface TriageRules {
  rules: readonly ActiveRule[];
  invalidJson: Severity | "off";
  observe?: SpanObserver;
}

// A string taken from a parsed line may be a slice that keeps the whole line alive; a span held until the end
// of the file keeps fresh copies instead, so memory grows with what is kept, not with the lines it came from.
export const detach = (text: string): string => Buffer.from(text, "utf8").toString("utf8");
const detachOrNull = (text: string | null): string | null => (text === null ? null : detach(text));

/** Triages one line of a run file; never throws, whatever the text. An OTLP line holds many spans: see
 * triageOtlpRequest. */
export function triageLine(text: string, line: number, lint: TriageRules): { kind: LineKind; span: TriagedSpan | null } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON, or blank: lint says which.
    const { findings, identity } = lintLine(text, line, lint.rules, lint.invalidJson);
    return triagedLine(findings, identity, {}, line, lint);
  }
  return triageValue(value, line, lint);
}

/** triageLine for a line already parsed (the caller tells OTLP requests apart: see triageOtlpRequest). */
export function triageValue(value: unknown, line: number, lint: TriageRules): { kind: LineKind; span: TriagedSpan | null } {
  const sink: LintSink = { findings: [], identities: [] };
  lintValueInto(sink, value, line, lint.rules, lint.invalidJson);
  return triagedLine(sink.findings, sink.identities[0] ?? null, value as SpanObject, line, lint);
}

function triagedLine(
  findings: readonly Finding[],
  identity: SpanIdentity | null,
  object: SpanObject,
  line: number,
  lint: TriageRules,
): { kind: LineKind; span: TriagedSpan | null } {
  const notASpan = identity === null && findings.some((finding) => finding.rule === NOT_A_SPAN_RULE);
  if (identity === null && !notASpan) return { kind: "blank-or-other", span: null };
  return {
    kind: notASpan ? "not-a-span" : "tool",
    span: notASpan ? triageParsed({}, line, findings, false) : triageParsed(object, line, findings, true, undefined, lint.observe),
  };
}

/** The rows for one parsed span (or a line that is not one) with its lint findings; null when none applies. */
export function triageParsed(
  object: SpanObject,
  line: number,
  findings: readonly Finding[],
  isSpan: boolean,
  otel?: { traceId: string | null; spanId: string | null },
  observe?: SpanObserver,
): TriagedSpan | null {
  const facts = spanFacts(object);
  const sorted = spanLint(findings);
  const matches = matchRows(facts, sorted);
  if (matches.length === 0) {
    observe?.(facts, sorted, null, line);
    return null;
  }
  const span: TriagedSpan = {
    line,
    isSpan,
    spanId: detachOrNull(facts.spanId ?? otel?.spanId ?? null),
    toolName: detachOrNull(facts.toolName),
    argv: facts.argv === null ? null : facts.argv.map(detach),
    rerunnable: facts.argv !== null && argvRedactions(object) === 0,
    lintRules: [...new Set([...sorted.errors, ...sorted.warnings])].sort(),
    clipped: facts.stdout.clipped || facts.stderr.clipped,
    looksLikeSuccess: facts.looksLikeSuccess,
    matches: matches.map(({ row, observation }) => ({ row, observation: detach(observation) })),
  };
  if (otel) span.trace = { traceId: detachOrNull(otel.traceId), spanId: detachOrNull(otel.spanId) };
  observe?.(facts, sorted, span, line);
  return span;
}

/** Triages every tool span of an OTLP request: a span with a toolspan record like a JSONL line, another
 * writer's tool span by the rules that read those (no-io-metadata). `lineOf` places spans of a document. */
export function triageOtlpRequest(
  request: SpanObject,
  requestLine: number,
  lint: TriageRules,
  lineOf?: (span: OtlpSpan) => number,
): { toolSpans: number; spans: TriagedSpan[] } {
  // Decoded and placed once, for lint and for the rows alike.
  const spans = spansFromRequest(request);
  const lines = new Map(spans.map((span) => [span, lineOf ? lineOf(span) : requestLine]));
  const sink: LintSink = { findings: [], identities: [] };
  lintOtlpInto(sink, request, requestLine, lint.rules, (span) => lines.get(span)!, spans);
  const findingsOf = new Map<string, Finding[]>();
  for (const finding of sink.findings) {
    const key = `${finding.traceId ?? null}/${finding.spanId ?? null}`;
    const found = findingsOf.get(key);
    if (found === undefined) findingsOf.set(key, [finding]);
    else found.push(finding);
  }
  const result: { toolSpans: number; spans: TriagedSpan[] } = { toolSpans: 0, spans: [] };
  for (const span of spans) {
    const own = findingsOf.get(`${span.traceId}/${span.spanId}`) ?? [];
    const record = span.record;
    const isTool = record !== null ? record.span_type === undefined || record.span_type === "tool" : own.length > 0;
    if (!isTool) continue;
    result.toolSpans++;
    const object: SpanObject = record ?? { tool_name: typeof span.attributes["gen_ai.tool.name"] === "string" ? span.attributes["gen_ai.tool.name"] : span.name };
    const triaged = triageParsed(object, lines.get(span)!, own, true, { traceId: span.traceId, spanId: span.spanId }, lint.observe);
    if (triaged !== null) result.spans.push(triaged);
  }
  return result;
}
