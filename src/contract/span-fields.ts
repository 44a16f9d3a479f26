// Reads an untrusted span's figures with their contract types, or undefined when absent or of the wrong type,
// so that each invariant rule speaks only about keys it can trust (wrong types are invalid-type's finding).
import { DEFAULT_HASH_WINDOW, DEFAULT_PREVIEW_CHARS } from "./constants.js";
import type { StreamName } from "./span.js";
import { isTranscriptSpan } from "./transcript-span.js";

/** A parsed line: any JSON object, trusted in nothing. */
export type SpanObject = Record<string, unknown>;

// A table lookup per character beats a regular expression's per-call set-up for a 64-character string, and
// one span repeats its hashes (a complete stream's sha256, stream and kept hashes are one value) across rules:
// the last valid hash is remembered.
const HEX_DIGIT = new Uint8Array(128);
for (const digit of "0123456789abcdef") HEX_DIGIT[digit.charCodeAt(0)] = 1;
let lastValidHash = "";

/** 64 lowercase hex characters. */
export function isHash(value: unknown): boolean {
  if (typeof value !== "string" || value.length !== 64) return false;
  if (value === lastValidHash) return true;
  for (let i = 0; i < 64; i++) {
    const code = value.charCodeAt(i);
    if (code > 0x66 || HEX_DIGIT[code] !== 1) return false;
  }
  lastValidHash = value;
  return true;
}

export const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** One stream's figures, each undefined unless present with the right type. */
export interface StreamFields {
  stream: StreamName;
  bytes: number | undefined;
  /** null = no cap. */
  cap: number | null | undefined;
  truncated: boolean | undefined;
  /** null = stated absent; undefined = key missing or of the wrong type. */
  sha256: string | null | undefined;
  headSha256: string | null | undefined;
  tailSha256: string | null | undefined;
  preview: string | undefined;
  encoding: "utf-8" | "binary" | undefined;
  /** The flag as written, whatever its type (for messages). */
  truncatedValue: unknown;
  /** Whether `{stream}_sha256` is a key of the record at all. */
  hasSha256Key: boolean;
}

function hashOrNull(value: unknown): string | null | undefined {
  if (value === null) return null;
  return typeof value === "string" ? value : undefined;
}

// Every key is spelled out, one branch per stream: a literal key is a named property load, which V8 serves from
// its inline caches; a key held in a variable is a keyed load, about 2.5x slower on the many shapes a trace's
// records take (measured over 50k generated spans: 9 ms against 23 ms).
// In a transcript span, a clipped stream's null cap is one the transcript cannot state, not "no cap": it is read
// as unknown.
export function streamFields(span: SpanObject, stream: StreamName, transcript = isTranscriptSpan(span)): StreamFields {
  const out = stream === "stdout";
  const bytes = out ? span["stdout_bytes"] : span["stderr_bytes"];
  const cap = out ? span["stdout_cap"] : span["stderr_cap"];
  const truncated = out ? span["stdout_truncated"] : span["stderr_truncated"];
  const preview = out ? span["preview_stdout"] : span["preview_stderr"];
  const ownEncoding = out ? span["stdout_encoding"] : span["stderr_encoding"];
  const encoding = ownEncoding === "utf-8" || ownEncoding === "binary" ? ownEncoding : span["encoding"];
  const sha256 = out ? span["stdout_sha256"] : span["stderr_sha256"];
  return {
    stream,
    bytes: isCount(bytes) ? bytes : undefined,
    cap: cap === null ? (transcript && truncated === true ? undefined : null) : isCount(cap) ? cap : undefined,
    truncated: typeof truncated === "boolean" ? truncated : undefined,
    sha256: hashOrNull(sha256),
    headSha256: hashOrNull(out ? span["stdout_head_sha256"] : span["stderr_head_sha256"]),
    tailSha256: hashOrNull(out ? span["stdout_tail_sha256"] : span["stderr_tail_sha256"]),
    preview: typeof preview === "string" ? preview : undefined,
    encoding: encoding === "utf-8" || encoding === "binary" ? encoding : undefined,
    truncatedValue: truncated,
    hasSha256Key: sha256 !== undefined || (out ? "stdout_sha256" in span : "stderr_sha256" in span),
  };
}

/** A span with both streams' figures read once, with their types: what every lint rule and triage fact sees. */
export interface SpanView {
  span: SpanObject;
  streams: readonly [StreamFields, StreamFields];
  /** Converted from a transcript by `toolspan audit`: what it leaves null is unknown (docs/transcript-spans.md). */
  transcript: boolean;
}

/** Both streams read once. */
export function spanView(span: SpanObject): SpanView {
  const transcript = isTranscriptSpan(span);
  return { span, streams: [streamFields(span, "stdout", transcript), streamFields(span, "stderr", transcript)], transcript };
}

/** True when the record's figures say the stream was clipped: the flag if trusted, else bytes over cap. */
export function wasClipped(fields: StreamFields): boolean | undefined {
  if (fields.bytes !== undefined && fields.cap !== undefined) return fields.cap !== null && fields.bytes > fields.cap;
  return fields.truncated;
}

/** The bytes that were kept: min(bytes, cap ?? bytes). */
export function keptBytes(fields: StreamFields): number | undefined {
  if (fields.bytes === undefined || fields.cap === undefined) return undefined;
  return fields.cap === null ? fields.bytes : Math.min(fields.bytes, fields.cap);
}

/** Secrets replaced in the span's argv when it was recorded (`--redact-argv`): such an argv is not what ran. */
export function argvRedactions(span: SpanObject): number {
  return isCount(span.argv_redactions) ? span.argv_redactions : 0;
}

export function hashWindow(span: SpanObject): number {
  const value = span.hash_window;
  return Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : DEFAULT_HASH_WINDOW;
}

export function previewChars(span: SpanObject): number {
  return isCount(span.preview_chars) ? span.preview_chars : DEFAULT_PREVIEW_CHARS;
}

/** UTF-8 byte length of a preview, each U+FFFD counted as one byte: it stands for a byte that was not text. */
export function previewByteLength(preview: string): number {
  let replacements = 0;
  for (let i = preview.indexOf("\uFFFD"); i !== -1; i = preview.indexOf("\uFFFD", i + 1)) replacements++;
  return Buffer.byteLength(preview, "utf8") - 2 * replacements;
}
