// `toolspan convert`: span files between toolspan JSONL and OTLP/JSON lines (the Collector's file exporter).
import { escapeControls } from "../formats/safe-text.js";
import { convertFile } from "../convert/convert-file.js";
import { CONVERT_TARGETS } from "../formats/otlp/convert-record.js";
import { writeWithBackpressure } from "../util/backpressure.js";
import { defineCommand, type CommandIo } from "./define-command.js";
import type { OptionSpec, ParsedArgs } from "./option-parser.js";
import { openReplaceOption } from "./out-option.js";
import { UsageError } from "./usage-error.js";
import { MAX_LINE_OPTION, withMaxLineFlag } from "./max-line-option.js";

const OPTIONS = [
  { name: "to", kind: "choice", value: "FORMAT", choices: CONVERT_TARGETS, help: "otlp (one ExportTraceServiceRequest a line) or jsonl (one toolspan record a line)" },
  { name: "out", kind: "string", value: "FILE", help: "write to FILE instead of standard output" },
  MAX_LINE_OPTION,
] as const satisfies readonly OptionSpec[];

const USAGE = `Usage: toolspan convert --to otlp|jsonl [options] [FILE|-]

Converts span files line by line (FILE, or standard input): toolspan JSONL
records to OTLP/JSON lines as the Collector's file exporter writes them, and
OTLP/JSON lines or documents back to toolspan records. Every contract key
survives the round trip; lines already in the target format pass through.
Spans without toolspan.* attributes have no record and are left out of jsonl.`;

const NOTES = `Exit status: 0 converted; 1 some lines were neither format (named on stderr);
2 usage error or unreadable input.`;

export const command = defineCommand({
  name: "convert",
  summary: "convert span files between toolspan JSONL and OTLP/JSON",
  usage: USAGE,
  notes: NOTES,
  options: OPTIONS,
  run: (parsed, io) => convertCommand(parsed, io),
});

/** Runs `toolspan convert`; resolves to the exit status. */
async function convertCommand(parsed: ParsedArgs<typeof OPTIONS>, io: CommandIo): Promise<number> {
  const to = parsed.options.to;
  if (to === undefined) throw new UsageError("--to is required", "toolspan convert --to otlp|jsonl [FILE|-]");
  if (parsed.rest.length > 1) throw new UsageError("one input at most");
  const path = parsed.rest[0] ?? "-";
  const outPath = parsed.options.out;
  const out = outPath === undefined ? io.stdout : (await openReplaceOption(outPath)).createWriteStream();
  // A file that cannot take the output (a full file system) must not end as a short file and exit 0.
  let writeError: NodeJS.ErrnoException | null = null;
  if (out !== io.stdout) out.on("error", (error: NodeJS.ErrnoException) => (writeError ??= error));
  // A file that cannot be read (UnreadableInput) is main's to report, in one line.
  const { skipped } = await convertFile(path, {
    to,
    write: (text) => writeWithBackpressure(out, text),
    onSkip: (line, reason) => io.stderr.write(`toolspan: ${escapeControls(path)}:${line}: ${withMaxLineFlag(reason)}\n`),
  });
  if (out !== io.stdout) {
    if (!writeError) {
      out.end();
      // 'finish' once the last write is done, 'close' after an error (the stream destroys itself): `once` would
      // reject on that error, which the listener above records instead.
      await new Promise<void>((resolve) => {
        out.once("finish", () => resolve());
        out.once("close", () => resolve());
      });
    }
    if (writeError) {
      const failed = writeError as NodeJS.ErrnoException;
      io.stderr.write(`toolspan: --out ${outPath}: cannot write (${failed.code ?? failed.message}); the file is incomplete\n`);
      return 2;
    }
  }
  return skipped > 0 ? 1 : 0;
}
