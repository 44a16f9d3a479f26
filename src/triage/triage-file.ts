// Triage of a whole run file, streamed: only the spans that need action are held, sorted once at the end.
import { readLines } from "../formats/jsonl-lines.js";
import { activeSpanRules } from "../lint/lint-range.js";
import { defaultSeverities } from "../lint/severities.js";
import { triageLine, type TriagedSpan, type TriageRules } from "./triage-line.js";

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
  /** The lines that need action, most misleading first. */
  spans: TriagedSpan[];
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

// Runs the decision table over every line of a run file; rejects with UnreadableInput when it cannot be read.
export async function triageFile(path: string): Promise<TriageResult> {
  const rules = triageRules();
  const result: TriageResult = { file: path, lines: 0, toolSpans: 0, notSpans: 0, spans: [] };
  await readLines(path, (text, line) => {
    result.lines = line;
    const { kind, span } = triageLine(text, line, rules);
    if (kind === "tool") result.toolSpans++;
    else if (kind === "not-a-span") result.notSpans++;
    if (span !== null) result.spans.push(span);
  });
  result.spans.sort(byMisleading);
  return result;
}
