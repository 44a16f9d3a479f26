// Runs the built CLI (`node bin/toolspan.js ...` from the repository root) and captures what it did.
import { spawn, type ChildProcess } from "node:child_process";
import { repoPath, repoRoot } from "./repo.js";

/** What one CLI run left behind: both streams as bytes, and how it ended. */
export interface CliResult {
  stdout: Buffer;
  stderr: Buffer;
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface CliOptions {
  /** Bytes piped to the CLI's stdin, which is then closed; without it stdin is /dev/null. */
  input?: Buffer | string;
  /** The CLI's environment (default process.env without TOOLSPAN_* variables). */
  env?: NodeJS.ProcessEnv;
  /** Extra variables on top of the default environment. */
  extraEnv?: NodeJS.ProcessEnv;
  /** Working directory (default the repository root). */
  cwd?: string;
}

/** A running CLI: its process, a wait for text on its stdout, and its result once it has exited. */
export interface CliProcess {
  child: ChildProcess;
  /** Resolves once `text` has appeared on the CLI's stdout; rejects if the CLI ends first. */
  stdoutIncludes(text: string): Promise<void>;
  /** Resolves once `text` has appeared on the CLI's stderr; rejects if the CLI ends first. */
  stderrIncludes(text: string): Promise<void>;
  done: Promise<CliResult>;
}

/** The environment tests run the CLI in: ours, minus any TOOLSPAN_* set by an enclosing wrap. */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith("TOOLSPAN_")) env[name] = value;
  return { ...env, ...extra };
}

/** The argv that runs the built CLI. */
export function cliArgv(...args: string[]): string[] {
  return [process.execPath, repoPath("bin/toolspan.js"), ...args];
}

/** Starts `toolspan ARGS...` and returns at once. */
export function startCli(args: readonly string[], options: CliOptions = {}): CliProcess {
  const [node, ...rest] = cliArgv(...args);
  const child = spawn(node!, rest, {
    cwd: options.cwd ?? repoRoot,
    env: options.env ?? cleanEnv(options.extraEnv),
    stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  const captured = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
  let closed = false;
  const waiters: { stream: "stdout" | "stderr"; text: string; resolve: () => void; reject: (error: Error) => void }[] = [];
  const check = (): void => {
    for (const waiter of waiters.splice(0)) {
      if (Buffer.concat(captured[waiter.stream]).toString("utf8").includes(waiter.text)) waiter.resolve();
      else if (closed) waiter.reject(new Error(`toolspan ended before printing '${waiter.text}' on ${waiter.stream}`));
      else waiters.push(waiter);
    }
  };
  child.stdout!.on("data", (chunk: Buffer) => {
    captured.stdout.push(chunk);
    check();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    captured.stderr.push(chunk);
    check();
  });
  if (options.input !== undefined) child.stdin!.end(options.input);
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      closed = true;
      check();
      resolve({ stdout: Buffer.concat(captured.stdout), stderr: Buffer.concat(captured.stderr), code, signal });
    });
  });
  const includes =
    (stream: "stdout" | "stderr") =>
    (text: string): Promise<void> =>
      new Promise<void>((resolve, reject) => {
        waiters.push({ stream, text, resolve, reject });
        check();
      });
  return { child, done, stdoutIncludes: includes("stdout"), stderrIncludes: includes("stderr") };
}

/** Runs `toolspan ARGS...` to the end. */
export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  return startCli(args, options).done;
}
