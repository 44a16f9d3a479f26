// A one-shot oracle for the stream meter, written from CONTRACT.md alone: it sees the whole stream at once
// and shares no code with src/meter, so the streaming meter can be checked against it.
import { createHash } from "node:crypto";
// The normalisation table is the spec here, applied to text one line at a time; the meter applies it to bytes.
import { NORMALIZE_LINE_BYTES, NORMALIZE_MAX_BYTES, normalizeForDiff } from "../../src/meter/normalize.js";

export type OracleKeep = "head" | "tail" | "head+tail";

export interface OracleOptions {
  cap: number | null;
  keep: OracleKeep;
  hashWindow: number;
  previewChars: number;
  /** Past this many bytes there is no normalised hash (default NORMALIZE_MAX_BYTES). */
  normalizeMaxBytes?: number;
}

export interface OracleMeasure {
  bytes: number;
  cap: number | null;
  truncated: boolean;
  keep: OracleKeep;
  sha256: string | null;
  streamSha256: string;
  normalizedSha256: string | null;
  headSha256: string | null;
  tailSha256: string | null;
  keptSha256: string;
  keptBytes: number;
  /** The oracle adds nothing: markers and notices are tested apart. */
  addedBytes: 0;
  encoding: "utf-8" | "binary";
  preview: string;
  /** The oracle never redacts: the meter redacts only when given rules. */
  redactions: 0;
  hashWindow: number;
  previewChars: number;
  kept: Buffer;
}

export function oracleSha256(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** The first `n` bytes (a copy). */
function firstBytes(data: Buffer, n: number): Buffer {
  return Buffer.from(data.subarray(0, Math.max(0, Math.min(n, data.length))));
}

/** The last `n` bytes (a copy). Careful with n = 0: subarray(-0) would be the whole buffer. */
function lastBytes(data: Buffer, n: number): Buffer {
  const take = Math.max(0, Math.min(n, data.length));
  return Buffer.from(data.subarray(data.length - take));
}

/** The bytes a cap and a keep policy keep of the whole stream. */
export function oracleKept(whole: Buffer, cap: number | null, keep: OracleKeep): Buffer {
  if (cap === null || whole.length <= cap) return Buffer.from(whole);
  if (keep === "head") return firstBytes(whole, cap);
  if (keep === "tail") return lastBytes(whole, cap);
  const headPart = Math.ceil(cap / 2);
  return Buffer.concat([firstBytes(whole, headPart), lastBytes(whole, cap - headPart)]);
}

/** Valid UTF-8 as a fatal WHATWG decoder judges it, and no NUL byte. */
export function oracleEncoding(whole: Uint8Array): "utf-8" | "binary" {
  if (whole.includes(0)) return "binary";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(whole);
    return "utf-8";
  } catch {
    return "binary";
  }
}

/** The first `chars` code points of the kept bytes as a lenient decoder shows them, BOM included. */
export function oraclePreview(kept: Uint8Array, chars: number): string {
  const text = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(kept);
  return Array.from(text).slice(0, chars).join("");
}

/** Each line (its newline included) of at most NORMALIZE_LINE_BYTES normalised as text, longer ones as they are. */
export function oracleNormalizedSha256(whole: Buffer, encoding: "utf-8" | "binary", maxBytes = NORMALIZE_MAX_BYTES): string | null {
  if (encoding === "binary" || whole.length > maxBytes) return null;
  const parts: Buffer[] = [];
  let start = 0;
  while (start < whole.length) {
    const newline = whole.indexOf(0x0a, start);
    const end = newline === -1 ? whole.length : newline + 1;
    const line = whole.subarray(start, end);
    parts.push(line.length > NORMALIZE_LINE_BYTES ? line : Buffer.from(normalizeForDiff(line.toString("utf8")), "utf8"));
    start = end;
  }
  return oracleSha256(Buffer.concat(parts));
}

export function oracle(whole: Buffer, options: OracleOptions): OracleMeasure {
  const { cap, keep, hashWindow, previewChars } = options;
  const bytes = whole.length;
  const truncated = cap !== null && bytes > cap;
  const kept = oracleKept(whole, cap, keep);
  const streamSha256 = oracleSha256(whole);
  const encoding = oracleEncoding(whole);
  return {
    bytes,
    cap,
    truncated,
    keep,
    sha256: truncated ? null : streamSha256,
    streamSha256,
    normalizedSha256: oracleNormalizedSha256(whole, encoding, options.normalizeMaxBytes),
    headSha256: bytes === 0 ? null : oracleSha256(firstBytes(whole, hashWindow)),
    tailSha256: bytes === 0 ? null : oracleSha256(lastBytes(whole, hashWindow)),
    keptSha256: oracleSha256(kept),
    keptBytes: kept.length,
    addedBytes: 0,
    encoding,
    preview: encoding === "binary" ? "" : oraclePreview(kept, previewChars),
    redactions: 0,
    hashWindow,
    previewChars,
    kept,
  };
}
