// What a row of the decision table is: wording and rank as data, plus two small pure functions of a span's facts.
import type { Finding } from "../lint/lint-line.js";
import type { SpanFacts } from "./facts.js";
import type { RowId } from "./row-ids.js";

/** A line's lint result as rows read it: the rule ids by severity, and the findings for their messages. */
export interface SpanLint {
  /** Rule ids with an error finding, sorted, each once. */
  errors: readonly string[];
  /** Rule ids with a warning finding, sorted, each once. */
  warnings: readonly string[];
  findings: readonly Finding[];
}

/** One row of the decision table. */
export interface TriageRow {
  /** Stable, kebab-case: what `--format jsonl` prints as `row`. */
  id: RowId;
  /** The observation in the table's words (CONTRACT.md's, for its five rows). */
  observation: string;
  /** What to do first. */
  firstAction: string;
  /** The tempting action that must not come first. */
  notFirst: string;
  /** How misleading a span of this row is: 1 is the most; a span is ordered by its lowest. */
  misleading: number;
  /** True for the rows CONTRACT.md's table has; false for the rows toolspan adds. */
  contract: boolean;
  /** The first action re-runs the span's argv: the text output names the `toolspan rerun` command, and a rerun
   * that verifies the streams answers the row. */
  rerun: boolean;
  /** The row tells how to read the span, not that something is wrong with it: it never keeps a span open. */
  advice: boolean;
  /** This row's section of the triage docs, relative to the package root. */
  docs: string;
  /** Whether the row applies to a span with these facts and lint findings. */
  selects(facts: SpanFacts, lint: SpanLint): boolean;
  /** The observation in the span's own figures, e.g. `stdout clipped: kept 8192 of 24118 bytes, returncode 0`. */
  observe(facts: SpanFacts, lint: SpanLint): string;
}
