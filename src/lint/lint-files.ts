// Lints files in argument order: each is cut into ranges that worker threads lint side by side (ranges of
// several files at once), and findings are handed on strictly in file and line order, with the
// file-level rules applied as the lines come by.
import { stat } from "node:fs/promises";
import { refuseNonRegular, UnreadableInput } from "../formats/jsonl-lines.js";
import { availableParallelism } from "node:os";
import type { Readable } from "node:stream";
import { emitRange, fileCheckers, type FileChecker } from "./file-rules.js";
import type { Finding } from "./finding.js";
import { lintRange, lintStream, type RangeResult, type RangeTask } from "./lint-range.js";
import { planRanges } from "./plan-ranges.js";
import { defaultSeverities, type Severities } from "./severities.js";

/** The standard input's name in findings. */
export const STDIN_NAME = "-";

export interface LintFilesOptions {
  /** Each rule's severity by id, or "off" (default: every rule at its own). */
  severities?: Severities;
  /** Findings in order; `file` is the name as given. */
  onFinding: (file: string, finding: Finding) => void;
  /** A file that could not be read: named, and the others go on. */
  onUnreadable: (file: string, reason: string) => void;
  /** Bytes and lines done since the last call. */
  onProgress?: (bytes: number, lines: number) => void;
  /** Called after each range's findings are handed on; a returned promise holds linting until it settles
   * (an output that cannot keep up). */
  afterRange?: () => Promise<void> | undefined;
  /** Worker threads (default: the available cores); 0 lints in this thread. */
  workers?: number;
  /** Bytes per range (default 2 MiB: small ranges keep the memory of ranges in flight low). */
  rangeBytes?: number;
  /** Inputs smaller than this in all are linted in this thread, where a worker's start-up costs more than it saves (default 16 MiB). */
  parallelAbove?: number;
  stdin?: Readable;
}

export interface LintSummary {
  files: number;
  lines: number;
  bytes: number;
  unreadable: number;
}

// A range of a file, or the whole standard input, in argument order.
interface Task {
  file: string;
  first: boolean;
  last: boolean;
  range: RangeTask | null;
}

/** Lints `files` ("-" is standard input) and resolves when every finding has been handed on. */
export async function lintFiles(files: readonly string[], options: LintFilesOptions): Promise<LintSummary> {
  const summary: LintSummary = { files: 0, lines: 0, bytes: 0, unreadable: 0 };
  const severities = options.severities ?? defaultSeverities();
  const rangeBytes = options.rangeBytes ?? 2 * (1 << 20);
  const tasks: Task[] = [];
  let totalBytes = 0;
  for (const file of files) {
    if (file === STDIN_NAME) {
      tasks.push({ file, first: true, last: true, range: null });
      continue;
    }
    try {
      const info = await stat(file);
      if (info.isDirectory()) throw Object.assign(new Error("is a directory"), { code: "EISDIR" });
      // A named FIFO without a writer, or a device such as /dev/zero, would hang the run: refused, named.
      refuseNonRegular(file);
      if (!info.isFile()) {
        // A pipe or a device (`toolspan lint <(zcat run.jsonl.gz)`, /dev/stdin): its size says nothing and it
        // cannot be read at offsets, so it is one range read as a stream to its end.
        tasks.push({ file, first: true, last: true, range: { path: file, start: 0, end: Infinity, severities } });
        continue;
      }
      const bounds = await planRanges(file, info.size, rangeBytes);
      totalBytes += info.size;
      for (let index = 0; index + 1 < bounds.length; index++) {
        const range = { path: file, start: bounds[index]!, end: bounds[index + 1]!, severities };
        tasks.push({ file, first: index === 0, last: index + 2 === bounds.length, range });
      }
    } catch (error) {
      summary.unreadable++;
      options.onUnreadable(file, error instanceof UnreadableInput ? error.reason : ((error as NodeJS.ErrnoException).code ?? String(error)));
    }
  }

  const workers = totalBytes >= (options.parallelAbove ?? 16 << 20) ? (options.workers ?? availableParallelism()) : 0;
  // Loaded only for a file big enough to share out: a small one is linted here, without worker_threads.
  const pool = workers > 0 ? new (await import("./worker-pool.js")).WorkerPool(workers) : null;
  const start = (task: Task): Promise<RangeResult> => {
    if (task.range === null) return lintStream(options.stdin ?? process.stdin, severities, true, options.onProgress);
    return pool ? pool.run(task.range) : lintRange(task.range);
  };
  // A bounded window of ranges in flight, emitted strictly in order: memory stays flat whatever the sizes.
  // Two per worker, so a worker that finishes before the range ahead of it is emitted has its next one.
  const window = Math.max(1, 2 * workers);
  const inFlight: Promise<RangeResult>[] = [];
  let issued = 0;
  let checkers: FileChecker[] = [];
  let offset = 0;
  let failedFile: string | null = null;
  try {
    while (issued < tasks.length || inFlight.length > 0) {
      while (issued < tasks.length && inFlight.length < window) {
        const promise = start(tasks[issued++]!);
        promise.catch(() => {}); // handled when its turn comes
        inFlight.push(promise);
      }
      const task = tasks[issued - inFlight.length]!;
      const promise = inFlight.shift()!;
      if (task.first) {
        checkers = fileCheckers(severities);
        offset = 0;
        failedFile = null;
      }
      if (failedFile === task.file) continue;
      try {
        const result = await promise;
        emitRange(result, offset, checkers, (finding) => options.onFinding(task.file, finding));
        offset += result.lines;
        summary.lines += result.lines;
        summary.bytes += result.bytes;
        if (task.range !== null) options.onProgress?.(result.bytes, result.lines);
        if (task.last) summary.files++;
        await options.afterRange?.();
      } catch (error) {
        failedFile = task.file;
        summary.unreadable++;
        options.onUnreadable(task.file, (error as NodeJS.ErrnoException).code ?? String(error));
      }
    }
  } finally {
    await pool?.close();
  }
  return summary;
}
