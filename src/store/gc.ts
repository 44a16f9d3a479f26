// Removes what a blob store no longer needs: blobs past their age that no run file names, and temporary files
// a killed wrap left behind.
import { readdir, rm, rmdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { readLines } from "../formats/jsonl-lines.js";
import { tempDir } from "./blob-path.js";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface GcOptions {
  /** Blobs older than this many days (by modification time) may go. */
  keepDays: number;
  /** Hashes some span names: such a blob stays whatever its age. Null: no run files were given, age alone decides. */
  referenced: ReadonlySet<string> | null;
  /** List what would go, remove nothing. */
  dryRun?: boolean;
  /** The present, for tests (default now). */
  now?: number;
}

export interface GcResult {
  /** Blob and temporary file paths removed (or, with dryRun, that would be). */
  removed: string[];
  /** Blobs that stay. */
  kept: number;
}

// A blob's name wherever it stands: a JSONL record's `stdout_blob`, an OTLP attribute `toolspan.stdout.blob`, a line
// of a pretty-printed document. Neither escaping nor encoding can change its characters.
const BLOB_NAME = /sha256:([0-9a-f]{64})(?![0-9a-f])/g;

/** The blob hashes these run files name, in any format a run file comes in (toolspan JSONL, OTLP lines, a
 * pretty-printed document). Any `sha256:<hex>` in a file counts: a blob kept by mistake costs disk, one removed by
 * mistake loses the bytes. Rejects with UnreadableInput for a file that cannot be read. */
export async function referencedBlobs(runFiles: readonly string[]): Promise<Set<string>> {
  const hashes = new Set<string>();
  for (const file of runFiles) {
    await readLines(file, (text) => {
      if (!text.includes("sha256:")) return;
      for (const match of text.matchAll(BLOB_NAME)) hashes.add(match[1]!);
    });
  }
  return hashes;
}

async function entries(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** Sweeps the store at `dir`. A temporary file goes once older than the age limit and a day, so a wrap that is
 * still writing keeps its file. */
export async function collectGarbage(dir: string, options: GcOptions): Promise<GcResult> {
  const now = options.now ?? Date.now();
  const cutoff = now - options.keepDays * DAY_MS;
  const removed: string[] = [];
  let kept = 0;
  const remove = async (path: string): Promise<void> => {
    removed.push(path);
    if (!options.dryRun) await rm(path, { force: true });
  };
  const root = join(dir, "sha256");
  for (const fan of await entries(root)) {
    const folder = join(root, fan);
    for (const rest of await entries(folder)) {
      const path = join(folder, rest);
      const old = (await stat(path)).mtimeMs < cutoff;
      if (old && !options.referenced?.has(`${fan}${rest}`)) await remove(path);
      else kept++;
    }
    if (!options.dryRun) await rmdir(folder).catch(() => {}); // only an empty folder goes
  }
  const tempCutoff = Math.min(cutoff, now - DAY_MS);
  for (const name of await entries(tempDir(dir))) {
    const path = join(tempDir(dir), name);
    if ((await stat(path)).mtimeMs < tempCutoff) await remove(path);
  }
  return { removed, kept };
}
