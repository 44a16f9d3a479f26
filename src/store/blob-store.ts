// Keeps a whole stream in a local, content-addressed store as it is read: written to a temporary file at the
// pace the disk takes it, synced, then linked into place under its sha256 only once complete. A killed wrap
// leaves a temporary file, never a partial blob under a final name; two wraps of the same stream end with one.
import { link, open, rename, rm, utimes } from "node:fs/promises";
import { dirname, join } from "node:path";
import { StreamFile } from "./stream-file.js";
import { blobName, blobPath, newTempName, tempDir } from "./blob-path.js";
import { hashFile } from "./hash-file.js";
import { makeFolder } from "../util/make-folder.js";

/** A blob store and its per-stream limit. */
export interface BlobStoreOptions {
  /** The store's folder (created 0700 if absent). */
  dir: string;
  /** Streams longer than this many bytes are not kept (default: no limit). */
  maxBytes?: number | null;
}

/** What became of one stream: kept under `blob`, or not kept and why. */
export type BlobOutcome = { blob: string; error: null } | { blob: null; error: string };

const PRIVATE_DIR = 0o700;

async function syncPath(path: string): Promise<void> {
  const handle = await open(path, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Moves a complete temporary file to its final name, unless an intact blob is there already. A link never
 * replaces a file, so of two writers of one stream the first wins and the second finds it; a damaged copy
 * (its content is not its name) is replaced atomically. */
async function commit(temp: string, final: string, sha256: string): Promise<void> {
  await syncPath(temp);
  makeFolder(dirname(final), PRIVATE_DIR);
  try {
    await link(temp, final);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    if ((await hashFile(final)).sha256 !== sha256) await rename(temp, final);
    // Stored again now: gc reckons a blob's age from its last store.
    else await utimes(final, new Date(), new Date());
  }
  await rm(temp, { force: true });
  await syncPath(dirname(final));
}

/** One stream on its way into the store. `write` is a runTool sink for every byte read (a returned promise
 * pauses the command's pipe); `finish` settles what became of it and never rejects. */
export class BlobWriter {
  private readonly file: StreamFile | null;
  private readonly maxBytes: number | null;
  private bytes = 0;
  private error: string | null = null;

  constructor(private readonly store: BlobStoreOptions) {
    this.maxBytes = store.maxBytes ?? null;
    let file: StreamFile | null = null;
    try {
      makeFolder(tempDir(store.dir), PRIVATE_DIR);
      file = new StreamFile(join(tempDir(store.dir), newTempName()));
    } catch (error) {
      this.error = `cannot store: ${(error as Error).message}`;
    }
    this.file = file;
  }

  write = (chunk: Buffer): Promise<void> | undefined => {
    if (this.error !== null || this.file === null) return undefined;
    this.bytes += chunk.length;
    if (this.maxBytes !== null && this.bytes > this.maxBytes) {
      this.error = `larger than --store-max ${this.maxBytes}`;
      return this.file.discard();
    }
    return this.file.write(chunk);
  };

  /** Completes the blob of a stream whose sha256 is `sha256`, or says why there is none. */
  async finish(sha256: string): Promise<BlobOutcome> {
    const file = this.file;
    if (file !== null && this.error === null) {
      try {
        await file.close();
        await commit(file.path, blobPath(this.store.dir, sha256), sha256);
        return { blob: blobName(sha256), error: null };
      } catch (error) {
        this.error = `cannot store: ${(error as Error).message}`;
      }
    }
    if (file !== null) await file.discard().catch(() => {});
    return { blob: null, error: this.error ?? "cannot store" };
  }
}
