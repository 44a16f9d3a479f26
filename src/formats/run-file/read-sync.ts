// Reads the items of a byte range of a regular file with blocking reads: for lint's worker threads, where
// blocking costs nothing and saves a round trip through the thread pool per read.
import { closeSync, openSync, readSync } from "node:fs";
import type { ItemSink } from "./entry.js";
import type { ByteRange, RunFileRead } from "./read.js";
import { RunFileReader, type ReaderOptions } from "./reader.js";

/** Every item of `range` (a finite one); a range at offset 0 is read from the file's start (BOM, document). */
export function readRunRangeSync(range: ByteRange, emit: ItemSink, options: ReaderOptions = {}): RunFileRead {
  const reader = new RunFileReader(emit, { ...options, atFileStart: range.start === 0 });
  let bytes = 0;
  const fd = openSync(range.path, "r");
  try {
    const buffer = Buffer.allocUnsafe(1 << 18);
    for (let position = range.start; position < range.end && !reader.stopped; ) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, range.end - position), position);
      if (read === 0) break;
      // The splitter keeps strings, never the buffer, so one buffer serves every read.
      reader.push(buffer.subarray(0, read));
      position += read;
      bytes += read;
    }
  } finally {
    closeSync(fd);
  }
  reader.end();
  return { lines: reader.lines, bytes };
}
