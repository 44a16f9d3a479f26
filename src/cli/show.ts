// `toolspan show`: print a stored stream, or only the bytes the model never saw, after verifying the blob.
import { createReadStream } from "node:fs";
import { STREAMS } from "../contract/constants.js";
import type { StreamName } from "../contract/span.js";
import { escapeForTerminal } from "../formats/safe-text.js";
import { locateSpan, parseSpanRef } from "../rerun/locate-span.js";
import { unseenPlan, type ByteRange } from "../rerun/unseen.js";
import { writeWithBackpressure } from "../util/backpressure.js";
import { matchingLines, type LineMatch } from "../store/matching-lines.js";
import { verifyBlob } from "../store/verify-blob.js";
import { FOLLOW_UP_BYTES } from "../harness/notice.js";
import { compileLinearPattern } from "../formats/linear-pattern.js";
import { defineCommand, type CommandIo } from "./define-command.js";
import type { OptionSpec, ParsedOptions } from "./option-parser.js";
import { SPAN_OPTION } from "./span-option.js";
import { readStoreDir } from "./store-option.js";
import { UsageError } from "./usage-error.js";

const OPTIONS = [
  SPAN_OPTION,
  { name: "stream", kind: "choice", value: "STREAM", choices: STREAMS, help: "stdout (default) or stderr" },
  { name: "unseen", kind: "flag", help: "only the bytes the model never saw (what the span's cap and keep dropped)" },
  { name: "range", kind: "string", value: "A:B", help: "only bytes A (inclusive) to B (exclusive) of the stream; A: runs to its end" },
  { name: "grep", kind: "string", value: "PATTERN", help: "only the lines that match PATTERN (RE2 syntax, linear time), as LINE:OFFSET:TEXT" },
  { name: "ignore-case", kind: "flag", help: "with --grep: match letters of either case" },
  { name: "from-line", kind: "count", value: "N", min: 1, help: "with --grep: only lines from line N on (to go on where a bounded answer stopped)" },
  { name: "max-bytes", kind: "count", value: "N", min: 1, help: `with --grep: print at most N bytes of lines (default ${FOLLOW_UP_BYTES}); the rest is counted on stderr` },
  { name: "store", kind: "string", value: "DIR", help: "the blob store (default: $TOOLSPAN_STORE, else $TOOLSPAN_HOME/store, else ~/.toolspan/store)" },
] as const satisfies readonly OptionSpec[];

type ShowOptions = ParsedOptions<typeof OPTIONS>;

const USAGE = `Usage: toolspan show [options] FILE:LINE
       toolspan show [options] FILE --span ID

Prints the whole stream a span's blob keeps (wrap --store DIR), or with
--unseen only the bytes the model never saw, or with --range A:B a part of it.
Nothing is re-run. The blob's sha256 is checked against its name and the
span's stream hash (and its length against the byte count) before a byte is
printed. Bytes go to stdout exactly as stored; on a terminal, control
characters are escaped.`;

const NOTES = `With --grep PATTERN, only the lines of the whole stream that match, the part
the model never saw included, each as LINE:OFFSET:TEXT (line number, byte
offset, the line; a line past 400 bytes is cut and says how long it is), at
most --max-bytes in all; stderr says how many more match and how to go on.

Exit status: 0 printed (with --grep: also when no line matches); 2 a usage error, a span that cannot be found, a span
with no blob, or a blob that is missing, damaged or tampered (named).

Examples:
  toolspan show --unseen run.jsonl:3
  toolspan show --stream stderr --range 0:4096 --store ~/.toolspan/store run.jsonl:3
  toolspan show run.jsonl --span 1f2e3d4c5b6a7988 --grep 'FAILED|Error|Traceback'`;

function parseRange(text: string, bytes: number): ByteRange {
  const match = /^(\d+):(\d*)$/.exec(text);
  const start = Number(match?.[1]);
  const end = match?.[2] === "" ? bytes : Number(match?.[2]);
  if (!match || !Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start > end || end > bytes) {
    throw new UsageError(`--range takes A:B with 0 <= A <= B <= ${bytes} (the stream's length), got '${text}'`);
  }
  return { start, end };
}

function linearPattern(pattern: string, ignoreCase: boolean): (line: string) => boolean {
  const compiled = compileLinearPattern(pattern, ignoreCase);
  if ("error" in compiled) throw new UsageError(`--grep ${JSON.stringify(pattern)} is not a pattern RE2 reads: ${compiled.error}`);
  return compiled.test;
}

// How much of one matching line is shown: enough for an assertion, not a minified bundle.
const LINE_SHOW_BYTES = 400;
// How much of a line is held to match against: a longer line is matched on its start.
const LINE_MATCH_BYTES = 64 * 1024;

function matchLine(found: LineMatch): Buffer {
  const shown = found.text.subarray(0, LINE_SHOW_BYTES);
  const more = found.bytes - shown.length;
  const cut = more > 0 ? ` ...[${more} more bytes]` : "";
  return Buffer.concat([Buffer.from(`${found.line}:${found.offset}:`), shown, Buffer.from(`${cut}\n`)]);
}

async function printMatches(path: string, stream: StreamName, pattern: string, options: ShowOptions, io: CommandIo): Promise<void> {
  const test = linearPattern(pattern, options.ignoreCase === true);
  const fromLine = options.fromLine ?? 1;
  const budget = options.maxBytes ?? FOLLOW_UP_BYTES;
  const terminal = io.stdout.isTTY === true;
  let printed = 0;
  let shown = 0;
  let more = 0;
  let lastShown = 0;
  for await (const found of matchingLines(path, test, LINE_MATCH_BYTES)) {
    if (found.line < fromLine) continue;
    const text = matchLine(found);
    if (more > 0 || printed + text.length > budget) {
      more += 1;
      continue;
    }
    printed += text.length;
    shown += 1;
    lastShown = found.line;
    await writeWithBackpressure(io.stdout, terminal ? escapeForTerminal(text.toString("utf8")) : text);
  }
  const which = `${stream}, sha256 verified`;
  if (more > 0) {
    io.stderr.write(`toolspan show: ${more} more matching lines after line ${lastShown} (${which}): add --from-line ${lastShown + 1}\n`);
  } else io.stderr.write(`toolspan show: ${shown === 0 ? "no line matches" : `${shown} matching lines`} (${which})\n`);
}

async function print(path: string, range: ByteRange, io: CommandIo): Promise<void> {
  if (range.end <= range.start) return;
  const terminal = io.stdout.isTTY === true;
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of createReadStream(path, { start: range.start, end: range.end - 1 })) {
    const data = chunk as Buffer;
    await writeWithBackpressure(io.stdout, terminal ? escapeForTerminal(decoder.decode(data, { stream: true })) : data);
  }
  if (terminal) await writeWithBackpressure(io.stdout, escapeForTerminal(decoder.decode()));
}

export const command = defineCommand({
  name: "show",
  summary: "print a stored stream, or only the bytes the model never saw, verified against the span",
  usage: USAGE,
  notes: NOTES,
  options: OPTIONS,
  run: ({ options, rest }, io) => show(rest, options, io),
});

/** Runs `toolspan show`; resolves to the exit status. A span that cannot be found, a blob missing or damaged: main's
 * to report, in one line. */
async function show(rest: string[], options: ShowOptions, io: CommandIo): Promise<number> {
  if (rest.length !== 1) throw new UsageError("give one span: FILE:LINE, or FILE --span ID", "toolspan show [options] FILE:LINE");
  if (options.unseen === true && options.range !== undefined) throw new UsageError("--unseen and --range contradict each other");
  const pattern = options.grep;
  if (pattern !== undefined && (options.unseen === true || options.range !== undefined)) throw new UsageError("--grep reads the whole stream: it takes neither --unseen nor --range");
  if (pattern === undefined) {
    if (options.ignoreCase !== undefined) throw new UsageError("--ignore-case goes with --grep");
    if (options.fromLine !== undefined) throw new UsageError("--from-line goes with --grep");
    if (options.maxBytes !== undefined) throw new UsageError("--max-bytes goes with --grep");
  } else linearPattern(pattern, false);
  const dir = readStoreDir(options.store, io.env);
  const stream = options.stream ?? "stdout";
  io.stdout.on("error", () => {});
  const { span } = await locateSpan(parseSpanRef(rest[0]!, options.span));
  const blob = await verifyBlob(span, stream, dir);
  if (pattern !== undefined) {
    await printMatches(blob.path, stream, pattern, options, io);
    return 0;
  }
  const whole = { start: 0, end: blob.bytes };
  const ranges = options.unseen === true
    ? unseenPlan(span, stream, blob.bytes).ranges
    : [options.range !== undefined ? parseRange(options.range, blob.bytes) : whole];
  if (ranges.length === 0) io.stderr.write(`toolspan show: the model saw every byte of ${stream} (nothing was clipped)\n`);
  for (const range of ranges) await print(blob.path, range, io);
  return 0;
}
