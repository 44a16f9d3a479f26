// Reads a run file ('-' = standard input) line by line, numbered as an editor numbers them, in constant memory.
import { createReadStream } from "node:fs";
import { LineSplitter } from "../lint/line-splitter.js";

/** A run file that could not be read; `reason` is the system's code or a short phrase. */
export class UnreadableInput extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`cannot read ${path}: ${reason}`);
    this.name = "UnreadableInput";
  }
}

/** The UnreadableInput for an error met reading `path`: the system's code, or the error's message. */
export function unreadableInput(path: string, error: unknown): UnreadableInput {
  const code = (error as NodeJS.ErrnoException).code;
  return new UnreadableInput(path, code === "EISDIR" ? "is a directory" : (code ?? (error as Error).message));
}

/** What `onLine` returns to stop reading early (the rest of the file is not read). */
export const STOP = false;

/** Hears of each chunk read: its bytes and the lines it completed. */
export type ReadProgress = (bytes: number, lines: number) => void;

/**
 * Calls `onLine` with each line's text (BOM and CR dropped) and its number from 1; stops early when it
 * returns STOP. Rejects with UnreadableInput when the file cannot be
 * opened or read (a directory, a missing file, no permission).
 */
export async function readLines(
  path: string,
  onLine: (text: string, line: number) => boolean | void,
  onProgress?: ReadProgress,
): Promise<void> {
  const input = path === "-" ? process.stdin : createReadStream(path, { highWaterMark: 1 << 18 });
  let stopped = false;
  const splitter = new LineSplitter((text, line) => {
    if (!stopped && onLine(text, line) === STOP) stopped = true;
  });
  let reported = 0;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      splitter.push(chunk);
      onProgress?.(chunk.length, splitter.lines - reported);
      reported = splitter.lines;
      if (stopped) break;
    }
  } catch (error) {
    throw unreadableInput(path, error);
  } finally {
    if (path !== "-") input.destroy();
  }
  if (!stopped) splitter.end();
}
