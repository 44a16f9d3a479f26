// Converts a run file between toolspan JSONL and OTLP/JSON lines, item by item, writing as it reads.
import { convertItem, type ConvertTarget } from "../formats/otlp/convert-record.js";
import { readRunFile } from "../formats/run-file/read.js";
import { VERSION } from "../util/version.js";

export interface ConvertFileOptions {
  to: ConvertTarget;
  /** Takes converted lines, newline-terminated, chunk by chunk; a returned promise holds reading until the output
   * has taken them (backpressure). */
  write: (text: string) => Promise<void> | undefined;
  /** Hears of each line left out: its number and why (a phrase, without the file's name). */
  onSkip: (line: number, reason: string) => void;
}

/** Converts `path` ('-' = standard input); resolves to the lines skipped, rejects with UnreadableInput when the
 * file cannot be read. */
export async function convertFile(path: string, options: ConvertFileOptions): Promise<{ skipped: number }> {
  let skipped = 0;
  let lines: string[] = [];
  const skip = (line: number, reason: string): void => {
    skipped++;
    options.onSkip(line, reason);
  };
  // A pretty-printed document that does not parse is one input that is neither format, not a line each.
  let brokenDocument = false;
  const flush = (): Promise<void> | undefined => {
    if (lines.length === 0) return undefined;
    const text = `${lines.join("\n")}\n`;
    lines = [];
    return options.write(text);
  };
  await readRunFile(
    path,
    (item) => {
      if (brokenDocument) return;
      if (item.kind === "tooLong") {
        skip(item.line, `longer than ${item.maxLineBytes} bytes, skipped (maxLineBytes raises the limit)`);
        return;
      }
      let converted: string[] | null;
      try {
        converted = convertItem(item, options.to, VERSION);
      } catch (error) {
        // JSON.parse takes any depth, the conversion's walk does not: a line nested past the stack is skipped,
        // named, and the rest of the file still converts.
        if (!(error instanceof RangeError)) throw error;
        skip(item.line, "nested too deeply to convert, skipped");
        return;
      }
      if (converted === null) skip(item.line, "neither a toolspan record nor an OTLP request");
      else lines.push(...converted);
    },
    {
      afterChunk: flush,
      onDocument: ({ first, parsed }) => {
        if (parsed) return;
        brokenDocument = true;
        skip(first, "neither a toolspan record nor an OTLP request");
      },
    },
  );
  await flush();
  return { skipped };
}
