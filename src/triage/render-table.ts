// `toolspan triage --table`: the decision table itself, as a Markdown table or one JSON object per row.
import type { TriageRow } from "./row.js";

const cell = (text: string): string => text.replace(/\|/g, "\\|");

/** The rows as a Markdown table: row, observation, first action, not the first action. */
export function tableText(rows: readonly TriageRow[]): string {
  const lines = [
    "| row | observation | first action | not the first action |",
    "|---|---|---|---|",
    ...rows.map((row) => `| ${row.id} | ${cell(row.observation)} | ${cell(row.firstAction)} | ${cell(row.notFirst)} |`),
  ];
  return `${lines.join("\n")}\n`;
}

/** The rows as JSONL, for scripts. */
export const tableJsonl = (rows: readonly TriageRow[]): string =>
  rows
    .map((row) =>
      JSON.stringify({
        row: row.id,
        observation: row.observation,
        first_action: row.firstAction,
        not_first: row.notFirst,
        rank: row.misleading,
        contract: row.contract,
        docs: row.docs,
      }),
    )
    .map((line) => `${line}\n`)
    .join("");
