// Triages single lines and whole files for the triage tests.
import type { SpanObject } from "../../src/contract/span-fields.js";
import { triageRules } from "../../src/triage/triage-file.js";
import { triageLine, type TriagedSpan } from "../../src/triage/triage-line.js";

const RULES = triageRules();

/** The triage of one line (a span object or raw text), as line 1; of an OTLP line, its first tool span's. */
export function triageOne(span: SpanObject | string): TriagedSpan | null {
  const text = typeof span === "string" ? span : JSON.stringify(span);
  return triageLine(text, 1, RULES).span;
}

/** The ids of the rows that apply to one line, most misleading first. */
export const rowsOf = (span: SpanObject | string): string[] => triageOne(span)?.matches.map((match) => match.row.id) ?? [];

/** The observation one row gives for one line, or undefined when the row does not apply. */
export const observationOf = (span: SpanObject | string, row: string): string | undefined =>
  triageOne(span)?.matches.find((match) => match.row.id === row)?.observation;
