// Checks a span toolspan wrote against CONTRACT.md: every key of both groups, its type, and the invariants.
// The key list is spelled out here from CONTRACT.md, not imported from src/contract, so the two can disagree.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { isAbsolute } from "node:path";
import type { ToolSpan } from "../../src/contract/span.js";
import { oracle } from "./oracle.js";

const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const HEX64 = /^[0-9a-f]{64}$/;
const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

type Check = (value: unknown) => boolean;
const integer: Check = (v) => Number.isSafeInteger(v);
const count: Check = (v) => Number.isSafeInteger(v) && (v as number) >= 0;
const capValue: Check = (v) => v === null || count(v);
const bool: Check = (v) => typeof v === "boolean";
const text: Check = (v) => typeof v === "string";
const textOrNull: Check = (v) => v === null || typeof v === "string";
const hash: Check = (v) => typeof v === "string" && HEX64.test(v);
const hashOrNull: Check = (v) => v === null || hash(v);
const encoding: Check = (v) => v === "utf-8" || v === "binary";
const keep: Check = (v) => v === "head" || v === "tail" || v === "head+tail";
const blob: Check = (v) => v === null || (typeof v === "string" && /^sha256:[0-9a-f]{64}$/.test(v));

/** CONTRACT.md, "Core keys". */
const CORE: Record<string, Check> = {
  span_type: (v) => v === "tool",
  tool_name: text,
  argv: (v) => Array.isArray(v) && v.every((item) => typeof item === "string"),
  cwd: (v) => typeof v === "string" && isAbsolute(v),
  returncode: (v) => v === null || integer(v),
  stdout_bytes: count,
  stderr_bytes: count,
  stdout_cap: capValue,
  stderr_cap: capValue,
  stdout_truncated: bool,
  stderr_truncated: bool,
  stdout_sha256: hashOrNull,
  stderr_sha256: hashOrNull,
  stdout_head_sha256: hashOrNull,
  stdout_tail_sha256: hashOrNull,
  stderr_head_sha256: hashOrNull,
  stderr_tail_sha256: hashOrNull,
  preview_stdout: text,
  preview_stderr: text,
  encoding,
  ok_preview: bool,
};

/** CONTRACT.md, "Our keys". */
const OURS: Record<string, Check> = {
  contract: (v) => v === "toolspan/1",
  run_id: (v) => typeof v === "string" && v.length > 0,
  span_id: (v) => typeof v === "string" && v.length > 0,
  parent_span_id: textOrNull,
  started_at: (v) => typeof v === "string" && RFC3339_UTC.test(v) && !Number.isNaN(Date.parse(v)),
  duration_ms: (v) => typeof v === "number" && Number.isFinite(v) && v >= 0,
  signal: (v) => v === null || (typeof v === "string" && /^SIG[A-Z0-9]+$/.test(v)),
  timed_out: bool,
  stalled: bool,
  error: textOrNull,
  stdout_keep: keep,
  stderr_keep: keep,
  stdout_kept_sha256: hash,
  stderr_kept_sha256: hash,
  stdout_stream_sha256: hash,
  stderr_stream_sha256: hash,
  stdout_encoding: encoding,
  stderr_encoding: encoding,
  hash_window: (v) => Number.isSafeInteger(v) && (v as number) > 0,
  preview_chars: count,
  preview_redactions: count,
  stdout_blob: blob,
  stderr_blob: blob,
  // docs/secrets.md: ours, written always, though not in CONTRACT.md's shared table.
  redaction: (v) => v === "on" || v === "off",
  // docs/rerun.md: ours, written always, though not in CONTRACT.md's shared table.
  normalization: (v) => typeof v === "string" && v.length > 0,
  stdout_normalized_sha256: hashOrNull,
  stderr_normalized_sha256: hashOrNull,
};

/** Keys written only when a blob store was asked for and did not keep the stream (docs/store.md), when toolspan
 * added bytes for the model or wrapped for a harness (docs/harnesses.md), or when a reader went away (docs/wrap.md). */
const SOMETIMES: Record<string, Check> = {
  stdout_blob_error: (v) => typeof v === "string" && v.length > 0,
  stderr_blob_error: (v) => typeof v === "string" && v.length > 0,
  stdout_notice_bytes: (v) => Number.isSafeInteger(v) && (v as number) > 0,
  stderr_notice_bytes: (v) => Number.isSafeInteger(v) && (v as number) > 0,
  harness: (v) => typeof v === "string" && v.length > 0,
  reader_gone: (v) => v === "stdout" || v === "stderr",
  stdout_delivered_bytes: count,
  stderr_delivered_bytes: count,
};

/** Every key the contract lists, both groups. */
export const CONTRACT_KEYS: readonly string[] = [...Object.keys(CORE), ...Object.keys(OURS)];

/** UTF-8 byte length of a preview, counting each U+FFFD as one byte (CONTRACT.md, preview invariant). */
function previewBytes(preview: string): number {
  let total = 0;
  for (const char of preview) total += char === "\uFFFD" ? 1 : Buffer.byteLength(char, "utf8");
  return total;
}

function checkStream(span: ToolSpan, s: "stdout" | "stderr"): void {
  const record = span as unknown as Record<string, unknown>;
  const n = record[`${s}_bytes`] as number;
  const cap = record[`${s}_cap`] as number | null;
  const truncated = record[`${s}_truncated`] as boolean;
  const full = record[`${s}_sha256`] as string | null;
  const stream = record[`${s}_stream_sha256`] as string;
  const head = record[`${s}_head_sha256`] as string | null;
  const tail = record[`${s}_tail_sha256`] as string | null;
  const kept = record[`${s}_kept_sha256`] as string;
  const streamEncoding = record[`${s}_encoding`] as string;
  const preview = record[`preview_${s}`] as string;
  const where = `${s} of span ${span.span_id}`;

  assert.equal(truncated, cap !== null && n > cap, `${where}: truncated must be exactly cap !== null && bytes > cap`);
  assert.equal(full === null, truncated, `${where}: sha256 must be null exactly when clipped`);
  if (!truncated) {
    assert.equal(full, stream, `${where}: sha256 must equal stream_sha256 on an unclipped stream`);
    // Bytes toolspan added (a "cannot run" line) are handed on too: only then do kept and stream differ.
    if (record[`${s}_notice_bytes`] === undefined) assert.equal(kept, stream, `${where}: kept bytes of an unclipped stream are the stream`);
  }
  assert.equal(head === null, n === 0, `${where}: head hash null exactly when the stream is empty`);
  assert.equal(tail === null, n === 0, `${where}: tail hash null exactly when the stream is empty`);
  if (n === 0) assert.equal(stream, EMPTY_SHA256, `${where}: an empty stream hashes to the empty hash`);
  if (n > 0 && n <= span.hash_window) {
    assert.equal(head, stream, `${where}: a stream within the hash window has head hash = stream hash`);
    assert.equal(tail, stream, `${where}: a stream within the hash window has tail hash = stream hash`);
  }
  if (streamEncoding === "binary") assert.equal(preview, "", `${where}: a binary stream has an empty preview`);
  assert.ok([...preview].length <= span.preview_chars, `${where}: preview longer than preview_chars`);
  assert.ok(previewBytes(preview) <= Math.min(n, cap ?? n), `${where}: preview holds more than was kept`);
  const bytes = Buffer.from(preview, "utf8");
  // A redacted preview is not the stream's bytes: only its length limits hold.
  if (span.preview_redactions === 0 && n > 0 && !truncated && streamEncoding === "utf-8" && bytes.length === n) {
    const previewHash = createHash("sha256").update(bytes).digest("hex");
    assert.equal(previewHash, full, `${where}: a preview holding the whole stream must hash to sha256`);
    if (n <= span.hash_window) assert.equal(previewHash, head, `${where}: ... and to the head hash`);
  }
}

/** Asserts that `value` is a complete toolspan/1 tool span as toolspan writes it, and narrows its type. */
export function assertFullSpan(value: unknown): asserts value is ToolSpan {
  assert.ok(typeof value === "object" && value !== null && !Array.isArray(value), "a span is a JSON object");
  const record = value as Record<string, unknown>;
  for (const [key, check] of [...Object.entries(CORE), ...Object.entries(OURS)]) {
    assert.ok(Object.hasOwn(record, key), `span lacks the contract key '${key}'`);
    assert.ok(check(record[key]), `span key '${key}' has a wrong type or value: ${JSON.stringify(record[key])}`);
  }
  for (const [key, check] of Object.entries(SOMETIMES)) {
    if (Object.hasOwn(record, key)) assert.ok(check(record[key]), `span key '${key}' has a wrong type or value`);
  }
  const extra = Object.keys(record).filter((key) => !CONTRACT_KEYS.includes(key) && !Object.hasOwn(SOMETIMES, key));
  assert.deepEqual(extra, [], "span has keys the contract does not list");
  const span = value as unknown as ToolSpan;
  checkStream(span, "stdout");
  checkStream(span, "stderr");
  const binary = span.stdout_encoding === "binary" || span.stderr_encoding === "binary";
  assert.equal(span.encoding, binary ? "binary" : "utf-8", "encoding is binary exactly when either stream is");
  assert.equal(
    span.ok_preview,
    span.returncode === 0 && !span.stdout_truncated && !span.stderr_truncated && !span.timed_out && !span.stalled,
    "ok_preview must be returncode 0 and nothing clipped, timed out or stalled",
  );
  assert.equal(span.returncode === null, span.error !== null, "returncode is null exactly when the command never started");
  if (span.error !== null) {
    assert.equal(span.stdout_bytes + span.stderr_bytes, 0, "a command that never started wrote nothing");
    assert.equal(span.signal, null, "a command that never started was not signalled");
  }
  if (span.signal !== null) assert.ok(span.returncode !== null && span.returncode > 128, "killed by a signal: 128+N");
  assert.notEqual(span.parent_span_id, span.span_id, "a span cannot be its own parent");
}

/** Parses one JSON line and checks it is a complete span. */
export function parseSpan(line: string | Buffer): ToolSpan {
  const text = line.toString();
  assert.ok(!text.trimEnd().includes("\n"), "a span is one line");
  const span: unknown = JSON.parse(text);
  assertFullSpan(span);
  return span;
}

/** What a stream's figures should be, computed by the test oracle from the whole stream. */
export interface StreamExpectation {
  cap: number | null;
  keep?: "head" | "tail" | "head+tail";
  hashWindow?: number;
  previewChars?: number;
}

/** Asserts that a span's figures for one stream equal the oracle's one-shot computation over `whole`. */
export function assertStreamFigures(
  span: ToolSpan,
  stream: "stdout" | "stderr",
  whole: Buffer,
  expected: StreamExpectation,
): void {
  const measure = oracle(whole, {
    cap: expected.cap,
    keep: expected.keep ?? "head",
    hashWindow: expected.hashWindow ?? 256,
    previewChars: expected.previewChars ?? 512,
  });
  const record = span as unknown as Record<string, unknown>;
  const actual = {
    bytes: record[`${stream}_bytes`],
    cap: record[`${stream}_cap`],
    truncated: record[`${stream}_truncated`],
    keep: record[`${stream}_keep`],
    sha256: record[`${stream}_sha256`],
    streamSha256: record[`${stream}_stream_sha256`],
    normalizedSha256: record[`${stream}_normalized_sha256`],
    headSha256: record[`${stream}_head_sha256`],
    tailSha256: record[`${stream}_tail_sha256`],
    keptSha256: record[`${stream}_kept_sha256`],
    encoding: record[`${stream}_encoding`],
    preview: record[`preview_${stream}`],
    hashWindow: span.hash_window,
    previewChars: span.preview_chars,
  };
  const { kept: _kept, keptBytes: _keptBytes, addedBytes: _addedBytes, redactions: _redactions, ...figures } = measure;
  assert.deepEqual(actual, figures, `${stream} figures of ${whole.length} bytes`);
}
