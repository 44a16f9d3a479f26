// Triage of a whole run file, streamed: only the spans that need action are held, sorted once at the end.
import type { ReadProgress } from "../formats/jsonl-lines.js";
import type { RunFileItem } from "../formats/run-file/entry.js";
import { readRunFile, refuseTooLong } from "../formats/run-file/read.js";
import type { DocumentNotice } from "../formats/run-file/reader.js";
import type { SpanFacts } from "./facts.js";
import { VERIFIED_VERDICTS } from "../contract/constants.js";
import { activeSpanRules } from "../lint/active-rules.js";
import { defaultSeverities } from "../lint/severities.js";
import { detach, triageItem, type SpanObserver, type TriagedItem, type TriagedSpan, type TriageRules } from "./triage-line.js";

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
  /** With `named` given: the tool spans whose span_id it is, in file order, whether a row applies or not. */
  named?: TriagedSpan[];
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
  /** Also keep, in `named`, the tool spans whose span_id is this (debug --span). */
  named?: string;
  /** Hears of every item as it is triaged, in file order: its span-rule findings, and its span when one is kept
   * (debug lints and finds the spans it reruns in the same read). */
  onItem?: (item: RunFileItem, triaged: TriagedItem) => void;
  /** Told when the file is one pretty-printed document, before its items (see run-file/reader.ts). */
  onDocument?: DocumentNotice;
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
  const rules: TriageRules = { ...triageRules(), observe, named: options.named };
  const result: TriageResult = { file: path, lines: 0, toolSpans: 0, notSpans: 0, spans: [], flagged: 0, settled: 0 };
  if (options.named !== undefined) result.named = [];
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
  const read = await readRunFile(
    path,
    (item) => {
      // Triage needs every line: one too long to read makes the file unreadable, named with its line.
      refuseTooLong(path, item);
      const triaged = triageItem(item, rules);
      if (triaged.kind === "tool") result.toolSpans++;
      else if (triaged.kind === "not-a-span") result.notSpans++;
      const span = triaged.span;
      if (span !== null) {
        if (result.named !== undefined && span.isSpan && span.spanId === options.named) result.named.push(span);
        if (span.matches.length > 0) add(span);
      }
      options.onItem?.(item, triaged);
    },
    { onProgress: options.onProgress, onDocument: options.onDocument },
  );
  result.lines = read.lines;
  result.spans.sort(byMisleading);
  reruns.link(path, result.spans);
  result.settled = candidates.filter((c) => verifiedRerun(reruns.of(path, c.spanId, c.line)) !== null).length;
  return result;
}
