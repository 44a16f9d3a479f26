// Triage of a whole run file, streamed: only the spans that need action are held, sorted once at the end.
import { readLines, type ReadProgress } from "../formats/jsonl-lines.js";
import type { SpanFacts } from "./facts.js";
import { VERIFIED_VERDICTS } from "../contract/constants.js";
import { activeSpanRules } from "../lint/lint-range.js";
import { defaultSeverities } from "../lint/severities.js";
import { opensDocument } from "../formats/json-document.js";
import { isOtlpRequest } from "../formats/otlp/spans-from-line.js";
import { spanLines } from "../lint/lint-document.js";
import type { SpanObject } from "../contract/span-fields.js";
import { detach, triageLine, triageOtlpRequest, triageValue, type SpanObserver, type TriagedSpan, type TriageRules } from "./triage-line.js";

/** A run file's triage. */
export interface TriageResult {
  /** The path as given ('-' = standard input). */
  file: string;
  /** Lines read, blank ones included. */
  lines: number;
  /** Lines that are tool spans. */
  toolSpans: number;
  /** Lines that are not JSON objects. */
  notSpans: number;
  /** The lines that need action, most misleading first (only the first `keep` of them when a limit is given). */
  spans: TriagedSpan[];
  /** How many lines need action in all, settled ones included. */
  flagged: number;
  /** Of `flagged`, the spans a verified rerun in the same file settled (among the first MAX_SETTLE_CANDIDATES
   * spans whose rows a rerun answers): they need nothing more. */
  settled: number;
}

export interface TriageFileOptions {
  /** Hears of every tool span, in file order. */
  observe?: SpanObserver;
  /** Keep only this many of the most misleading spans: memory stays flat however many need action. */
  keep?: number;
  /** Hears of the bytes and lines read, chunk by chunk (a progress display). */
  onProgress?: ReadProgress;
}

/** Most misleading first: the lowest row rank, then a preview that looks like success, then the line. */
export function byMisleading(a: TriagedSpan, b: TriagedSpan): number {
  const rank = a.matches[0]!.row.misleading - b.matches[0]!.row.misleading;
  if (rank !== 0) return rank;
  if (a.looksLikeSuccess !== b.looksLikeSuccess) return a.looksLikeSuccess ? -1 : 1;
  return a.line - b.line;
}

/** The lint rules triage runs: every span rule at its default severity (a config file does not change triage). */
export function triageRules(): TriageRules {
  return activeSpanRules(defaultSeverities());
}

/** Rerun spans remembered to link them to the spans they re-ran; more are not linked (a file of nothing but
 * reruns keeps memory flat). */
export const MAX_RERUNS_LINKED = 10_000;

/** Spans whose every row a rerun answers, remembered (id and line) to count those a verified rerun later in the
 * file settles; past this many, the rest are not counted as settled, so memory stays bounded. */
export const MAX_SETTLE_CANDIDATES = 100_000;

// A rerun row only: a verified rerun answers every row of the span.
const rerunAnswers = (span: TriagedSpan): boolean => span.isSpan && span.matches.every((match) => match.row.rerun);

// Reruns the file holds, by what they re-ran: a `span_id`, or `FILE:LINE` as the rerun was given it.
class RerunIndex {
  private readonly byTarget = new Map<string, { line: number; verdict: string | null }[]>();
  private size = 0;

  add(facts: SpanFacts, line: number): void {
    if (facts.rerunOf === null || this.size >= MAX_RERUNS_LINKED) return;
    this.size++;
    // Copies: the strings may be slices of a line that would otherwise stay in memory (see detach).
    const target = detach(facts.rerunOf);
    const rerun = { line, verdict: facts.rerunVerdict === null ? null : detach(facts.rerunVerdict) };
    const found = this.byTarget.get(target);
    if (found === undefined) this.byTarget.set(target, [rerun]);
    else found.push(rerun);
  }

  /** The reruns of the span with this id at this line (never the span itself). */
  of(file: string, spanId: string | null, line: number): { line: number; verdict: string | null }[] {
    if (this.size === 0) return [];
    const reruns = [...((spanId !== null && this.byTarget.get(spanId)) || []), ...(this.byTarget.get(`${file}:${line}`) ?? [])];
    return reruns.filter((rerun) => rerun.line !== line);
  }

  link(file: string, spans: readonly TriagedSpan[]): void {
    if (this.size === 0) return;
    for (const span of spans) {
      const reruns = this.of(file, span.spanId, span.line);
      if (reruns.length === 0) continue;
      span.reruns = reruns;
      const verified = verifiedRerun(reruns);
      if (verified === null) continue;
      span.verifiedBy = verified;
      span.settled = rerunAnswers(span);
    }
  }
}

function verifiedRerun(reruns: readonly { line: number; verdict: string | null }[]): { line: number; verdict: string } | null {
  const found = reruns.find((rerun) => rerun.verdict !== null && VERIFIED_VERDICTS.includes(rerun.verdict));
  return found === undefined ? null : { line: found.line, verdict: found.verdict! };
}

// Runs the decision table over every line of a run file; rejects with UnreadableInput when it cannot be read.
export async function triageFile(path: string, options: TriageFileOptions = {}): Promise<TriageResult> {
  const reruns = new RerunIndex();
  const observe: SpanObserver = (facts, lint, triaged, line) => {
    reruns.add(facts, line);
    options.observe?.(facts, lint, triaged, line);
  };
  const rules: TriageRules = { ...triageRules(), observe };
  const result: TriageResult = { file: path, lines: 0, toolSpans: 0, notSpans: 0, spans: [], flagged: 0, settled: 0 };
  const keep = options.keep ?? Infinity;
  const candidates: { spanId: string | null; line: number }[] = [];
  let sorted = false;
  const add = (span: TriagedSpan): void => {
    result.flagged++;
    if (candidates.length < MAX_SETTLE_CANDIDATES && rerunAnswers(span)) candidates.push({ spanId: span.spanId, line: span.line });
    if (result.spans.length < keep) {
      result.spans.push(span);
      return;
    }
    // Kept sorted once full: a span more misleading than the last kept one takes its place.
    if (!sorted) {
      result.spans.sort(byMisleading);
      sorted = true;
    }
    if (keep === 0 || byMisleading(span, result.spans[keep - 1]!) >= 0) return;
    let at = keep - 1;
    while (at > 0 && byMisleading(span, result.spans[at - 1]!) < 0) at--;
    result.spans.splice(at, 0, span);
    result.spans.pop();
  };
  const addLine = (text: string, line: number): void => {
    // Each line is parsed once: an OTLP request is triaged span by span, anything else as a record or not a span.
    let value: unknown;
    let parsed = true;
    try {
      value = JSON.parse(text);
    } catch {
      parsed = false;
    }
    if (parsed && isOtlpRequest(value)) {
      addOtlp(result, triageOtlpRequest(value, line, rules), add);
      return;
    }
    const { kind, span } = parsed ? triageValue(value, line, rules) : triageLine(text, line, rules);
    if (kind === "tool") result.toolSpans++;
    else if (kind === "not-a-span") result.notSpans++;
    if (span !== null) add(span);
  };
  // A pretty-printed document (an OTLP example file) is gathered and read whole, as lint does.
  let document: { lines: string[]; first: number } | null = null;
  let seenContent = false;
  await readLines(path, (text, line) => {
    result.lines = line;
    if (document !== null) {
      document.lines.push(text);
      return;
    }
    if (!seenContent && text.trim() !== "") {
      seenContent = true;
      if (opensDocument(text)) {
        document = { lines: [text], first: line };
        return;
      }
    }
    addLine(text, line);
  }, options.onProgress);
  if (document !== null) triageDocument(document, rules, addLine, (otlp) => addOtlp(result, otlp, add));
  result.spans.sort(byMisleading);
  reruns.link(path, result.spans);
  result.settled = candidates.filter((c) => verifiedRerun(reruns.of(path, c.spanId, c.line)) !== null).length;
  return result;
}

function addOtlp(result: TriageResult, otlp: { toolSpans: number; spans: TriagedSpan[] }, add: (span: TriagedSpan) => void): void {
  result.toolSpans += otlp.toolSpans;
  for (const span of otlp.spans) add(span);
}

// A whole OTLP document places each span on the line of its spanId; an indented record is one span.
function triageDocument(
  document: { lines: string[]; first: number },
  rules: TriageRules,
  addLine: (text: string, line: number) => void,
  addRequest: (otlp: { toolSpans: number; spans: TriagedSpan[] }) => void,
): void {
  const text = document.lines.join("\n");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Only a document that does not parse is read line by line.
    document.lines.forEach((line, index) => addLine(line, document.first + index));
    return;
  }
  if (isOtlpRequest(value)) {
    addRequest(triageOtlpRequest(value as SpanObject, document.first, rules, spanLines(document.lines, document.first)));
  } else {
    // An indented record is one span at its first line, as lint reads it.
    addLine(text, document.first);
  }
}
