// Which rows apply to one line: the table is read in order, each row's predicate asked.
import type { Finding } from "../lint/lint-line.js";
import type { SpanFacts } from "./facts.js";
import type { SpanLint, TriageRow } from "./row.js";
import { TRIAGE_TABLE } from "./table.js";

/** One row that applies to a span, with its observation in the span's own figures. */
export interface TriageMatch {
  row: TriageRow;
  observation: string;
}

/** A line's findings sorted into the rule ids rows select on. */
export function spanLint(findings: readonly Finding[]): SpanLint {
  const errors = new Set<string>();
  const warnings = new Set<string>();
  for (const finding of findings) (finding.severity === "error" ? errors : warnings).add(finding.rule);
  return { errors: [...errors].sort(), warnings: [...warnings].sort(), findings };
}

/** The rows that select this span, most misleading first. */
export function matchRows(facts: SpanFacts, lint: SpanLint, table: readonly TriageRow[] = TRIAGE_TABLE): TriageMatch[] {
  const matches: TriageMatch[] = [];
  for (const row of table) if (row.selects(facts, lint)) matches.push({ row, observation: row.observe(facts, lint) });
  return matches.sort((a, b) => a.row.misleading - b.row.misleading);
}
