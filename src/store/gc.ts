// Removes what a blob store no longer needs: blobs past their age that no run file names, and temporary files
// a killed wrap left behind. Only names toolspan itself gives are removed, and no symbolic link is followed: a
// store is often a folder people put other things in, or link parts of elsewhere.
import type { Dirent } from "node:fs";
import { lstat, readdir, rmdir, stat, unlink } from "node:fs/promises";
import { join } from "node:path";
import { opensDocument } from "../formats/json-document.js";
import { readLines, STOP, UnreadableInput, unreadableInput } from "../formats/jsonl-lines.js";
import { parseObject } from "../formats/transcripts/json-values.js";
import { isTempName, tempDir } from "./blob-path.js";

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
  /** Entries left alone because toolspan did not name them: symbolic links, other files and folders. */
  skipped: string[];
}

// A blob's name wherever it stands: a JSONL record's `stdout_blob`, an OTLP attribute `toolspan.stdout.blob`, a line
// of a pretty-printed document. Neither escaping nor encoding can change its characters.
const BLOB_NAME = /sha256:([0-9a-f]{64})(?![0-9a-f])/g;

/** The blob hashes these run files name, in any format a run file comes in (toolspan JSONL, OTLP lines, a
 * pretty-printed document). Any `sha256:<hex>` in a file counts: a blob kept by mistake costs disk, one removed by
 * mistake loses the bytes. Rejects with UnreadableInput for a file that cannot be read, or is no run file (its
 * first line is neither a JSON object nor the opening of a document: a compressed or binary file, say), since a
 * run file misread would name nothing and let its blobs go. */
export async function referencedBlobs(runFiles: readonly string[]): Promise<Set<string>> {
  const hashes = new Set<string>();
  for (const file of runFiles) {
    let first: { text: string; line: number } | null = null;
    let notRunFile = false;
    await readLines(file, (text, line) => {
      if (first === null) {
        if (text.trim() === "") return;
        first = { text, line };
        if (!opensDocument(text) && parseObject(text) === null) {
          notRunFile = true;
          return STOP;
        }
      }
      if (!text.includes("sha256:")) return;
      for (const match of text.matchAll(BLOB_NAME)) hashes.add(match[1]!);
    });
    if (notRunFile) {
      throw new UnreadableInput(file, `not a run file (line ${first!.line} is not a JSON object)`);
    }
  }
  return hashes;
}

// The entries of a folder the sweep reached; one removed meanwhile (another gc) has none.
async function entries(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

// A folder of the store itself (`sha256`, `tmp`): absent is fine; a symbolic link or a file there is left alone.
async function storeFolder(path: string, skipped: string[]): Promise<string | null> {
  try {
    if ((await lstat(path)).isDirectory()) return path;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  skipped.push(path);
  return null;
}

// A file's age in milliseconds since the epoch, or null when it went meanwhile.
async function modified(path: string): Promise<number | null> {
  try {
    return (await lstat(path)).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Sweeps the store at `dir`, which must be a folder (else rejects with UnreadableInput naming it). A temporary
 * file goes once older than the age limit and a day, so a wrap that is still writing keeps its file. */
export async function collectGarbage(dir: string, options: GcOptions): Promise<GcResult> {
  let info;
  try {
    info = await stat(dir);
  } catch (error) {
    throw unreadableInput(dir, error);
  }
  if (!info.isDirectory()) throw new UnreadableInput(dir, "not a folder");
  const now = options.now ?? Date.now();
  const cutoff = now - options.keepDays * DAY_MS;
  const removed: string[] = [];
  const skipped: string[] = [];
  let kept = 0;
  const remove = async (path: string): Promise<void> => {
    removed.push(path);
    if (options.dryRun) return;
    await unlink(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  };
  const root = await storeFolder(join(dir, "sha256"), skipped);
  for (const fan of root === null ? [] : await entries(root)) {
    const folder = join(root!, fan.name);
    if (!fan.isDirectory() || !/^[0-9a-f]{2}$/.test(fan.name)) {
      skipped.push(folder);
      continue;
    }
    for (const entry of await entries(folder)) {
      const path = join(folder, entry.name);
      if (!entry.isFile() || !/^[0-9a-f]{62}$/.test(entry.name)) {
        skipped.push(path);
        continue;
      }
      const mtime = await modified(path);
      if (mtime === null) continue;
      if (mtime < cutoff && !options.referenced?.has(`${fan.name}${entry.name}`)) await remove(path);
      else kept++;
    }
    if (!options.dryRun) await rmdir(folder).catch(() => {}); // only an empty folder goes
  }
  const tempCutoff = Math.min(cutoff, now - DAY_MS);
  const temp = await storeFolder(tempDir(dir), skipped);
  for (const entry of temp === null ? [] : await entries(temp)) {
    const path = join(temp!, entry.name);
    if (!entry.isFile() || !isTempName(entry.name)) {
      skipped.push(path);
      continue;
    }
    const mtime = await modified(path);
    if (mtime !== null && mtime < tempCutoff) await remove(path);
  }
  return { removed, kept, skipped };
}
