// Finds a span's blob in a store and proves it is the stream the span describes before anyone reads it.
import { stat } from "node:fs/promises";
import type { StreamName } from "../contract/span.js";
import type { SpanObject } from "../contract/span-fields.js";
import { isCount, isHash } from "../contract/span-fields.js";
import { blobHex, blobPath } from "./blob-path.js";
import { hashFile } from "./hash-file.js";
import { ToolspanError } from "../util/errors.js";

/** Why a blob cannot be read: the span names none, the store does not have it, or its bytes are not the stream. */
export class BlobProblem extends ToolspanError {
  constructor(
    readonly kind: "none" | "missing" | "tampered",
    message: string,
  ) {
    super(message);
    this.name = "BlobProblem";
  }
}

/** A blob whose sha256 and length were checked against the span. */
export interface VerifiedBlob {
  path: string;
  bytes: number;
}

/** The blob of `stream`, verified: its sha256 equals its name and the span's `{s}_stream_sha256` (and the published example's
 * `{s}_sha256` when present), its length the span's `{s}_bytes`. Rejects with BlobProblem naming the file.
 * `onChunk` sees the blob's bytes as they are hashed (trust them only once this resolves). */
export async function verifyBlob(span: SpanObject, stream: StreamName, dir: string, onChunk?: (chunk: Buffer) => void): Promise<VerifiedBlob> {
  const name = span[`${stream}_blob`];
  const hex = blobHex(name);
  if (hex === null) {
    const why = span[`${stream}_blob_error`];
    const reason = typeof why === "string" ? ` (${why})` : name === null || name === undefined ? "" : ` (${JSON.stringify(name)} is not sha256:<hex>)`;
    throw new BlobProblem("none", `the span has no ${stream} blob${reason}`);
  }
  const path = blobPath(dir, hex);
  try {
    await stat(path);
  } catch (error) {
    throw new BlobProblem("missing", `blob ${name} is missing: ${path} (${(error as NodeJS.ErrnoException).code})`);
  }
  const actual = await hashFile(path, onChunk);
  const expected = [hex, span[`${stream}_stream_sha256`], span[`${stream}_sha256`]].filter(isHash);
  const wrong = expected.find((sha256) => sha256 !== actual.sha256);
  if (wrong !== undefined) {
    throw new BlobProblem("tampered", `blob ${path} is damaged or tampered: its sha256 is ${actual.sha256}, the span says ${wrong}`);
  }
  const bytes = span[`${stream}_bytes`];
  if (isCount(bytes) && bytes !== actual.bytes) {
    throw new BlobProblem("tampered", `blob ${path} holds ${actual.bytes} bytes, the span says ${stream}_bytes ${bytes}`);
  }
  return { path, bytes: actual.bytes };
}
