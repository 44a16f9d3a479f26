// Triage of one item of a run file: lint it, read its facts, keep a compact record only when a row applies.
import type { RunFileItem } from "../formats/run-file/entry.js";
import { STOP } from "../formats/jsonl-lines.js";
import { lineItems } from "../formats/run-file/items.js";
import type { OtlpSpan } from "../formats/otlp/spans-from-line.js";
import type { Finding, LintSink } from "../lint/lint-line.js";
import { lintItemInto } from "../lint/lint-item.js";
import type { ActiveRule } from "../lint/lint-span.js";
import type { Severity } from "../lint/rule.js";
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
  /** A transcript span whose result the transcript cannot show (`source.unverifiable`): the loop reruns it too. */
  unknownResult: boolean;
  /** ok_preview true, or previews that show no failure: among equally misleading spans these come first. */
  looksLikeSuccess: boolean;
  /** The OpenTelemetry ids, for a span read from an OTLP request. */
  trace?: { traceId: string | null; spanId: string | null };
  /** Most misleading first; empty only for a span kept because it is `named` (TriageRules). */
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
  /** Tool spans whose span_id is this are triaged even when no row applies (their matches then empty): a span
   * asked for by id (debug --span) is rerun whatever it needs. */
  named?: string;
}

// A string taken from a parsed line may be a slice that keeps the whole line alive; a span held until the end
// of the file keeps fresh copies instead, so memory grows with what is kept, not with the lines it came from.
export const detach = (text: string): string => Buffer.from(text, "utf8").toString("utf8");
const detachOrNull = (text: string | null): string | null => (text === null ? null : detach(text));

/** What one item turned out to be, its span-rule findings (and a tool span's identity), and its span when a
 * row applies. */
export interface TriagedItem {
  kind: LineKind;
  span: TriagedSpan | null;
  lint: LintSink;
}

/** Triages one item of a run file; never throws, whatever it holds. */
export function triageItem(item: RunFileItem, lint: TriageRules): TriagedItem {
  const sink: LintSink = { findings: [], identities: [] };
  lintItemInto(sink, item, lint.rules, lint.invalidJson);
  switch (item.kind) {
    case "record":
      // A record lints as a span (and leaves its identity) only when it is a tool span.
      if (sink.identities.length === 0) return { kind: "blank-or-other", span: null, lint: sink };
      return { kind: "tool", span: triageParsed(item.record as SpanObject, item.line, sink.findings, true, lint), lint: sink };
    case "otlpSpan":
      return { ...triageOtlpSpan(item.span, item.line, sink.findings, lint), lint: sink };
    case "otlpRequest":
      return { kind: "blank-or-other", span: null, lint: sink };
    default: {
      // Not a JSON object (or too long to read): a row of its own, unless invalid-json is off.
      const notASpan = sink.findings.some((finding) => finding.rule === NOT_A_SPAN_RULE);
      return { kind: notASpan ? "not-a-span" : "blank-or-other", span: notASpan ? triageParsed({}, item.line, sink.findings, false, {}) : null, lint: sink };
    }
  }
}

/** Triages one line of a run file; never throws, whatever the text. An OTLP line holds many spans: the first tool
 * span (or line that is not one) is the answer. */
export function triageLine(text: string, line: number, lint: TriageRules): { kind: LineKind; span: TriagedSpan | null } {
  let found: { kind: LineKind; span: TriagedSpan | null } = { kind: "blank-or-other", span: null };
  lineItems(text, line, (item) => {
    const { kind, span } = triageItem(item, lint);
    if (kind === "blank-or-other") return;
    found = { kind, span };
    return STOP;
  });
  return found;
}

// A span with a toolspan record is triaged like a JSONL line; another writer's tool span (one its rules flagged,
// no-io-metadata) by its name.
function triageOtlpSpan(span: OtlpSpan, line: number, findings: readonly Finding[], lint: TriageRules): { kind: LineKind; span: TriagedSpan | null } {
  const record = span.record;
  const isTool = record !== null ? record.span_type === undefined || record.span_type === "tool" : findings.length > 0;
  if (!isTool) return { kind: "blank-or-other", span: null };
  const object: SpanObject = record ?? { tool_name: typeof span.attributes["gen_ai.tool.name"] === "string" ? span.attributes["gen_ai.tool.name"] : span.name };
  return { kind: "tool", span: triageParsed(object, line, findings, true, lint, { traceId: span.traceId, spanId: span.spanId }) };
}

/** The rows for one parsed span (or a line that is not one) with its lint findings; null when none applies (and it
 * is not `named`). */
export function triageParsed(
  object: SpanObject,
  line: number,
  findings: readonly Finding[],
  isSpan: boolean,
  lint: Pick<TriageRules, "observe" | "named">,
  otel?: { traceId: string | null; spanId: string | null },
): TriagedSpan | null {
  const facts = spanFacts(object);
  const sorted = spanLint(findings);
  const matches = matchRows(facts, sorted);
  const named = isSpan && lint.named !== undefined && facts.spanId === lint.named;
  if (matches.length === 0 && !named) {
    lint.observe?.(facts, sorted, null, line);
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
    unknownResult: facts.unverifiable !== null,
    looksLikeSuccess: facts.looksLikeSuccess,
    matches: matches.map(({ row, observation }) => ({ row, observation: detach(observation) })),
  };
  if (otel) span.trace = { traceId: detachOrNull(otel.traceId), spanId: detachOrNull(otel.spanId) };
  lint.observe?.(facts, sorted, matches.length === 0 ? null : span, line);
  return span;
}
