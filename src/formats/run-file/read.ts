// Reads a run file's items from a stream, a path ('-' = standard input) or a byte range, without blocking.
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { refuseNonRegular, unreadableInput, type ReadProgress } from "../jsonl-lines.js";
import { LineTooLong } from "../line-splitter.js";
import type { ItemSink, RunFileItem } from "./entry.js";
import { RunFileReader, type ReaderOptions } from "./reader.js";

/** What a read covered. */
export interface RunFileRead {
  /** Lines read, blank ones included. */
  lines: number;
  bytes: number;
}

export interface ReadOptions extends ReaderOptions {
  /** Hears of each chunk: its bytes and the lines it completed. */
  onProgress?: ReadProgress;
  /** Awaited after each chunk's items: a consumer whose output cannot keep up holds the read. */
  afterChunk?: () => Promise<void> | undefined;
}

/** A byte range of a file; `end` is exclusive, Infinity reads to the end (a pipe or a device, read as a stream). */
export interface ByteRange {
  path: string;
  start: number;
  end: number;
}

/** Throws UnreadableInput for a line too long to read, named with its line, for a reader that needs every line
 * (triage, rerun: they must agree on which files they can read). */
export function refuseTooLong(path: string, item: RunFileItem): void {
  if (item.kind === "tooLong") throw unreadableInput(path, new LineTooLong(item.line, item.maxLineBytes));
}

/** Reads every item of `input`. An error reading it rejects as `readError` makes it (as it is by default); an
 * error the sink throws is passed on as it is. */
export async function readRunStream(
  input: AsyncIterable<Buffer>,
  emit: ItemSink,
  options: ReadOptions = {},
  readError: (error: unknown) => unknown = (error) => error,
): Promise<RunFileRead> {
  const reader = new RunFileReader(emit, options);
  const chunks = input[Symbol.asyncIterator]();
  let bytes = 0;
  let reported = 0;
  let done = false;
  try {
    while (!reader.stopped) {
      let next: IteratorResult<Buffer>;
      try {
        next = await chunks.next();
      } catch (error) {
        throw readError(error);
      }
      if (next.done) {
        done = true;
        reader.end();
        break;
      }
      reader.push(next.value);
      bytes += next.value.length;
      options.onProgress?.(next.value.length, reader.lines - reported);
      reported = reader.lines;
      await options.afterChunk?.();
    }
  } finally {
    // Stopped early or failed: the stream is told, so a file is closed.
    if (!done) await chunks.return?.();
  }
  return { lines: reader.lines, bytes };
}

/** Reads every item of the run file at `path` ('-' = standard input). Rejects with UnreadableInput when it cannot
 * be opened or read (a directory, a missing file, a named FIFO, no permission). */
export async function readRunFile(path: string, emit: ItemSink, options: ReadOptions = {}): Promise<RunFileRead> {
  refuseNonRegular(path);
  const input = path === "-" ? process.stdin : createReadStream(path, { highWaterMark: 1 << 18 });
  try {
    return await readRunStream(input as AsyncIterable<Buffer>, emit, options, (error) => unreadableInput(path, error));
  } finally {
    if (path !== "-") input.destroy();
  }
}

/** Reads the items of a byte range as a stream (a range at offset 0 is read from the file's start: BOM, document).
 * A read error rejects as the system gave it. */
export function readRunRange(range: ByteRange, emit: ItemSink, options: ReadOptions = {}): Promise<RunFileRead> {
  const atFileStart = range.start === 0;
  // An empty range has no stream: createReadStream cannot express it (end would be start - 1).
  if (range.end <= range.start) return readRunStream(Readable.from([]), emit, { ...options, atFileStart });
  const input = createReadStream(range.path, {
    // No offset at all for a whole stream: a pipe cannot be read at a position (ESPIPE).
    ...(range.start > 0 || Number.isFinite(range.end) ? { start: range.start } : {}),
    ...(Number.isFinite(range.end) ? { end: range.end - 1 } : {}),
    highWaterMark: 1 << 18,
  });
  return readRunStream(input as AsyncIterable<Buffer>, emit, { ...options, atFileStart }).finally(() => input.destroy());
}
