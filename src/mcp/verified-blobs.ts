// Which blobs of the session's spans are known to hold the stream their span describes, so that a read of a range
// reads only that range: a blob is verified once, when it is written (hashed as it was read from the command) or by
// a whole read, and again whenever the file is no longer the one verified (device, inode, size, modification or
// change time differ: any write or replacement changes the change time).
//
// A file's times are stamped from a coarse clock (a few milliseconds a tick), so a write in the same tick as the
// look that was remembered leaves the signature as it was. As Git does with "racily clean" index entries, a signature
// is trusted only once the file system's own clock has moved past the file's change time before the file was looked
// at: any later write then stamps a later change time.
import { open, stat, unlink } from "node:fs/promises";
import { join } from "node:path";
import type { StreamName } from "../contract/span.js";
import { isHash, type SpanObject } from "../contract/span-fields.js";
import { blobHex, blobPath, newTempName, tempDir } from "../store/blob-path.js";
import { BlobProblem, verifyBlob, type VerifiedBlob } from "../store/verify-blob.js";

// Blobs remembered at most; past this the oldest are verified again when read.
const REMEMBERED = 10_000;
// How long to wait for the clock to tick past a change time; a file system whose times are this coarse (seconds)
// gets no remembered blobs, and each read verifies the whole blob.
const CLOCK_WAIT_MS = 50;

type FileInfo = Awaited<ReturnType<typeof statBig>>;
const statBig = (path: string) => stat(path, { bigint: true });
const signatureOf = (info: FileInfo): string => `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;

async function signature(path: string): Promise<string | null> {
  try {
    return signatureOf(await statBig(path));
  } catch {
    return null;
  }
}

// The file system's clock now: the change time of a file created for the purpose in the store's tmp folder.
async function fileSystemNow(dir: string): Promise<bigint | null> {
  const probe = join(tempDir(dir), newTempName());
  try {
    const handle = await open(probe, "wx");
    try {
      return (await handle.stat({ bigint: true })).ctimeNs;
    } finally {
      await handle.close();
      await unlink(probe);
    }
  } catch {
    return null;
  }
}

// The signature of `path` once no later write can leave it unchanged; null when the clock does not move past the
// file's change time in time (or the file cannot be looked at).
async function settledSignature(dir: string, path: string): Promise<string | null> {
  const deadline = Date.now() + CLOCK_WAIT_MS;
  for (;;) {
    const now = await fileSystemNow(dir);
    if (now === null) return null;
    let info: FileInfo;
    try {
      info = await statBig(path);
    } catch {
      return null;
    }
    if (now > info.ctimeNs) return signatureOf(info);
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 1));
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
    const settled = await settledSignature(this.dir, path);
    if (settled !== null) this.remember(path, { signature: settled, sha256: hex, bytes });
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
    // Looked at before it is hashed, so that a write while it is read is not remembered as verified.
    const settled = path === null ? null : await settledSignature(this.dir, path);
    const blob = await verifyBlob(span, stream, this.dir);
    if (settled !== null && (await signature(blob.path)) === settled) this.remember(blob.path, { signature: settled, sha256: hex!, bytes: blob.bytes });
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
