// Triage for scripts: one JSON object per span and row, in the same order as the text format; no summary.
import type { TriageResult } from "./triage-file.js";
import type { TriagedSpan } from "./triage-line.js";
import { rerunCommand, jsonText } from "../formats/safe-text.js";
import { asksForRerun } from "./next-step.js";

/** The objects of one span, one per row that applies. */
export function spanRecords(file: string, span: TriagedSpan): Record<string, unknown>[] {
  return span.matches.map(({ row, observation }) => ({
    file,
    line: span.line,
    span_id: span.spanId,
    tool_name: span.toolName,
    argv: span.argv,
    row: row.id,
    observation,
    first_action: row.firstAction,
    not_first: row.notFirst,
    rank: row.misleading,
    lint_rules: span.lintRules,
    rerun: row.rerun && asksForRerun(span) ? rerunCommand(file, span.line) : null,
    reruns: span.reruns ?? [],
    verified_by: span.verifiedBy ?? null,
    settled: span.settled === true,
  }));
}

// The jsonl format, a span at a time.
export function* renderJsonl(result: TriageResult): Iterable<string> {
  for (const span of result.spans) yield spanRecords(result.file, span).map((record) => `${jsonText(record)}\n`).join("");
}
