// Runs one argv (never through a shell) in its own process group and watches it to the end. The limits that may
// stop it (limits.ts: timeout, idle, abort) and the drain of its pipes (stream-drain.ts) are separate pieces; this
// file starts them around one spawn and turns what they saw into the outcome.
import { spawn, type ChildProcess } from "node:child_process";
import { statSync } from "node:fs";
import type { StreamName } from "../contract/span.js";
import { forwardSignalsTo } from "./forward-signals.js";
import { guardGroup, type UnfinishedTrace } from "./guard.js";
import { killGroup } from "./kill-group.js";
import { stopGroup, stopOnAbort, stopOnIdle, stopOnTimeout } from "./limits.js";
import { PausedPipes } from "./quiet-timer.js";
import { drainStreams, type Sink } from "./stream-drain.js";

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
  onStdout: Sink;
  onStderr: Sink;
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

/** Resolves once the process has exited and its pipes are drained, or given up on after the stall grace. */
export async function watchProcess(options: WatchOptions): Promise<ProcessOutcome> {
  const badCwd = cwdProblem(options.cwd);
  if (badCwd) return failed(badCwd);
  const [command, ...args] = options.argv;
  if (command === undefined || command === "") return { ...failed("ENOENT: empty command"), notFound: true };
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: [options.stdin, "pipe", "pipe"],
    detached: true,
    shell: false,
  });
  if (child.pid === undefined) return startFailure(child, command);
  return watchRunning(child, child.pid, options);
}

// Without a pid the process never started, and spawn reports why on the next turn.
function startFailure(child: ChildProcess, command: string): Promise<ProcessOutcome> {
  return new Promise((resolve) => {
    child.once("error", (error: NodeJS.ErrnoException) => {
      resolve({ ...failed(startError(error, command)), notFound: error.code === "ENOENT" });
    });
  });
}

// The limits race the command's exit as execa races its timeout and cancel against the result: each fires on its
// own, the first stops the group and names the cause, and exit clears them all. The drain then reads on until
// both pipes close, or the stall grace lets them go.
function watchRunning(child: ChildProcess, pid: number, options: WatchOptions): Promise<ProcessOutcome> {
  const group = stopGroup(pid, options.killAfterMs);
  const paused = new PausedPipes();
  stopOnTimeout(options.timeoutMs, group);
  stopOnAbort(options.signal, group);
  const idle = stopOnIdle(options.idleTimeoutMs, group, paused);
  const stopForwarding = options.forwardSignals ? forwardSignalsTo(pid) : null;
  const release = guardGroup(pid, options.unfinished ?? null);
  const drain = drainStreams(
    { stdout: child.stdout!, stderr: child.stderr! },
    { stdout: options.onStdout, stderr: options.onStderr },
    paused,
    idle ? () => idle.touch() : () => {},
  );
  let finished = false;
  // As in `cmd | head -1`: the group gets SIGPIPE, and the pipe it wrote to is closed, so a writer that
  // ignores SIGPIPE gets EPIPE instead of writing into toolspan forever.
  void options.readerGone?.then((stream) => {
    if (finished) return;
    killGroup(pid, "SIGPIPE");
    drain.destroy(stream);
  });
  // It started: a later error (a failed kill) leaves the run to end as it will.
  child.on("error", () => {});
  return new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      group.exited();
      void drain.settle(options.stallGraceMs).then((stalled) => {
        finished = true;
        group.done();
        stopForwarding?.();
        release();
        resolve({
          code,
          signal,
          error: null,
          notFound: false,
          timedOut: group.cause === "timeout",
          idleTimedOut: group.cause === "idle",
          stalled: stalled || group.cause === "idle",
          pid,
        });
      });
    });
  });
}
