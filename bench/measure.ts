// Runs one command under GNU time and returns its wall time, peak RSS and stdout. Nothing touches the disk.
import { spawn } from "node:child_process";

/** What one run of one command cost. */
export interface Sample {
  /** Wall-clock seconds, spawn to exit, measured here with a monotonic clock. */
  wallS: number;
  /** ru_maxrss reported by GNU time, in KiB. */
  maxRssKiB: number;
  /** The command's stdout (a span, a digest line: small). */
  stdout: string;
}

const GNU_TIME = "/usr/bin/time";
// GNU time appends its report to stderr after the command's own stderr; a marker lets us find it there, so no
// `-o FILE` (and no temp file to clean up) is needed. %e is kept for reading by eye; the harness takes the wall
// time from its own monotonic clock instead, because %e has only 10 ms resolution, too coarse for 1 MiB runs.
const MARKER = "@@toolspan-bench@@";
const FORMAT = `${MARKER} %e %M`;
// Candidate outputs are one line; a runaway command must not make the harness itself a memory hog.
const MAX_CAPTURE = 1 << 20;

/** Runs `argv` (no shell) under `/usr/bin/time` in `cwd`, stdin from /dev/null. Rejects on a non-zero exit. */
export function runTimed(argv: readonly string[], cwd: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    // Its own process group, so a signal to the harness can stop the whole measured pipeline, not just `time`.
    const child = spawn(GNU_TIME, ["-f", FORMAT, ...argv], { cwd, stdio: ["ignore", "pipe", "pipe"], detached: true });
    current = child;
    const stdout = capture(child.stdout);
    const stderr = capture(child.stderr);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      const wallS = Number(process.hrtime.bigint() - started) / 1e9;
      current = null;
      const report = parseReport(stderr());
      if (code !== 0 || report === null) {
        const why = signal ? `signal ${signal}` : `exit ${code}`;
        reject(new Error(`${argv.join(" ")}: ${why}\n${stderr().slice(-2000)}`));
        return;
      }
      resolve({ wallS, maxRssKiB: report.maxRssKiB, stdout: stdout() });
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
