// One run-file item in the other format: a toolspan record as a one-span OTLP request, an OTLP request as the
// records its spans carry. Items already in the target format pass through.
import type { RunFileItem } from "../run-file/entry.js";
import { valueItems } from "../run-file/items.js";
import { jsonText } from "../safe-text.js";
import { requestFromRecord } from "./request-from-record.js";

/** The two formats `toolspan convert` writes. */
export const CONVERT_TARGETS = ["otlp", "jsonl"] as const;
export type ConvertTarget = (typeof CONVERT_TARGETS)[number];

/** The lines (without newlines) that stand for `item` in `to`, none for an item the target leaves out (an OTLP
 * request's spans in otlp, which passes the request whole; a span without a record in jsonl); null for an item
 * that is neither format. Controls, bidi controls and separators in strings are written as `\uXXXX` escapes: the
 * same values to a parser, and nothing a terminal acts on when the output is read there. */
export function convertItem(item: RunFileItem, to: ConvertTarget, scopeVersion: string): string[] | null {
  switch (item.kind) {
    case "record":
      return [jsonText(to === "otlp" ? requestFromRecord(item.record, scopeVersion) : item.record)];
    case "otlpRequest":
      return to === "otlp" ? [jsonText(item.request)] : [];
    case "otlpSpan":
      return to === "jsonl" && item.span.record !== null ? [jsonText(item.span.record)] : [];
    default:
      return null;
  }
}

/** The lines that stand for a parsed value in `to`; null for a value that is neither format. */
export function convertValue(value: unknown, to: ConvertTarget, scopeVersion: string): string[] | null {
  let lines: string[] | null = [];
  valueItems(value, 1, (item) => {
    const converted = convertItem(item, to, scopeVersion);
    if (converted === null) lines = null;
    else lines?.push(...converted);
  });
  return lines;
}
