// Lints the items of one byte range of a file (or a whole stream): the unit of work a worker thread does.
import type { Readable } from "node:stream";
import type { RunFileItem } from "../formats/run-file/entry.js";
import { readRunRange, readRunStream, type ByteRange, type RunFileRead } from "../formats/run-file/read.js";
import { readRunRangeSync } from "../formats/run-file/read-sync.js";
import { activeSpanRules } from "./active-rules.js";
import type { Finding } from "./finding.js";
import { lintItemInto } from "./lint-item.js";
import type { SpanIdentity } from "./rule.js";
import type { Severities } from "./severities.js";

/** What one range yields; line numbers are counted from the range's first line (1). */
export interface RangeResult {
  lines: number;
  bytes: number;
  findings: Finding[];
  identities: SpanIdentity[];
}

export interface RangeTask extends ByteRange {
  severities: Severities;
}

// A range's findings gather in one result, item after item.
function rangeLinter(severities: Severities): { lint: (item: RunFileItem) => void; done: (read: RunFileRead) => RangeResult } {
  const { rules, invalidJson } = activeSpanRules(severities);
  const result: RangeResult = { lines: 0, bytes: 0, findings: [], identities: [] };
  return {
    lint: (item) => lintItemInto(result, item, rules, invalidJson),
    done: (read) => Object.assign(result, read),
  };
}

/** Lints every line of `input`; `onProgress` hears of each chunk: bytes and lines since the last call. */
export async function lintStream(
  input: Readable,
  severities: Severities,
  atFileStart: boolean,
  onProgress?: (bytes: number, lines: number) => void,
): Promise<RangeResult> {
  const linter = rangeLinter(severities);
  return linter.done(await readRunStream(input as AsyncIterable<Buffer>, linter.lint, { atFileStart, onProgress }));
}

/** Lints a range of a regular file with blocking reads (see read-sync.ts). */
export function lintRangeSync(task: RangeTask): RangeResult {
  const linter = rangeLinter(task.severities);
  return linter.done(readRunRangeSync(task, linter.lint));
}

export async function lintRange(task: RangeTask): Promise<RangeResult> {
  const linter = rangeLinter(task.severities);
  return linter.done(await readRunRange(task, linter.lint));
}
