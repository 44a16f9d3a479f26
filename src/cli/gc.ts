// `toolspan gc`: remove blobs no run file names once they are old, and leftovers of killed wraps.
import { plural } from "../formats/plural.js";
import { escapeControls } from "../formats/safe-text.js";
import { collectGarbage, referencedBlobs } from "../store/gc.js";
import { defineCommand } from "./define-command.js";
import type { OptionSpec } from "./option-parser.js";
import { UsageError } from "./usage-error.js";

const OPTIONS = [
  { name: "keep-days", kind: "count", value: "N", help: "blobs stored less than N days ago stay (required; 0 removes by reference alone)" },
  { name: "runs", kind: "flag", help: "the arguments after DIR are run files: a blob a span in them names stays, whatever its age" },
  { name: "dry-run", kind: "flag", help: "list what would be removed, remove nothing" },
] as const satisfies readonly OptionSpec[];

const USAGE = `Usage: toolspan gc DIR --keep-days N [--runs RUN...] [--dry-run]

Removes blobs from the store DIR that were stored more than N days ago. With
--runs, a blob named (stdout_blob, stderr_blob) by any span in the run files
RUN... stays whatever its age: only unreferenced old blobs go. Temporary files
that killed wraps left in DIR/tmp go once older than N days and one day.
Only blob files and toolspan's own temporary files are removed: symbolic links
are never followed, and other files and folders are left alone (and counted).
Prints each removed path.`;

const NOTES = `Exit status: 0 done; 2 a usage error, a store DIR that is not a folder, or a
run file that cannot be read or is not a run file (then nothing is removed).

Examples:
  toolspan gc ~/.toolspan/store --keep-days 14
  toolspan gc ~/.toolspan/store --keep-days 0 --runs traces/*.jsonl --dry-run`;

export const command = defineCommand({
  name: "gc",
  summary: "remove old blobs no run file names from a blob store",
  usage: USAGE,
  notes: NOTES,
  options: OPTIONS,
  async run({ options, rest }, io) {
    const [dir, ...runs] = rest;
    if (dir === undefined) throw new UsageError("no store given", "toolspan gc DIR --keep-days N [--runs RUN...]");
    const keepDays = options.keepDays;
    if (keepDays === undefined) throw new UsageError("--keep-days N is required: how many days a blob is kept at least");
    const withRuns = options.runs === true;
    if (withRuns && runs.length === 0) throw new UsageError("--runs needs run files after DIR");
    if (!withRuns && runs.length > 0) throw new UsageError(`unexpected argument '${runs[0]}' (run files follow --runs)`);
    const dryRun = options.dryRun === true;
    // A run file or store that cannot be read (UnreadableInput) is main's to report, in one line: nothing is removed.
    const referenced = withRuns ? await referencedBlobs(runs) : null;
    const result = await collectGarbage(dir, { keepDays, referenced, dryRun });
    for (const path of result.removed) io.stdout.write(`${dryRun ? "would remove" : "removed"} ${escapeControls(path)}\n`);
    const skipped = result.skipped.length > 0 ? `, ${plural(result.skipped.length, "path")} left alone (not toolspan's)` : "";
    io.stderr.write(`toolspan gc: ${result.removed.length} ${dryRun ? "would be removed" : "removed"}, ${plural(result.kept, "blob")} kept${skipped}\n`);
    return 0;
  },
});
