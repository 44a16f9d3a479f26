// Which blobs of the session's spans are known to hold the stream their span describes, so that a read of a range
// reads only that range: a blob is verified once, when it is written (hashed as it was read from the command) or by
// a whole read, and again whenever the file is no longer the one verified (device, inode, size, modification or
// change time differ: any write or replacement changes the change time).
import { stat } from "node:fs/promises";
import type { StreamName } from "../contract/span.js";
import { isHash, type SpanObject } from "../contract/span-fields.js";
import { blobHex, blobPath } from "../store/blob-path.js";
import { BlobProblem, verifyBlob, type VerifiedBlob } from "../store/verify-blob.js";

// Blobs remembered at most; past this the oldest are verified again when read.
const REMEMBERED = 10_000;

async function signature(path: string): Promise<string | null> {
  try {
    const info = await stat(path, { bigint: true });
    return `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
  } catch {
    return null;
  }
}

/** The verified blobs of one store. */
export class VerifiedBlobs {
  private readonly known = new Map<string, { signature: string; sha256: string; bytes: number }>();

  constructor(readonly dir: string) {}

  /** Remembers the blob `name` a run has just stored, hashed as it was written (`bytes` long). */
  async written(name: unknown, bytes: number): Promise<void> {
    const hex = blobHex(name);
    if (hex === null) return;
    const path = blobPath(this.dir, hex);
    const now = await signature(path);
    if (now !== null) this.remember(path, { signature: now, sha256: hex, bytes });
  }

  /** The blob of `stream`, verified against the span (BlobProblem naming the file when it is not the stream). Reads
   * the whole blob only when it is not known, or changed since it was verified. */
  async verified(span: SpanObject, stream: StreamName): Promise<VerifiedBlob> {
    const hex = blobHex(span[`${stream}_blob`]);
    const path = hex === null ? null : blobPath(this.dir, hex);
    const known = path === null ? undefined : this.known.get(path);
    if (path !== null && known !== undefined && (await signature(path)) === known.signature) {
      const expected = [hex, span[`${stream}_stream_sha256`], span[`${stream}_sha256`]].filter(isHash);
      const bytes = span[`${stream}_bytes`];
      if (expected.every((sha256) => sha256 === known.sha256) && (bytes === undefined || bytes === known.bytes)) return { path, bytes: known.bytes };
    }
    const blob = await verifyBlob(span, stream, this.dir);
    const now = await signature(blob.path);
    if (now !== null) this.remember(blob.path, { signature: now, sha256: hex!, bytes: blob.bytes });
    return blob;
  }

  /** Throws BlobProblem when the blob changed after it was verified (while a range of it was being read). */
  async assertUnchanged(blob: VerifiedBlob): Promise<void> {
    const known = this.known.get(blob.path);
    if (known === undefined || (await signature(blob.path)) !== known.signature) {
      this.known.delete(blob.path);
      throw new BlobProblem("tampered", `blob ${blob.path} changed while it was read: ask again to verify it anew`);
    }
  }

  private remember(path: string, entry: { signature: string; sha256: string; bytes: number }): void {
    this.known.delete(path);
    this.known.set(path, entry);
    if (this.known.size > REMEMBERED) this.known.delete(this.known.keys().next().value!);
  }
}
