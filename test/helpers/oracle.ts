// A one-shot oracle for the stream meter, written from CONTRACT.md alone: it sees the whole stream at once
// and shares no code with src/meter, so the streaming meter can be checked against it.
import { createHash } from "node:crypto";

export type OracleKeep = "head" | "tail" | "head+tail";

export interface OracleOptions {
  cap: number | null;
  keep: OracleKeep;
  hashWindow: number;
  previewChars: number;
}

export interface OracleMeasure {
  bytes: number;
  cap: number | null;
  truncated: boolean;
  keep: OracleKeep;
  sha256: string | null;
  streamSha256: string;
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
