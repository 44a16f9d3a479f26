// One parsed line in the other format: a toolspan record as a one-span OTLP request, an OTLP request as the
// records its spans carry. Lines already in the target format pass through.
import { jsonText } from "../safe-text.js";
import { requestFromRecord } from "./request-from-record.js";
import { isOtlpRequest, spansFromRequest } from "./spans-from-line.js";

/** The two formats `toolspan convert` writes. */
export const CONVERT_TARGETS = ["otlp", "jsonl"] as const;
export type ConvertTarget = (typeof CONVERT_TARGETS)[number];

/** The lines (without newlines) that stand for `value` in `to`; null for a value that is neither format. Controls,
 * bidi controls and separators in strings are written as `\uXXXX` escapes: the same values to a parser, and nothing
 * a terminal acts on when the output is read there. */
export function convertValue(value: unknown, to: ConvertTarget, scopeVersion: string): string[] | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const object = value as Record<string, unknown>;
  const otlp = isOtlpRequest(object);
  if (to === "otlp") return [jsonText(otlp ? object : requestFromRecord(object, scopeVersion))];
  if (!otlp) return [jsonText(object)];
  return spansFromRequest(object).flatMap((span) => (span.record === null ? [] : [jsonText(span.record)]));
}
