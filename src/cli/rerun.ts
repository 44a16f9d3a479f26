// `toolspan rerun`: find a span, show what will run, get consent, rerun it with no cap, report what it proves.
import { DEFAULT_SHOW_BYTES, rerunSpan } from "../rerun/rerun-span.js";
import { ARGV_SHOWN_CHARS, consentMode, describeRerun, assertRunnable, NOT_CONFIRMED } from "../rerun/consent.js";
import { escapeControls, showArgv } from "../formats/safe-text.js";
import { locateSpan, parseSpanRef, type LocatedSpan } from "../rerun/locate-span.js";
import { storedStreams } from "../rerun/from-blob.js";
import { BlobProblem } from "../store/verify-blob.js";
import { storeDir } from "./store-option.js";
import { RerunRefused } from "../rerun/rerun-refused.js";
import { renderRerunJson } from "../rerun/render-json.js";
import { renderRerunText } from "../rerun/render-text.js";
import { UnreadableInput } from "../formats/jsonl-lines.js";
import { askYesNo } from "./confirm.js";
import { appendSpan, openOutOption } from "./out-option.js";
import { formatOptions, parseArgs, type OptionSpec } from "./option-parser.js";
import { writeWithBackpressure } from "../util/backpressure.js";
import { UsageError } from "./usage-error.js";
import { VERIFIED_VERDICTS } from "../contract/constants.js";
import { applyMaxLineBytes, MAX_LINE_OPTION } from "./max-line-option.js";

const OPTIONS: readonly OptionSpec[] = [
  { name: "span", kind: "string", value: "ID", help: "the span with this span_id in FILE (instead of FILE:LINE)" },
  { name: "show-argv", kind: "flag", help: "print the span's whole argv (a JSON array, escaped) on stdout and run nothing" },
  { name: "yes", kind: "flag", help: "run without asking (without it, a terminal is asked and anything else runs nothing)" },
  { name: "out", kind: "string", value: "RUN", help: "append the new full span, with rerun_of and rerun_verdict, to the run file RUN" },
  { name: "save", kind: "string", value: "DIR", help: "write the full new streams to DIR/<new span id>.stdout and .stderr" },
  { name: "diff", kind: "flag", help: "diff each stored preview against the same part of the new stream" },
  { name: "no-normalize", kind: "flag", help: "diff as is: keep timestamps, durations, addresses, pids and temp paths" },
  { name: "show-bytes", kind: "count", value: "N", min: 1, help: `bytes shown of each unseen range: its first and last half when longer (default ${DEFAULT_SHOW_BYTES})` },
  { name: "timeout", kind: "seconds", value: "SECONDS", positive: true, help: "stop the rerun after this long (SIGTERM, then SIGKILL), as in wrap" },
  { name: "idle-timeout", kind: "seconds", value: "SECONDS", positive: true, help: "stop the rerun when it prints nothing for this long, as in wrap" },
  { name: "store", kind: "string", value: "DIR", help: "a blob store (default: $TOOLSPAN_STORE): when it holds the span's streams and they verify, they are read and nothing runs" },
  { name: "format", kind: "choice", value: "FORMAT", choices: ["text", "json"], help: "text (default) or json (one object on stdout)" },
  MAX_LINE_OPTION,
  { name: "help", kind: "flag", help: "show this help" },
];

export const RERUN_HELP = `Usage: toolspan rerun [options] FILE:LINE
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
weakest of the two streams'.

Options:
${formatOptions(OPTIONS)}

Exit status: 0 identical, identical-normalized (a verified match) or
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

async function askConsent(of: LocatedSpan, timeoutSeconds: number | undefined, yes: boolean): Promise<void> {
  await assertRunnable(of);
  process.stderr.write(`${describeRerun(of, timeoutSeconds)}\n`);
  const mode = consentMode(yes, process.stdin.isTTY === true);
  if (mode === "refuse") throw new RerunRefused("notConfirmed", NOT_CONFIRMED);
  if (mode === "ask" && !(await askYesNo("Run it? [y/N] "))) throw new RerunRefused("declined", "not run: the answer was not yes");
}

/** Runs `toolspan rerun`; resolves to the exit status. */
export async function rerunCommand(args: readonly string[]): Promise<number> {
  const parsed = parseArgs(args, OPTIONS, true);
  applyMaxLineBytes(parsed.options);
  const options = parsed.options;
  if (options.get("help")) {
    process.stdout.write(`${RERUN_HELP}\n`);
    return 0;
  }
  if (parsed.rest.length !== 1) throw new UsageError("give one span: FILE:LINE, or FILE --span ID", "toolspan rerun [options] FILE:LINE");
  if (parsed.rest[0] === "-") throw new UsageError("rerun reads a run file, not standard input");
  const timeoutSeconds = options.get("timeout") as number | undefined;
  const idleTimeoutSeconds = options.get("idle-timeout") as number | undefined;
  try {
    const of = await locateSpan(parseSpanRef(parsed.rest[0]!, options.get("span") as string | undefined));
    if (options.get("show-argv")) {
      await writeWithBackpressure(process.stdout, `${showArgv(of.argv)}\n`);
      return 0;
    }
    const store = storeDir(options.get("store") as string | undefined, process.env, false);
    const stored = store === undefined ? null : await storedStreams(of.span, store);
    // Nothing runs when the store has the streams: no cwd is needed and there is nothing to consent to.
    if (stored) process.stderr.write(`toolspan rerun: ${escapeControls(`${of.path}:${of.line}`)}: both streams are in the blob store and verify: nothing is run\n`);
    else await askConsent(of, timeoutSeconds, options.get("yes") === true);
    // Opened once consent is given (a refusal leaves no file behind) and before the run (a bad path runs nothing).
    const runFile = openOutOption(options.get("out") as string | undefined);
    const result = await rerunSpan(of, {
      confirmed: true,
      timeoutSeconds,
      idleTimeoutSeconds,
      saveDir: options.get("save") as string | undefined,
      showBytes: options.get("show-bytes") as number | undefined,
      diff: options.get("diff") === true,
      normalize: options.get("no-normalize") !== true,
      forwardSignals: true,
      stored,
    });
    // A run file that cannot take the span puts it on stderr: the rerun ran, and its verdict still decides the exit.
    const appendedTo = runFile && appendSpan(runFile, result.span, "rerun") ? runFile.path : undefined;
    const report = options.get("format") === "json" ? renderRerunJson(result, appendedTo) : renderRerunText(result, appendedTo);
    await writeWithBackpressure(process.stdout, report);
    return rerunExitCode(result.verdict);
  } catch (error) {
    if (error instanceof RerunRefused || error instanceof UnreadableInput || error instanceof BlobProblem) {
      process.stderr.write(`toolspan rerun: ${escapeControls(error.message)}\n`);
      return 2;
    }
    throw error;
  }
}
