// `toolspan report`: a run's figures in one place, for an incident review: what was clipped, how much the model
// never saw, what failed, what the contract says, and where to look first.
import { UnreadableInput } from "../formats/jsonl-lines.js";
import { reportFile } from "../report/report-file.js";
import { REPORT_FORMATS, REPORT_RENDERERS } from "../report/renderers.js";
import { writeWithBackpressure } from "../util/backpressure.js";
import { defineCommand } from "./define-command.js";
import { failureLine } from "./failure.js";
import type { OptionSpec } from "./option-parser.js";
import { progressOnStderr } from "./progress.js";
import { UsageError } from "./usage-error.js";
import { MAX_LINE_OPTION } from "./max-line-option.js";

const OPTIONS = [
  { name: "format", kind: "choice", value: "FORMAT", choices: REPORT_FORMATS, help: "text (default, for people), json (one object per file) or markdown (for a review)" },
  MAX_LINE_OPTION,
] as const satisfies readonly OptionSpec[];

const USAGE = `Usage: toolspan report [options] FILE...

Sums up each run file ('-' reads standard input): toolspan JSONL, OTLP JSON
(Collector file-exporter lines or one document) and the spans 'toolspan audit
--out' writes from agent transcripts. For each file: tool spans and how many
need action; clipped spans, and how many of them looked like success; the
bytes the model never saw, per stream, and the largest clip; failures,
timeouts, stalls, signals; lint errors and warnings by rule; the tools that
lost the most; the few spans to look at first, with the decision table's
first action; and the next step. Previews are never printed. On a terminal,
stderr shows the progress of a long file (MiB and lines per second).`;

const NOTES = `Exit status: 0 nothing needs action in any file (a span settled by a verified
rerun in its file needs none), 1 a span or line needs action, 2 usage error or
a file that cannot be read (the others are still reported).

Examples:
  toolspan report run.jsonl
  toolspan report --format markdown runs/*.jsonl > review.md
  toolspan report --format json run.jsonl | jq '.streams.stdout.unseen'

Docs: docs/report.md (every figure and key).`;

export const command = defineCommand({
  name: "report",
  summary: "a run's figures for an incident review: clipped, never seen, failed, where to look first",
  usage: USAGE,
  notes: NOTES,
  options: OPTIONS,
  async run({ options, rest }, io) {
    if (rest.length === 0) throw new UsageError("no file given", "toolspan report [options] FILE... ('-' for standard input)");
    if (rest.filter((file) => file === "-").length > 1) throw new UsageError("standard input ('-') can be read once");
    const render = REPORT_RENDERERS[options.format ?? "text"]!;
    const out = io.stdout;
    out.on("error", () => {});
    let status = 0;
    for (const file of rest) {
      let report;
      const progress = progressOnStderr(io.stderr);
      try {
        report = await reportFile(file, (bytes, lines) => progress.add(bytes, lines));
      } catch (error) {
        if (!(error instanceof UnreadableInput)) throw error;
        // The other files are still reported.
        io.stderr.write(failureLine(error, OPTIONS));
        status = 2;
        continue;
      } finally {
        progress.done();
      }
      await writeWithBackpressure(out, render(report));
      if (report.triage.flagged > report.triage.settled && status === 0) status = 1;
    }
    return status;
  },
});
