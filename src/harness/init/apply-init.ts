// Writes toolspan's hook into a settings file, or takes it out, keeping a copy of the file as it was so that
// `--remove` gives it back byte for byte when nothing else changed it since.
import { createHash } from "node:crypto";
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { SettingsFormat } from "./settings-format.js";
import { makeFolder } from "../../util/make-folder.js";

/** What `init` did, or (dry run) would do, to one file. */
export interface InitChange {
  path: string;
  /** `added`/`updated`: the hook is in; `unchanged`: it was already; `removed`: taken out; `absent`: there was none. */
  outcome: "added" | "updated" | "unchanged" | "removed" | "absent";
  /** The file's text before and after (null: no file). */
  before: string | null;
  after: string | null;
  /** On removal: whether the file came back byte for byte as it was before init. */
  restored?: boolean;
}

interface Backup {
  path: string;
  /** The file's bytes before init, base64; null when there was no file. */
  original: string | null;
  /** sha256 of what init wrote: a file still holding exactly that is given back as it was. */
  written: string;
}

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");
// One copy per file and kind of entry: a hook and an MCP server in one file (Codex's config.toml, Gemini CLI's
// settings.json) each give back the file as it was before their own init.
const backupPath = (stateDir: string, path: string, kind: string): string =>
  join(stateDir, `${sha256(kind === "hook" ? path : `${kind}:${path}`).slice(0, 32)}.json`);

function readBytes(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function readBackup(file: string): Backup | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Backup;
  } catch {
    return null;
  }
}

// A new file replaces the old in one rename, with the old one's mode: a reader never sees half a settings file.
function writeAtomically(path: string, text: string | Buffer): void {
  makeFolder(dirname(path));
  let mode = 0o600;
  try {
    mode = statSync(path).mode & 0o777;
  } catch {}
  const temp = `${path}.toolspan-${process.pid}.tmp`;
  writeFileSync(temp, text, { mode });
  renameSync(temp, path);
}

/** Adds toolspan's entry made from `command` to `path` (or, with `remove`, takes it out); `stateDir` keeps the
 * copies, one per file and `kind` (default "hook"). With `dryRun` nothing is written. Throws SettingsError for a
 * file it cannot merge with. */
export function applyInit<Entry = string>(options: {
  path: string;
  format: SettingsFormat<Entry>;
  command: Entry;
  stateDir: string;
  remove: boolean;
  dryRun: boolean;
  kind?: string;
}): InitChange {
  const { path, format, stateDir } = options;
  const raw = readBytes(path);
  const before = raw === null ? null : raw.toString("utf8");
  const backupFile = backupPath(stateDir, path, options.kind ?? "hook");
  if (options.remove) {
    if (before === null) return { path, outcome: "absent", before, after: null };
    const after = format.remove(before, path);
    if (after === null) return { path, outcome: "absent", before, after: before };
    const backup = readBackup(backupFile);
    const restore = backup !== null && backup.path === path && backup.written === sha256(before);
    const original = restore && backup.original !== null ? Buffer.from(backup.original, "base64") : null;
    const restored = restore ? original : after;
    if (!options.dryRun) {
      if (restored === null) rmSync(path, { force: true });
      else writeAtomically(path, restored);
      rmSync(backupFile, { force: true });
    }
    return { path, outcome: "removed", before, after: restored === null ? null : restored.toString("utf8"), restored: restore };
  }
  const after = format.add(before, options.command, path);
  if (after === null) return { path, outcome: "unchanged", before, after: before };
  const hadHook = before !== null && format.remove(before, path) !== null;
  if (!options.dryRun) {
    makeFolder(stateDir, 0o700);
    // The copy is of the file before toolspan's first init: an update keeps the original one.
    const kept = readBackup(backupFile);
    const original = kept !== null && kept.path === path && hadHook ? kept.original : raw === null ? null : raw.toString("base64");
    writeAtomically(path, after);
    writeFileSync(backupFile, JSON.stringify({ path, original, written: sha256(after) } satisfies Backup), { mode: 0o600 });
  }
  return { path, outcome: hadHook ? "updated" : "added", before, after };
}
