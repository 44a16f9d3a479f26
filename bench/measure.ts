// Runs one command under GNU time and returns its wall time, peak RSS and stdout. Nothing touches the disk.
import { spawn, type StdioOptions } from "node:child_process";
import { closeSync, openSync } from "node:fs";

/** What one run of one command cost. */
export interface Sample {
  /** Wall-clock seconds, spawn to exit, measured here with a monotonic clock. */
  wallS: number;
  /** ru_maxrss reported by GNU time, in KiB. */
  maxRssKiB: number;
  /** The command's stdout (a span, a digest line: small); "" when it went to /dev/null. */
  stdout: string;
  /** The command's exit status (0 unless the command's options accept another). */
  exitCode: number;
}

export interface RunOptions {
  /** "capture" (default): read it, up to 1 MiB; "null": send it to /dev/null, as `> /dev/null` does. */
  stdout?: "capture" | "null";
  /** Exit statuses that are not a failure (default: 0 only). A linter exits 1 when it finds something. */
  exitCodes?: readonly number[];
}

const GNU_TIME = "/usr/bin/time";
// GNU time appends its report to stderr after the command's own stderr; a marker lets us find it there, so no
// `-o FILE` (and no temp file to clean up) is needed. %e is kept for reading by eye; the harness takes the wall
// time from its own monotonic clock instead, because %e has only 10 ms resolution, too coarse for 1 MiB runs.
const MARKER = "@@toolspan-bench@@";
const FORMAT = `${MARKER} %e %M`;
// Candidate outputs are one line; a runaway command must not make the harness itself a memory hog.
const MAX_CAPTURE = 1 << 20;

/** Runs `argv` (no shell) under `/usr/bin/time` in `cwd`, stdin from /dev/null. Rejects on an exit status
 * other than `options.exitCodes` (default 0). */
export function runTimed(argv: readonly string[], cwd: string, options: RunOptions = {}): Promise<Sample> {
  const exitCodes = options.exitCodes ?? [0];
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    // "ignore" opens /dev/null for the child: exactly `> /dev/null`, without a shell.
    const out = options.stdout === "null" ? "ignore" : "pipe";
    // Its own process group, so a signal to the harness can stop the whole measured pipeline, not just `time`.
    const child = spawn(GNU_TIME, ["-f", FORMAT, ...argv], { cwd, stdio: ["ignore", out, "pipe"], detached: true });
    current = child;
    const stdout = child.stdout ? capture(child.stdout) : () => "";
    const stderr = capture(child.stderr!);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      const wallS = Number(process.hrtime.bigint() - started) / 1e9;
      current = null;
      const report = parseReport(stderr());
      if (code === null || !exitCodes.includes(code) || report === null) {
        const why = signal ? `signal ${signal}` : `exit ${code}`;
        reject(new Error(`${argv.join(" ")}: ${why}\n${stderr().slice(-2000)}`));
        return;
      }
      resolve({ wallS, maxRssKiB: report.maxRssKiB, stdout: stdout(), exitCode: code });
    });
  });
}

/** What an untimed run left: its exit status, its stderr, and its stdout as asked for. */
export interface ChildResult {
  code: number;
  /** Captured stdout (up to 1 MiB); "" when it went to a file or was only counted. */
  stdout: string;
  /** Newlines in stdout, when counted. */
  stdoutLines: number;
  stderr: string;
}

export interface ChildOptions {
  /** "capture" (default): keep up to 1 MiB; "count-lines": count newlines, keep nothing; `{ path }`: write to a file. */
  stdout?: "capture" | "count-lines" | { path: string };
  exitCodes?: readonly number[];
  /** The child's environment (default: the harness's own). */
  env?: NodeJS.ProcessEnv;
}

/** Runs `argv` (no shell, not timed) in `cwd`, stdin from /dev/null. Rejects on an exit status outside
 * `exitCodes` (default 0). A signal to the harness reaches it too. */
export function runChild(argv: readonly string[], cwd: string, options: ChildOptions = {}): Promise<ChildResult> {
  const exitCodes = options.exitCodes ?? [0];
  const mode = options.stdout ?? "capture";
  return new Promise((resolve, reject) => {
    const fd = typeof mode === "object" ? openSync(mode.path, "w") : null;
    const stdio: StdioOptions = ["ignore", fd ?? "pipe", "pipe"];
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(argv[0]!, argv.slice(1), { cwd, stdio, detached: true, env: options.env ?? process.env });
    } finally {
      if (fd !== null) closeSync(fd); // the child has its own copy
    }
    current = child;
    let stdoutLines = 0;
    let stdout = (): string => "";
    if (child.stdout && mode === "count-lines") {
      child.stdout.on("data", (chunk: Buffer) => {
        for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) stdoutLines++;
      });
    } else if (child.stdout) stdout = capture(child.stdout);
    const stderr = capture(child.stderr!);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      current = null;
      if (code === null || !exitCodes.includes(code)) {
        const why = signal ? `signal ${signal}` : `exit ${code}`;
        reject(new Error(`${argv.join(" ")}: ${why}\n${stderr().slice(-2000)}`));
        return;
      }
      resolve({ code, stdout: stdout(), stdoutLines, stderr: stderr() });
    });
  });
}

// The child being measured, so a signal to the harness can be passed on to it.
let current: ReturnType<typeof spawn> | null = null;

/** Passes a signal to the process group of the command being measured, if any. */
export function signalCurrent(signal: NodeJS.Signals): void {
  if (current?.pid === undefined) return;
  try {
    process.kill(-current.pid, signal);
  } catch {
    // Already gone.
  }
}

function capture(stream: NodeJS.ReadableStream): () => string {
  const chunks: Buffer[] = [];
  let size = 0;
  stream.on("data", (chunk: Buffer) => {
    if (size >= MAX_CAPTURE) return;
    chunks.push(chunk);
    size += chunk.length;
  });
  return () => Buffer.concat(chunks).toString("utf8");
}

function parseReport(stderr: string): { maxRssKiB: number } | null {
  const at = stderr.lastIndexOf(MARKER);
  if (at === -1) return null;
  const fields = stderr.slice(at + MARKER.length).trim().split(/\s+/);
  const maxRssKiB = Number(fields[1]);
  return Number.isFinite(maxRssKiB) ? { maxRssKiB } : null;
}

/** The median; for an even count, the mean of the middle two. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median wall time of the samples, in seconds. */
export const wallOf = (samples: readonly Sample[]): number => median(samples.map((s) => s.wallS));
// The fastest run: noise from other work only ever adds time, so this is the closest to the uncontended cost.
export const bestWallOf = (samples: readonly Sample[]): number => Math.min(...samples.map((s) => s.wallS));
/** Median peak RSS of the samples, in MiB. */
export const rssMiBOf = (samples: readonly Sample[]): number => median(samples.map((s) => s.maxRssKiB)) / 1024;
/** A target's verdict as the reports print it. */
export const verdict = (met: boolean): string => (met ? "**met**" : "**NOT met**");
