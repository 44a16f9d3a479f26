// `toolspan debug`: the whole debug loop on one run file, asking before each rerun.
import { debugRun } from "../debug/debug-run.js";
import { nextStep } from "../debug/next-step.js";
import { renderSummary } from "../debug/render-summary.js";
import { escapeControls, showWord } from "../formats/safe-text.js";
import { consentMode, describeRerun } from "../rerun/consent.js";
import { renderRerunText } from "../rerun/render-text.js";
import type { RunFile } from "../run/append-record.js";
import { writeWithBackpressure } from "../util/backpressure.js";
import { askYesNo } from "./confirm.js";
import { appendSpan, openOutOption } from "./out-option.js";
import { defineCommand, type CommandIo } from "./define-command.js";
import { withFlag, type OptionSpec, type ParsedArgs } from "./option-parser.js";
import { SPAN_OPTION } from "./span-option.js";
import { RERUN_OPTIONS, rerunRunOptions } from "./rerun-options.js";
import { UsageError } from "./usage-error.js";
import { findingWithFlag } from "./max-line-option.js";

const OPTIONS = [
  { ...SPAN_OPTION, help: "debug only the span with this span_id (rerun even if it was not clipped)" },
  { name: "keep-going", kind: "flag", help: "rerun the clipped spans even when lint finds contract errors" },
  ...RERUN_OPTIONS,
] as const satisfies readonly OptionSpec[];

const USAGE = `Usage: toolspan debug [options] FILE

The debug loop on one run file, in one command:
  1. lint it; stop and report if it breaks the contract (--keep-going goes on);
  2. find the spans whose stdout or stderr was clipped, and the transcript spans
     (toolspan audit --out) whose result the transcript cannot show (or the one
     --span names);
  3. for each, most misleading first: show the argv and cwd, ask, rerun it with
     no cap (never through a shell), verify the new stream against the span's
     hashes, show the bytes the model never saw and diff the stored preview;
  4. end with a summary: which spans were incomplete, whether the reruns
     reproduced them (identical, or identical-normalized: the same streams
     once times, durations and the like are normalised, a verified match),
     and the next step. "The pipe is now honest: look at
     prompts and policy" is said only when nothing remains clipped or suspect.

A clipped span the file already holds a verified rerun of (rerun_of naming
it, verdict identical or identical-normalized: toolspan rerun --out, or debug
--out) is not rerun again; --span ID reruns it anyway.

Nothing runs without consent: each rerun asks 'Run it? [y/N]' at the terminal;
--yes answers yes to all. Without --yes and without a terminal, the plan is
shown and nothing runs.`;

const NOTES = `Exit status: 0 nothing needed action (no contract errors, nothing clipped or
suspect); 1 something did (the summary says what, and what the reruns proved);
2 a usage error, an unreadable file, a --span id no span has, or reruns
needed and not confirmed (no --yes and no terminal: nothing ran).

Examples:
  toolspan debug run.jsonl
  toolspan debug --yes --out run.jsonl run.jsonl
  toolspan debug --span 9919b1c2d3e4f5a6 --yes --save /tmp/full run.jsonl

Docs: docs/debug.md; the steps alone are toolspan lint, triage and rerun.`;

export const command = defineCommand({
  name: "debug",
  summary: "the debug loop in one command: lint, find clipped spans, rerun and verify each, say what next",
  usage: USAGE,
  notes: NOTES,
  options: OPTIONS,
  run: (parsed, io) => debugCommand(parsed, io),
});

/** Runs `toolspan debug`; resolves to the exit status. */
async function debugCommand(parsed: ParsedArgs<typeof OPTIONS>, io: CommandIo): Promise<number> {
  const options = parsed.options;
  if (parsed.rest.length !== 1) {
    throw new UsageError(parsed.rest.length === 0 ? "no file given" : "debug reads one run file", "toolspan debug [options] FILE");
  }
  const file = parsed.rest[0]!;
  if (file === "-") throw new UsageError("debug reads a run file, not standard input (its report and reruns name spans as FILE:LINE)");
  const timeoutSeconds = options.timeout;
  const mode = consentMode(options.yes === true, io.stdin.isTTY === true);
  let runFile: RunFile | null = null;
  let refusedForLackOfConsent = false;
  try {
    const report = await debugRun(file, {
      spanId: options.span,
      keepGoing: options.keepGoing === true,
      rerun: rerunRunOptions(options),
      onPlan: (of) => {
        io.stderr.write(`\n${describeRerun(of, timeoutSeconds)}\n`);
      },
      consent: async () => {
        if (mode === "refuse") {
          refusedForLackOfConsent = true;
          io.stderr.write("  not run: no --yes and no terminal to ask\n");
          return false;
        }
        const yes = mode === "go" || (await askYesNo("Run it? [y/N] "));
        // Opened at the first yes: a run that reruns nothing leaves no file behind.
        if (yes && runFile === null) runFile = openOutOption(options.out);
        return yes;
      },
      onRerun: async (result) => {
        const out = runFile as RunFile | null;
        const appendedTo = out && appendSpan(out, result.span, { keepOpen: true }) ? out.path : undefined;
        const header = `=== ${escapeControls(`${file}:${result.of.line}`)} span ${showWord(result.of.rerunOf)}\n`;
        await writeWithBackpressure(io.stdout, header + renderRerunText(result, appendedTo) + "\n");
      },
    });
    // A refusal's reason or a line too long may name a library option (`spanId`, `maxLineBytes`): shown as its flag.
    report.lint.shownErrors = report.lint.shownErrors.map(findingWithFlag);
    report.steps = report.steps.map((step) => (step.reason === undefined ? step : { ...step, reason: withFlag(step.reason, step.option, OPTIONS) }));
    const next = nextStep(report, file);
    await writeWithBackpressure(io.stdout, renderSummary(report, next, file));
    if (refusedForLackOfConsent || report.spanNotFound) return 2;
    const neededAction = report.lint.errors > 0 || report.steps.some((step) => (step.span.clipped || step.span.unknownResult) && step.outcome !== "verified") || next.id !== "honest";
    return neededAction ? 1 : 0;
  } finally {
    (runFile as RunFile | null)?.close();
  }
}
