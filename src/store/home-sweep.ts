// Keeps $TOOLSPAN_HOME within bounds: session run files past their age go, then blobs no remaining run file names,
// then, while the store is over its budget, the least recently stored blobs. Symbolic links are never followed and
// only toolspan's own names (run files, blob names, temporaries) are ever removed.
import { statSync, writeFileSync } from "node:fs";
import { lstat, readdir, readFile, rm, rmdir } from "node:fs/promises";
import { join } from "node:path";
import { homeRuns, homeStore } from "./home.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The budget the harness sessions' store keeps to, when neither a flag nor TOOLSPAN_STORE_BUDGET says otherwise. */
export const DEFAULT_STORE_BUDGET = 4 * 1024 ** 3;
/** Session run files not written to for this many days go, by default. */
export const DEFAULT_KEEP_DAYS = 30;

export interface HomeSweepOptions {
  /** Bytes the store may hold; past this the least recently stored blobs go, named or not. */
  budgetBytes: number;
  /** Run files older than this many days go (and with them the claim on their blobs). */
  keepDays: number;
  dryRun?: boolean;
  now?: number;
}

export interface HomeSweepResult {
  removedRuns: string[];
  removedBlobs: string[];
  removedTemporaries: string[];
  /** Bytes the store holds after the sweep. */
  storeBytes: number;
}

interface FileEntry {
  path: string;
  bytes: number;
  mtimeMs: number;
}

// Entries of `dir` whose name `accept`s and that are, by lstat, regular files (or folders): a link, a device or the
// other kind in their place is left alone.
async function entriesOf(dir: string, kind: "file" | "folder", accept: (name: string) => boolean): Promise<FileEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const found: FileEntry[] = [];
  for (const name of names) {
    if (!accept(name)) continue;
    const path = join(dir, name);
    const info = await lstat(path).catch(() => null);
    if (info && (kind === "file" ? info.isFile() : info.isDirectory())) found.push({ path, bytes: info.size, mtimeMs: info.mtimeMs });
  }
  return found;
}

const regularFiles = (dir: string, accept: (name: string) => boolean) => entriesOf(dir, "file", accept);
const folders = async (dir: string, accept: (name: string) => boolean) => (await entriesOf(dir, "folder", accept)).map((entry) => entry.path);

const BLOB_NAME = /sha256:([0-9a-f]{64})(?![0-9a-f])/g;

/** Sweeps the toolspan home `home`. */
export async function sweepHome(home: string, options: HomeSweepOptions): Promise<HomeSweepResult> {
  const now = options.now ?? Date.now();
  const remove = async (path: string, list: string[]): Promise<void> => {
    list.push(path);
    if (!options.dryRun) await rm(path, { force: true });
  };
  const result: HomeSweepResult = { removedRuns: [], removedBlobs: [], removedTemporaries: [], storeBytes: 0 };

  const referenced = new Set<string>();
  for (const harness of await folders(homeRuns(home), (name) => !name.startsWith("."))) {
    for (const run of await regularFiles(harness, (name) => name.endsWith(".jsonl"))) {
      if (run.mtimeMs < now - options.keepDays * DAY_MS) {
        await remove(run.path, result.removedRuns);
        continue;
      }
      for (const match of (await readFile(run.path, "utf8")).matchAll(BLOB_NAME)) referenced.add(match[1]!);
    }
  }

  const store = homeStore(home);
  const blobs: (FileEntry & { hex: string })[] = [];
  for (const fan of await folders(join(store, "sha256"), (name) => /^[0-9a-f]{2}$/.test(name))) {
    const prefix = fan.slice(-2);
    for (const file of await regularFiles(fan, (name) => /^[0-9a-f]{62}$/.test(name))) blobs.push({ ...file, hex: prefix + file.path.slice(-62) });
  }
  // A blob stored in the last day may belong to a span still being written: it is not "unnamed" yet.
  const kept = [];
  for (const blob of blobs) {
    if (!referenced.has(blob.hex) && blob.mtimeMs < now - DAY_MS) await remove(blob.path, result.removedBlobs);
    else kept.push(blob);
  }
  kept.sort((a, b) => a.mtimeMs - b.mtimeMs);
  let bytes = kept.reduce((sum, blob) => sum + blob.bytes, 0);
  for (const blob of kept) {
    if (bytes <= options.budgetBytes) break;
    await remove(blob.path, result.removedBlobs);
    bytes -= blob.bytes;
  }
  result.storeBytes = bytes;
  for (const temp of await regularFiles(join(store, "tmp"), (name) => name.endsWith(".part"))) {
    if (temp.mtimeMs < now - DAY_MS) await remove(temp.path, result.removedTemporaries);
  }
  if (!options.dryRun) for (const fan of await folders(join(store, "sha256"), () => true)) await rmdir(fan).catch(() => {});
  return result;
}

// The home is swept at most this often, after a span is written: a session's calls do not pay for it each time.
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Bytes from TOOLSPAN_STORE_BUDGET (a count, or with K, M or G for KiB, MiB, GiB), else the default. */
export function storeBudget(env: NodeJS.ProcessEnv): number {
  const match = /^\s*(\d+)\s*([KMG]?)i?B?\s*$/i.exec(env.TOOLSPAN_STORE_BUDGET ?? "");
  if (!match) return DEFAULT_STORE_BUDGET;
  return Number(match[1]) * 1024 ** ["", "K", "M", "G"].indexOf(match[2]!.toUpperCase());
}

/** Sweeps the home when the last sweep is older than an hour (every writer of session spans calls it after a span);
 * a failure is not the caller's business. */
export async function sweepHomeWhenDue(home: string, env: NodeJS.ProcessEnv): Promise<void> {
  const stamp = join(home, ".last-sweep");
  try {
    if (Date.now() - statSync(stamp).mtimeMs < SWEEP_EVERY_MS) return;
  } catch {}
  try {
    writeFileSync(stamp, "");
    await sweepHome(home, { budgetBytes: storeBudget(env), keepDays: DEFAULT_KEEP_DAYS });
  } catch {}
}
