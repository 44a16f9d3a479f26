// `toolspan rerun`: find a span, show what will run, get consent, rerun it with no cap, report what it proves.
import { rerunSpan } from "../rerun/rerun-span.js";
import { ARGV_SHOWN_CHARS, consentMode, describeRerun, assertRunnable } from "../rerun/consent.js";
import { escapeControls, showArgv } from "../formats/safe-text.js";
import { locateSpan, parseSpanRef, type LocatedSpan } from "../rerun/locate-span.js";
import { storedStreams } from "../rerun/from-blob.js";
import { storeDir } from "./store-option.js";
import { RerunRefused } from "../rerun/rerun-refused.js";
import { renderRerunJson } from "../rerun/render-json.js";
import { renderRerunText } from "../rerun/render-text.js";
import { askYesNo } from "./confirm.js";
import { appendSpan, openOutOption } from "./out-option.js";
import { defineCommand, type CommandIo } from "./define-command.js";
import type { OptionSpec } from "./option-parser.js";
import { SPAN_OPTION } from "./span-option.js";
import { RERUN_OPTIONS, rerunRunOptions } from "./rerun-options.js";
import { writeWithBackpressure } from "../util/backpressure.js";
import { UsageError } from "./usage-error.js";
import { VERIFIED_VERDICTS } from "../contract/constants.js";

const OPTIONS = [
  SPAN_OPTION,
  { name: "show-argv", kind: "flag", help: "print the span's whole argv (a JSON array, escaped) on stdout and run nothing" },
  { name: "diff", kind: "flag", help: "diff each stored preview against the same part of the new stream" },
  { name: "store", kind: "string", value: "DIR", help: "a blob store (default: $TOOLSPAN_STORE): when it holds the span's streams and they verify, they are read and nothing runs" },
  { name: "format", kind: "choice", value: "FORMAT", choices: ["text", "json"], help: "text (default) or json (one object on stdout)" },
  ...RERUN_OPTIONS,
] as const satisfies readonly OptionSpec[];

const USAGE = `Usage: toolspan rerun [options] FILE:LINE
       toolspan rerun [options] FILE --span ID

Reruns the argv of one recorded tool span with no cap, never through a shell,
in the span's cwd, and proves or disproves that it reproduced the stream: the
whole-stream hash when the span has one, else the head and tail hashes over the
span's hash_window. Then shows the bytes the model never saw (after a head cap,
before a tail cap, the middle of head+tail), with their byte offsets.

Before running, it prints the cwd, the timeout and, last, the argv (as JSON,
every control character escaped) on stderr and asks 'Run it? [y/N]'. An argv
longer than ${ARGV_SHOWN_CHARS} characters is shown cut, its first and last parts with the
number of characters not shown; --show-argv prints it whole and runs nothing.
--yes skips the question. Without --yes and without a terminal to ask,
nothing runs. A cwd that no longer exists is refused.

With --store DIR (or TOOLSPAN_STORE), when the store holds both of the span's
streams (wrap --store) and they verify, they are read instead: nothing runs,
no question is asked, and the verdict comes from the blobs.

Verdicts: identical (the whole stream matches byte for byte);
identical-normalized (the bytes differ, but the streams match once times,
durations, pids, addresses and temp paths are normalised: wrap records each
stream's normalized sha256, the rerun's is compared with it); same-ends (head
and tail match, the middle is unknown); differs (a hash or the byte count
disagrees, and the normalised streams do not match either); unverifiable (the
span has no hash of a stream); incomplete (the rerun timed out, stalled, could
not start or was killed: it proves nothing). The overall verdict is the
weakest of the two streams'.`;

const NOTES = `Exit status: 0 identical, identical-normalized (a verified match) or
same-ends; 1 differs, unverifiable or incomplete; 2 a usage
error, an unreadable file, a span that cannot be found or trusted (argv must be
a non-empty string array, cwd an absolute path, every key of its contract type),
or a rerun that was refused or declined (nothing ran).

Examples:
  toolspan rerun run.jsonl:3
  toolspan rerun --show-argv run.jsonl:3
  toolspan rerun --yes --diff --out run.jsonl run.jsonl:3
  toolspan rerun run.jsonl --span 9919b1c2d3e4f5a6 --yes --save /tmp/full --format json`;

/** 0 when the rerun reproduced the stream (identical, identical once normalised, or the same ends), 1 when it did
 * not, cannot say, or did not finish. */
export const rerunExitCode = (verdict: string): number => (VERIFIED_VERDICTS.includes(verdict) || verdict === "same-ends" ? 0 : 1);

async function askConsent(of: LocatedSpan, timeoutSeconds: number | undefined, yes: boolean, io: CommandIo): Promise<void> {
  await assertRunnable(of);
  io.stderr.write(`${describeRerun(of, timeoutSeconds)}\n`);
  const mode = consentMode(yes, io.stdin.isTTY === true);
  // The library's NOT_CONFIRMED names its option, `confirmed: true`; here --yes is what confirms.
  if (mode === "refuse") throw new RerunRefused("notConfirmed", "not confirmed: pass --yes to run without a question");
  if (mode === "ask" && !(await askYesNo("Run it? [y/N] "))) throw new RerunRefused("declined", "not run: the answer was not yes");
}

export const command = defineCommand({
  name: "rerun",
  summary: "rerun a recorded span's argv with no cap, verify it by hash, show what the model never saw",
  usage: USAGE,
  notes: NOTES,
  options: OPTIONS,
  async run({ options, rest }, io) {
    if (rest.length !== 1) throw new UsageError("give one span: FILE:LINE, or FILE --span ID", "toolspan rerun [options] FILE:LINE");
    if (rest[0] === "-") throw new UsageError("rerun reads a run file, not standard input");
    // A span that cannot be found or trusted, a refusal, a blob that does not verify: main's to report, in one line.
    const of = await locateSpan(parseSpanRef(rest[0]!, options.span));
    if (options.showArgv) {
      await writeWithBackpressure(io.stdout, `${showArgv(of.argv)}\n`);
      return 0;
    }
    const store = storeDir(options.store, io.env, false);
    const stored = store === undefined ? null : await storedStreams(of.span, store);
    // Nothing runs when the store has the streams: no cwd is needed and there is nothing to consent to.
    if (stored) io.stderr.write(`toolspan rerun: ${escapeControls(`${of.path}:${of.line}`)}: both streams are in the blob store and verify: nothing is run\n`);
    else await askConsent(of, options.timeout, options.yes === true, io);
    // Opened once consent is given (a refusal leaves no file behind) and before the run (a bad path runs nothing).
    const runFile = openOutOption(options.out);
    const result = await rerunSpan(of, { ...rerunRunOptions(options), confirmed: true, diff: options.diff === true, stored });
    // A run file that cannot take the span puts it on stderr: the rerun ran, and its verdict still decides the exit.
    const appendedTo = runFile && appendSpan(runFile, result.span) ? runFile.path : undefined;
    const report = options.format === "json" ? renderRerunJson(result, appendedTo) : renderRerunText(result, appendedTo);
    await writeWithBackpressure(io.stdout, report);
    return rerunExitCode(result.verdict);
  },
});
