// One line's text, or one parsed value, as run-file items: the only place a line is parsed and an OTLP request
// told from a record.
import { isOtlpRequest, spansFromRequest, type OtlpSpan } from "../otlp/spans-from-line.js";
import { STOP } from "../jsonl-lines.js";
import type { ItemSink } from "./entry.js";

/** Places each span of a request that spans many lines (a pretty-printed document). */
export type SpanLine = (span: OtlpSpan) => number;

/** Hands on the items of a parsed value at `line`; false once `emit` said STOP. */
export function valueItems(value: unknown, line: number, emit: ItemSink, lineOf?: SpanLine): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return emit({ kind: "notObject", line, value }) !== STOP;
  const object = value as Record<string, unknown>;
  // A toolspan record always has span_type, so the OTLP test costs nothing on the JSONL path.
  if (object.span_type !== undefined || !isOtlpRequest(object)) return emit({ kind: "record", line, record: object }) !== STOP;
  let spans: OtlpSpan[];
  try {
    spans = spansFromRequest(object);
  } catch (error) {
    // JSON.parse takes any depth, decoding attributes does not: a request nested past the stack cannot be read.
    if (!(error instanceof RangeError)) throw error;
    return emit({ kind: "notJson", line, reason: "nested too deeply to read" }) !== STOP;
  }
  if (emit({ kind: "otlpRequest", line, request: object }) === STOP) return false;
  for (const span of spans) {
    if (emit({ kind: "otlpSpan", line: lineOf ? lineOf(span) : line, span }) === STOP) return false;
  }
  return true;
}

/** Hands on the items of one line: none for a blank line; false once `emit` said STOP. */
export function lineItems(text: string, line: number, emit: ItemSink): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // A blank line (any white space, a stray BOM included) fails to parse too: it is asked about only here, off
    // the path of the lines that parse.
    if (text.trim() === "") return true;
    const reason = error instanceof Error ? error.message.split("\n")[0]!.slice(0, 200) : "unparsable";
    return emit({ kind: "notJson", line, reason }) !== STOP;
  }
  return valueItems(value, line, emit);
}
