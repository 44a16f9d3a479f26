// The run a run file already holds, read from its first line: a file holds one agent run (lint's mixed-runs), so
// a span appended to it joins that run.
import { closeSync, openSync, readSync } from "node:fs";
import { parseObject } from "./transcripts/json-values.js";

// How much of the file is read at most. A span's line is a few KiB; a first line longer than this (a huge argv)
// is not read to its end, and the appended span then starts a run of its own.
const FIRST_LINE_LIMIT = 1 << 20;
const CHUNK_BYTES = 1 << 16;

// An id the span and the command's environment (TOOLSPAN_RUN_ID) can carry: no NUL, no control characters.
const USABLE_ID = /^[^\u0000-\u001f\u007f-\u009f]+$/;

function runIdOfLine(line: Buffer): string | null {
  const text = line.toString("utf8").replace(/^\uFEFF/, "").replace(/\r$/, "");
  const runId = parseObject(text)?.run_id;
  return typeof runId === "string" && USABLE_ID.test(runId) ? runId : null;
}

/** The `run_id` of the span on the first line of `path`; null when the file is absent, unreadable or empty, or its
 * first line is no JSON object with a usable `run_id` (longer than 1 MiB included). Reads 1 MiB at most. */
export function firstRunId(path: string): string | null {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return null;
  }
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    while (total < FIRST_LINE_LIMIT) {
      const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, FIRST_LINE_LIMIT - total));
      const read = readSync(fd, chunk, 0, chunk.length, total);
      const newline = chunk.subarray(0, read).indexOf(0x0a);
      chunks.push(chunk.subarray(0, newline === -1 ? read : newline));
      total += read;
      if (newline !== -1 || read === 0) return runIdOfLine(Buffer.concat(chunks));
    }
    return null;
  } catch {
    return null; // a folder, an I/O error: the span starts a run of its own, and appending names the problem
  } finally {
    closeSync(fd);
  }
}
