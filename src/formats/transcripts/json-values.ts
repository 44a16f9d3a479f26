// Small readers of untrusted JSON values: transcripts are written by other programs, in many versions.

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const stringOr = (value: unknown, fallback: string | null = null): string | null =>
  typeof value === "string" ? value : fallback;

export const integerOr = (value: unknown): number | undefined => (Number.isSafeInteger(value) ? (value as number) : undefined);

/** A count (a byte or line count: a safe integer, 0 or more), else undefined: a transcript's -1 is no size. */
export const countOr = (value: unknown): number | undefined => (Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined);

/** The text of a content value: a string, or a list of parts whose `text` fields are joined. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part) => (isObject(part) ? (stringOr(part.text) ?? "") : "")).join("\n");
  if (isObject(content)) return stringOr(content.text) ?? "";
  return "";
}

// A line that does not parse is text a program printed among the records (the OpenHands CLI's terminal warnings
// above its `--headless --json` events, a log line "2026-01-01 12:00:00 WARNING …" or "[INFO] …"), not a torn
// record, where it neither opens as an object or a list does ({, or [ then a value or its end) nor holds a key
// ("name": ), which any piece of a torn record long enough to matter does.
const OPENS_AS_RECORD = /^\s*(?:\{|\[\s*(?:$|[{["\d-]|true|false|null))/;
const HOLDS_A_KEY = /"\s*:/;
const isText = (text: string): boolean => !OPENS_AS_RECORD.test(text) && !HOLDS_A_KEY.test(text);

/** parseObjectLine's reason for a line of text. */
export const TEXT_LINE = "not JSON: a line of text";

/** Parses one JSON line; a reason instead where it is not a JSON object. */
export function parseObjectLine(text: string): JsonObject | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return isText(text) ? TEXT_LINE : "not JSON (a torn or damaged line)";
  }
  return isObject(value) ? value : "JSON but not an object";
}

/** The JSON object `text` holds, or null (not JSON, or not an object). */
export function parseObject(text: string): JsonObject | null {
  const parsed = parseObjectLine(text);
  return typeof parsed === "string" ? null : parsed;
}
