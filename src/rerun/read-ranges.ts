// Reads byte ranges back from a saved stream: a huge range shows its first and last part, never the whole in memory.
import { open } from "node:fs/promises";
import type { ByteRange } from "./unseen.js";

/** A range as shown: all of it, or its first and last bytes with the count left out between them. */
export interface ShownRange extends ByteRange {
  /** The first bytes (all of them when nothing was left out), from `start`. */
  head: Buffer;
  /** The last bytes, ending at `end`; empty when nothing was left out. */
  tail: Buffer;
  /** Bytes between head and tail that are not shown. */
  omitted: number;
}

async function readAt(path: string, start: number, length: number): Promise<Buffer> {
  const file = await open(path, "r");
  try {
    const data = Buffer.alloc(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await file.read(data, done, length - done, start + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return data.subarray(0, done);
  } finally {
    await file.close();
  }
}

const NEWLINE = 0x0a;

/** Reads `range` of the file, or at most `limit` bytes of it: the first half and the last half of the limit, each
 * cut back to whole lines where it has a line break, so the gap falls between lines. */
export async function readRange(path: string, range: ByteRange, limit: number): Promise<ShownRange> {
  const length = range.end - range.start;
  if (length <= limit) return { ...range, head: await readAt(path, range.start, length), tail: Buffer.alloc(0), omitted: 0 };
  const headBytes = Math.ceil(limit / 2);
  const tailBytes = limit - headBytes;
  let head = await readAt(path, range.start, headBytes);
  let tail = await readAt(path, range.end - tailBytes, tailBytes);
  const lastBreak = head.lastIndexOf(NEWLINE);
  if (lastBreak !== -1) head = head.subarray(0, lastBreak + 1);
  const firstBreak = tail.indexOf(NEWLINE);
  if (firstBreak !== -1 && firstBreak < tail.length - 1) tail = tail.subarray(firstBreak + 1);
  return { ...range, head, tail, omitted: length - head.length - tail.length };
}

/** The first `limit` bytes of the ranges taken one after another (the kept bytes a preview is built from). */
export async function readPrefix(path: string, ranges: readonly ByteRange[], limit: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let left = limit;
  for (const range of ranges) {
    if (left <= 0) break;
    const take = Math.min(left, range.end - range.start);
    parts.push(await readAt(path, range.start, take));
    left -= take;
  }
  return Buffer.concat(parts);
}
