// Runs one argv (never through a shell) in its own process group and watches it to the end:
// exit, timeout, idle silence, forwarded signals, and pipes that a descendant keeps open.
import { spawn } from "node:child_process";
import { statSync } from "node:fs";
import type { Readable } from "node:stream";
import type { StreamName } from "../contract/span.js";
import { forwardSignalsTo } from "./forward-signals.js";
import { guardGroup, type UnfinishedTrace } from "./guard.js";
import { killGroup, terminateGroup } from "./kill-group.js";

export interface WatchOptions {
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdin: "inherit" | "ignore" | number;
  timeoutMs: number | null;
  idleTimeoutMs: number | null;
  stallGraceMs: number;
  killAfterMs: number;
  forwardSignals: boolean;
  signal?: AbortSignal | undefined;
  /** Settles when the reader of a stream's kept bytes went away: the command is then ended as in a shell pipeline. */
  readerGone?: Promise<StreamName> | undefined;
  /** What to leave behind if toolspan is killed before the command ends (the command is stopped either way). */
  unfinished?: UnfinishedTrace | null;
  /** A returned promise pauses reading that stream until it settles. */
  onStdout: (chunk: Buffer) => void | Promise<void>;
  onStderr: (chunk: Buffer) => void | Promise<void>;
}

/** How the process ended, as far as the watcher saw. */
export interface ProcessOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Why it could not start, as `CODE: message`; null when it ran. */
  error: string | null;
  /** The command itself was not found (exit 127), as opposed to found but not startable (126). */
  notFound: boolean;
  timedOut: boolean;
  idleTimedOut: boolean;
  stalled: boolean;
  pid: number | null;
}

// spawn reports a missing cwd as ENOENT, the same code as a missing command: tell them apart first.
function cwdProblem(cwd: string): string | null {
  try {
    return statSync(cwd).isDirectory() ? null : `ENOTDIR: working directory is not a directory: ${cwd}`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "EIO";
    return `${code}: working directory cannot be used: ${cwd}`;
  }
}

function startError(error: NodeJS.ErrnoException, command: string): string {
  const code = error.code ?? "ESPAWN";
  const why: Record<string, string> = {
    ENOENT: "command not found",
    EACCES: "permission denied (not executable)",
    EISDIR: "is a directory",
    ENOEXEC: "not an executable format",
  };
  return `${code}: ${command}: ${why[code] ?? error.message}`;
}

/** Resolves once the process has exited and its pipes are drained, or given up on after the stall grace. */
export function watchProcess(options: WatchOptions): Promise<ProcessOutcome> {
  const failed = (error: string): ProcessOutcome => ({
    code: null,
    signal: null,
    error,
    notFound: false,
    timedOut: false,
    idleTimedOut: false,
    stalled: false,
    pid: null,
  });
  const badCwd = cwdProblem(options.cwd);
  if (badCwd) return Promise.resolve(failed(badCwd));
  const [command, ...args] = options.argv;
  if (command === undefined || command === "") return Promise.resolve({ ...failed("ENOENT: empty command"), notFound: true });

  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: [options.stdin, "pipe", "pipe"],
      detached: true,
      shell: false,
    });
    const outcome: ProcessOutcome = {
      code: null,
      signal: null,
      error: null,
      notFound: false,
      timedOut: false,
      idleTimedOut: false,
      stalled: false,
      pid: child.pid ?? null,
    };
    const streams = [child.stdout, child.stderr] as Readable[];
    let openStreams = streams.length;
    let exited = false;
    let settled = false;
    let cancelKill: (() => void) | null = null;
    let stallTimer: NodeJS.Timeout | null = null;
    // Streams paused for a slow consumer: silence then is not the command's, so idle and stall limits wait.
    let paused = 0;

    const terminate = (): void => {
      if (cancelKill || exited || child.pid === undefined) return;
      cancelKill = terminateGroup(child.pid, options.killAfterMs);
    };
    const timeoutTimer =
      options.timeoutMs === null
        ? null
        : setTimeout(() => {
            outcome.timedOut = true;
            terminate();
          }, options.timeoutMs);
    const idleTimer =
      options.idleTimeoutMs === null
        ? null
        : setTimeout(() => {
            if (paused > 0) {
              idleTimer?.refresh();
              return;
            }
            outcome.idleTimedOut = true;
            outcome.stalled = true;
            terminate();
          }, options.idleTimeoutMs);
    const onAbort = (): void => terminate();
    const stopForwarding = options.forwardSignals && child.pid !== undefined ? forwardSignalsTo(child.pid) : null;
    const release = child.pid !== undefined ? guardGroup(child.pid, options.unfinished ?? null) : null;
    options.signal?.addEventListener("abort", onAbort, { once: true });
    if (options.signal?.aborted) queueMicrotask(onAbort);

    const finish = (): void => {
      if (settled) return;
      settled = true;
      for (const timer of [timeoutTimer, idleTimer, stallTimer]) if (timer) clearTimeout(timer);
      cancelKill?.();
      stopForwarding?.();
      release?.();
      options.signal?.removeEventListener("abort", onAbort);
      resolve(outcome);
    };
    const maybeFinish = (): void => {
      if (exited && openStreams === 0) finish();
    };

    const watchStream = (stream: Readable, sink: (chunk: Buffer) => void | Promise<void>): void => {
      let open = true;
      const closed = (): void => {
        if (!open) return;
        open = false;
        openStreams--;
        maybeFinish();
      };
      stream.on("data", (chunk: Buffer) => {
        if (settled) return;
        idleTimer?.refresh();
        const wait = sink(chunk);
        if (!wait) return;
        paused++;
        stream.pause();
        const resume = (): void => {
          paused--;
          idleTimer?.refresh();
          if (!settled) stream.resume();
        };
        wait.then(resume, resume);
      });
      stream.on("end", closed);
      stream.on("close", closed);
      stream.on("error", closed);
    };
    watchStream(child.stdout!, options.onStdout);
    watchStream(child.stderr!, options.onStderr);
    // As in `cmd | head -1`: the group gets SIGPIPE, and the pipe it wrote to is closed, so a writer that
    // ignores SIGPIPE gets EPIPE instead of writing into toolspan forever.
    void options.readerGone?.then((stream) => {
      if (settled || child.pid === undefined) return;
      killGroup(child.pid, "SIGPIPE");
      (stream === "stdout" ? child.stdout : child.stderr)?.destroy();
    });

    // Only a failure to start matters here; a later error (a failed kill) leaves the run to end as it will.
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (child.pid !== undefined) return;
      outcome.error = startError(error, command);
      outcome.notFound = error.code === "ENOENT";
      finish();
    });
    child.on("exit", (code, signal) => {
      exited = true;
      outcome.code = code;
      outcome.signal = signal;
      if (idleTimer) clearTimeout(idleTimer);
      if (timeoutTimer) clearTimeout(timeoutTimer);
      // A pending SIGKILL stays armed until the pipes close (finish cancels it): group members that
      // ignored SIGTERM and hold the pipes are killed, not left running past the stall grace.
      if (openStreams > 0) {
        // A descendant may hold the pipes open forever: read on for the grace period, then let go.
        stallTimer = setTimeout(() => {
          if (paused > 0) {
            stallTimer?.refresh();
            return;
          }
          outcome.stalled = true;
          for (const stream of streams) stream.destroy();
          finish();
        }, options.stallGraceMs);
      }
      maybeFinish();
    });
  });
}
