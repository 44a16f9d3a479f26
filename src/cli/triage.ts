// `toolspan triage`: which spans of a run deserve distrust, and what to do first about each.
import { TRIAGE_FORMATS, TRIAGE_RENDERERS } from "../triage/renderers.js";
import { TRIAGE_TABLE } from "../triage/table.js";
import { triageFile } from "../triage/triage-file.js";
import { defineCommand } from "./define-command.js";
import type { OptionSpec } from "./option-parser.js";
import { progressOnStderr } from "./progress.js";
import { writeWithBackpressure } from "../util/backpressure.js";
import { UsageError } from "./usage-error.js";
import { MAX_LINE_OPTION } from "./max-line-option.js";

const OPTIONS = [
  { name: "format", kind: "choice", value: "FORMAT", choices: TRIAGE_FORMATS, help: "text (default, for people) or jsonl (one object per span and row)" },
  { name: "table", kind: "flag", help: "print the decision table (observation | first action | not the first action)" },
  MAX_LINE_OPTION,
] as const satisfies readonly OptionSpec[];

const USAGE = `Usage: toolspan triage [options] FILE

Reads one run file (JSONL, one span per line; '-' reads standard input), lints
each tool span and picks the rows of the decision table that apply to it. For
each span that deserves distrust it prints where it is (FILE:LINE, span id,
tool, argv), what was observed in the span's own figures ("stdout clipped:
kept 8192 of 24118 bytes, returncode 0"), the first action, and the action
that is not the first. Most misleading spans come first: a preview that looked
like success while the stream was clipped leads. Previews are never printed.`;

const NOTES = `A span whose rerun the file holds (toolspan rerun --out, rerun_of naming it)
with a verdict that verifies it (identical, identical-normalized) is not asked
to be rerun again; when a rerun answers every row of it, it is settled.

Exit status: 0 nothing needs action (nothing flagged, or every span flagged is
settled by a verified rerun), 1 at least one span needs action, 2 usage error
or a file that cannot be read.

Examples:
  toolspan triage run.jsonl
  toolspan triage --format jsonl run.jsonl | jq -r 'select(.rank <= 2) | .rerun'
  toolspan triage --table

Docs: docs/triage.md (each row, the ordering, both formats).`;

export const command = defineCommand({
  name: "triage",
  summary: "which spans deserve distrust, and what to do first about each",
  usage: USAGE,
  notes: NOTES,
  options: OPTIONS,
  async run({ options, rest }, io) {
    const renderer = TRIAGE_RENDERERS[options.format ?? "text"]!;
    if (options.table) {
      io.stdout.write(renderer.table(TRIAGE_TABLE));
      return 0;
    }
    if (rest.length !== 1) {
      throw new UsageError(rest.length === 0 ? "no file given" : "triage reads one file", "toolspan triage [options] FILE ('-' for standard input)");
    }
    // A file that cannot be read (UnreadableInput) is main's to report, in one line.
    const progress = progressOnStderr(io.stderr);
    let result;
    try {
      result = await triageFile(rest[0]!, { onProgress: (bytes, lines) => progress.add(bytes, lines) });
    } finally {
      progress.done();
    }
    const out = io.stdout;
    out.on("error", () => {});
    for (const piece of renderer.result(result)) await writeWithBackpressure(out, piece);
    return result.flagged - result.settled === 0 ? 0 : 1;
  },
});
