// `toolspan show`: print a stored stream, or only the bytes the model never saw, after verifying the blob.
import { createReadStream } from "node:fs";
import { STREAMS } from "../contract/constants.js";
import type { StreamName } from "../contract/span.js";
import { UnreadableInput } from "../formats/jsonl-lines.js";
import { escapeForTerminal } from "../formats/safe-text.js";
import { locateSpan, parseSpanRef } from "../rerun/locate-span.js";
import { RerunRefused } from "../rerun/rerun-refused.js";
import { unseenPlan, type ByteRange } from "../rerun/unseen.js";
import { writeWithBackpressure } from "../run/backpressure.js";
import { BlobProblem, verifyBlob } from "../store/verify-blob.js";
import { formatOptions, parseArgs, type OptionSpec } from "./option-parser.js";
import { storeDir } from "./store-option.js";
import { UsageError } from "./usage-error.js";

const OPTIONS: readonly OptionSpec[] = [
  { name: "span", kind: "string", value: "ID", help: "the span with this span_id in FILE (instead of FILE:LINE)" },
  { name: "stream", kind: "choice", value: "STREAM", choices: STREAMS, help: "stdout (default) or stderr" },
  { name: "unseen", kind: "flag", help: "only the bytes the model never saw (what the span's cap and keep dropped)" },
  { name: "range", kind: "string", value: "A:B", help: "only bytes A (inclusive) to B (exclusive) of the stream; A: runs to its end" },
  { name: "store", kind: "string", value: "DIR", help: "the blob store (default: $TOOLSPAN_STORE)" },
  { name: "help", kind: "flag", help: "show this help" },
];

const SHOW_HELP = `Usage: toolspan show [options] FILE:LINE
       toolspan show [options] FILE --span ID

Prints the whole stream a span's blob keeps (wrap --store DIR), or with
--unseen only the bytes the model never saw, or with --range A:B a part of it.
Nothing is re-run. The blob's sha256 is checked against its name and the
span's stream hash (and its length against the byte count) before a byte is
printed. Bytes go to stdout exactly as stored; on a terminal, control
characters are escaped.

Options:
${formatOptions(OPTIONS)}

Exit status: 0 printed; 2 a usage error, a span that cannot be found, a span
with no blob, or a blob that is missing, damaged or tampered (named).

Examples:
  toolspan show --unseen run.jsonl:3
  toolspan show --stream stderr --range 0:4096 --store ~/.toolspan/store run.jsonl:3`;

function parseRange(text: string, bytes: number): ByteRange {
  const match = /^(\d+):(\d*)$/.exec(text);
  const start = Number(match?.[1]);
  const end = match?.[2] === "" ? bytes : Number(match?.[2]);
  if (!match || !Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start > end || end > bytes) {
    throw new UsageError(`--range takes A:B with 0 <= A <= B <= ${bytes} (the stream's length), got '${text}'`);
  }
  return { start, end };
}

async function print(path: string, range: ByteRange): Promise<void> {
  if (range.end <= range.start) return;
  const terminal = process.stdout.isTTY === true;
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of createReadStream(path, { start: range.start, end: range.end - 1 })) {
    const data = chunk as Buffer;
    await writeWithBackpressure(process.stdout, terminal ? escapeForTerminal(decoder.decode(data, { stream: true })) : data);
  }
  if (terminal) await writeWithBackpressure(process.stdout, escapeForTerminal(decoder.decode()));
}

/** Runs `toolspan show`; resolves to the exit status. */
export async function showCommand(args: readonly string[]): Promise<number> {
  const parsed = parseArgs(args, OPTIONS, true);
  const options = parsed.options;
  if (options.get("help")) {
    process.stdout.write(`${SHOW_HELP}\n`);
    return 0;
  }
  if (parsed.rest.length !== 1) throw new UsageError("give one span: FILE:LINE, or FILE --span ID", "toolspan show [options] FILE:LINE");
  if (options.get("unseen") === true && options.has("range")) throw new UsageError("--unseen and --range contradict each other");
  const dir = storeDir(options.get("store") as string | undefined, process.env, true);
  const stream = (options.get("stream") as StreamName | undefined) ?? "stdout";
  process.stdout.on("error", () => {});
  try {
    const { span } = await locateSpan(parseSpanRef(parsed.rest[0]!, options.get("span") as string | undefined));
    const blob = await verifyBlob(span, stream, dir);
    const whole = { start: 0, end: blob.bytes };
    const ranges = options.get("unseen") === true
      ? unseenPlan(span, stream, blob.bytes).ranges
      : [options.has("range") ? parseRange(options.get("range") as string, blob.bytes) : whole];
    if (ranges.length === 0) process.stderr.write(`toolspan show: the model saw every byte of ${stream} (nothing was clipped)\n`);
    for (const range of ranges) await print(blob.path, range);
    return 0;
  } catch (error) {
    if (error instanceof RerunRefused || error instanceof UnreadableInput || error instanceof BlobProblem) {
      process.stderr.write(`toolspan show: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
