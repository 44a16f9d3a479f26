// What a run file is made of, as its readers see it: every consumer (lint, triage, rerun, convert, debug) reads
// these items instead of lines, so a line, an OTLP request and a pretty-printed document are told apart once.
import type { OtlpSpan } from "../otlp/spans-from-line.js";

/** A JSON object that is not an OTLP request: a toolspan record (or another writer's object). */
export interface RecordItem {
  kind: "record";
  line: number;
  record: Record<string, unknown>;
}

/** An OTLP request (`{"resourceSpans":[...]}`); its spans follow as otlpSpan items. Only a reader that passes
 * requests on whole (convert) needs it. */
export interface OtlpRequestItem {
  kind: "otlpRequest";
  line: number;
  request: Record<string, unknown>;
}

/** One span of an OTLP request, at its request's line, or at its spanId's line in a pretty-printed document. */
export interface OtlpSpanItem {
  kind: "otlpSpan";
  line: number;
  span: OtlpSpan;
}

/** A line that is not JSON (blank lines are no item at all). */
export interface NotJsonItem {
  kind: "notJson";
  line: number;
  /** The parser's message, its first line and at most 200 characters. */
  reason: string;
}

/** A line that is JSON but not an object (an array, a string, null, ...). */
export interface NotObjectItem {
  kind: "notObject";
  line: number;
  value: unknown;
}

/** A line longer than the reader's limit, whose bytes were dropped unread. */
export interface TooLongItem {
  kind: "tooLong";
  line: number;
  /** The limit it is longer than. */
  maxLineBytes: number;
}

export type RunFileItem = RecordItem | OtlpRequestItem | OtlpSpanItem | NotJsonItem | NotObjectItem | TooLongItem;

/** Hears of each item in file order; returning STOP (jsonl-lines.ts) ends the read: the rest is not read. */
export type ItemSink = (item: RunFileItem) => boolean | void;
