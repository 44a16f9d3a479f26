// One renderer per --format, by the name the option takes; each has a form for results and one for the table.
import { renderJsonl } from "./render-jsonl.js";
import { tableJsonl, tableText } from "./render-table.js";
import { renderText } from "./render-text.js";
import type { TriageRow } from "./row.js";
import type { TriageResult } from "./triage-file.js";

export interface TriageRenderer {
  result(result: TriageResult): Iterable<string>;
  table(rows: readonly TriageRow[]): string;
}

export const TRIAGE_RENDERERS: Record<string, TriageRenderer> = {
  text: { result: renderText, table: tableText },
  jsonl: { result: renderJsonl, table: tableJsonl },
};

/** The --format names, the default first. */
export const TRIAGE_FORMATS = Object.keys(TRIAGE_RENDERERS);
