// Reads a run file ('-' = standard input) line by line, numbered as an editor numbers them, in constant memory.
import { createReadStream, realpathSync, statSync } from "node:fs";
import { basename } from "node:path";
import { LineSplitter, LineTooLong } from "./line-splitter.js";
import { ToolspanError } from "../util/errors.js";

/** A run file that could not be read; `reason` is the system's code or a short phrase. */
export class UnreadableInput extends ToolspanError {
  constructor(
    readonly path: string,
    readonly reason: string,
    option?: string,
  ) {
    super(`cannot read ${path}: ${reason}`, option);
    this.name = "UnreadableInput";
  }
}

/** The UnreadableInput for an error met reading `path`: the system's code, or the error's message (and the option
 * it names). */
export function unreadableInput(path: string, error: unknown): UnreadableInput {
  const code = (error as NodeJS.ErrnoException).code;
  const option = error instanceof ToolspanError ? error.option : undefined;
  return new UnreadableInput(path, code === "EISDIR" ? "is a directory" : (code ?? (error as Error).message), option);
}

/** Throws UnreadableInput for an input that is not a regular file and would hang a reader: a named FIFO (opening it
 * waits for a writer, maybe forever), a device (/dev/zero never ends), a socket. Standard input (`-`) and an
 * anonymous pipe (bash's `<(...)`, which comes with its writer) are read as streams. A missing file or a directory
 * is left to the open, which names it. */
export function refuseNonRegular(path: string): void {
  if (path === "-") return;
  let info;
  try {
    info = statSync(path);
  } catch {
    return;
  }
  if (info.isFile() || info.isDirectory()) return;
  if (info.isFIFO()) {
    let real = "";
    try {
      real = basename(realpathSync(path));
    } catch {
      // Unresolvable: treated as the named FIFO it may be.
    }
    if (/^pipe:\[\d+\]$/.test(real)) return;
    throw new UnreadableInput(path, "is a named pipe (FIFO), which may have no writer; give it as standard input instead (- < FIFO)");
  }
  const kind = info.isCharacterDevice() ? "a character device" : info.isBlockDevice() ? "a block device" : info.isSocket() ? "a socket" : "not a regular file";
  throw new UnreadableInput(path, `is ${kind}, not a file`);
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
  refuseNonRegular(path);
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
    // A line past the limit (LineTooLong) says so in its message, as a read error says its code.
    throw unreadableInput(path, error);
  } finally {
    if (path !== "-") input.destroy();
  }
  if (stopped) return;
  try {
    splitter.end();
  } catch (error) {
    throw error instanceof LineTooLong ? unreadableInput(path, error) : error;
  }
}
