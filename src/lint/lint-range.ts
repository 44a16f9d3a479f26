// Lints the lines of one byte range of a file (or a whole stream): the unit of work a worker thread does.
import { closeSync, createReadStream, openSync, readSync } from "node:fs";
import { Readable } from "node:stream";
import { opensDocument } from "../formats/json-document.js";
import { LineSplitter, maxLineBytes } from "../formats/line-splitter.js";
import { lintDocumentInto } from "./lint-document.js";
import { lintLineInto, lintOverlongInto, type ActiveRule, type Finding } from "./lint-line.js";
import { isFileRule, type Severity, type SpanIdentity, type SpanRule } from "./rule.js";
import { RULE_IDS } from "./rule-ids.js";
import { RULES } from "./rules/index.js";
import type { Severities } from "./severities.js";

/** What one range yields; line numbers are counted from the range's first line (1). */
export interface RangeResult {
  lines: number;
  bytes: number;
  findings: Finding[];
  identities: SpanIdentity[];
}

export interface RangeTask {
  path: string;
  start: number;
  /** Exclusive; Infinity reads to the end. */
  end: number;
  severities: Severities;
}

/** The span rules that are on, with their configured severities. */
export function activeSpanRules(severities: Severities): { rules: ActiveRule[]; invalidJson: Severity | "off" } {
  const rules: ActiveRule[] = [];
  for (const rule of RULES) {
    const severity = severities[rule.id] ?? rule.severity;
    if (isFileRule(rule) || rule.id === RULE_IDS.invalidJson || severity === "off") continue;
    rules.push({ rule: rule as SpanRule, severity });
  }
  return { rules, invalidJson: severities[RULE_IDS.invalidJson] ?? "error" };
}

// Lints lines as bytes are pushed in; the same for a stream read asynchronously and a range read in one go.
// A file whose first non-blank line opens a pretty-printed document is gathered and linted whole at the end
// (planRanges never splits such a file).
class RangeLinter {
  readonly result: RangeResult = { lines: 0, bytes: 0, findings: [], identities: [] };
  private readonly splitter: LineSplitter;
  private readonly rules: ActiveRule[];
  private readonly invalidJson: Severity | "off";
  private lookForDocument: boolean;
  private document: { lines: string[]; first: number } | null = null;

  constructor(severities: Severities, atFileStart: boolean) {
    ({ rules: this.rules, invalidJson: this.invalidJson } = activeSpanRules(severities));
    this.lookForDocument = atFileStart;
    // A line past the limit is one invalid-json finding, and the lines after it are still linted.
    this.splitter = new LineSplitter((text, line) => this.line(text, line), atFileStart, maxLineBytes(), (line, limit) =>
      lintOverlongInto(this.result, line, this.invalidJson, limit),
    );
  }

  private line(text: string, line: number): void {
    if (this.document !== null) {
      this.document.lines.push(text);
      return;
    }
    if (this.lookForDocument && text.trim() !== "") {
      this.lookForDocument = false;
      if (opensDocument(text)) {
        this.document = { lines: [text], first: line };
        return;
      }
    }
    lintLineInto(this.result, text, line, this.rules, this.invalidJson);
  }

  get lines(): number {
    return this.splitter.lines;
  }

  push(chunk: Buffer): void {
    this.splitter.push(chunk);
    this.result.bytes += chunk.length;
  }

  finish(): RangeResult {
    this.splitter.end();
    if (this.document !== null) lintDocumentInto(this.result, this.document.lines, this.document.first, this.rules, this.invalidJson);
    this.result.lines = this.splitter.lines;
    return this.result;
  }
}

/** Lints every line of `input`; `onProgress` hears of each chunk: bytes and lines since the last call. */
export async function lintStream(
  input: Readable,
  severities: Severities,
  atFileStart: boolean,
  onProgress?: (bytes: number, lines: number) => void,
): Promise<RangeResult> {
  const linter = new RangeLinter(severities, atFileStart);
  let reportedLines = 0;
  for await (const chunk of input as AsyncIterable<Buffer>) {
    linter.push(chunk);
    onProgress?.(chunk.length, linter.lines - reportedLines);
    reportedLines = linter.lines;
  }
  return linter.finish();
}

/** Lints a range of a regular file with blocking reads: for worker threads, where blocking costs nothing
 * and saves a round trip through the thread pool per read. */
export function lintRangeSync(task: RangeTask): RangeResult {
  const linter = new RangeLinter(task.severities, task.start === 0);
  const fd = openSync(task.path, "r");
  try {
    const buffer = Buffer.allocUnsafe(1 << 18);
    for (let position = task.start; position < task.end; ) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, task.end - position), position);
      if (read === 0) break;
      // The splitter keeps strings, never the buffer, so one buffer serves every read.
      linter.push(buffer.subarray(0, read));
      position += read;
    }
  } finally {
    closeSync(fd);
  }
  return linter.finish();
}

export function lintRange(task: RangeTask): Promise<RangeResult> {
  // An empty file is one empty range; createReadStream cannot express it (end would be start - 1).
  if (task.end <= task.start) return lintStream(Readable.from([]), task.severities, task.start === 0);
  const input = createReadStream(task.path, {
    // No offset at all for a whole stream: a pipe cannot be read at a position (ESPIPE).
    ...(task.start > 0 || Number.isFinite(task.end) ? { start: task.start } : {}),
    ...(Number.isFinite(task.end) ? { end: task.end - 1 } : {}),
    highWaterMark: 1 << 18,
  });
  return lintStream(input, task.severities, task.start === 0);
}
