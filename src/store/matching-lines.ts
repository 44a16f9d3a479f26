// The lines of a stored stream that match a pattern, with their line numbers and byte offsets, read in constant
// memory: a line longer than the limit is matched on its first bytes only, and says how long it really is.
import { createReadStream } from "node:fs";

/** One matching line: where it starts, and its first bytes (all of it unless it was longer than the limit). */
export interface LineMatch {
  /** Line number, from 1. */
  line: number;
  /** Byte offset of the line's first byte in the stream. */
  offset: number;
  /** The line's bytes without its newline, at most the limit. */
  text: Buffer;
  /** The line's whole length in bytes, without its newline. */
  bytes: number;
}

const NEWLINE = 0x0a;

/** Yields every line of the file at `path` that `matches` accepts (given the line decoded as UTF-8). Only the
 * first `maxLineBytes` of a line are held and matched. */
export async function* matchingLines(path: string, matches: (line: string) => boolean, maxLineBytes: number): AsyncGenerator<LineMatch> {
  let parts: Buffer[] = [];
  let held = 0;
  let length = 0;
  let line = 1;
  let offset = 0;
  let position = 0;
  const finish = (): LineMatch | null => {
    const text = Buffer.concat(parts, held);
    const found = matches(text.toString("utf8")) ? { line, offset, text, bytes: length } : null;
    parts = [];
    held = 0;
    length = 0;
    return found;
  };
  const hold = (piece: Buffer): void => {
    length += piece.length;
    const room = maxLineBytes - held;
    if (room <= 0 || piece.length === 0) return;
    const kept = piece.length <= room ? Buffer.from(piece) : Buffer.from(piece.subarray(0, room));
    parts.push(kept);
    held += kept.length;
  };
  for await (const data of createReadStream(path)) {
    const chunk = data as Buffer;
    let from = 0;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, from)) {
      hold(chunk.subarray(from, at));
      const found = finish();
      if (found) yield found;
      line += 1;
      offset = position + at + 1;
      from = at + 1;
    }
    hold(chunk.subarray(from));
    position += chunk.length;
  }
  if (length > 0) {
    const found = finish();
    if (found) yield found;
  }
}
