// Runs the real Gemini CLI once, non-interactively, against a scripted server, in a HOME of its own.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scratchPaths } from "../../helpers/scratch.js";
import { harnessBin } from "./harness-bin.js";
import type { ScriptedServer } from "./scripted-model.js";

export interface GeminiRunOptions {
  server: ScriptedServer;
  prompt: string;
  /** The project folder the CLI works in (its workspace and the shell tool's working directory). */
  cwd: string;
  /** HOME for the run (default a fresh folder, removed when the test file ends); settings go in HOME/.gemini. */
  home?: string;
  /** Merged over the lab's settings (objects key by key, anything else replaced), e.g. hooks or tools. */
  settings?: Record<string, unknown>;
  /** Extra environment variables, over the lab's small fixed environment. */
  env?: NodeJS.ProcessEnv;
  /** --approval-mode (default "yolo", so run_shell_command runs without a confirmation no one could give). */
  approvalMode?: "default" | "auto_edit" | "yolo" | "plan";
  /** Extra CLI arguments after the lab's own. */
  args?: readonly string[];
  /** Milliseconds before the CLI's whole process group is killed (default 45 000). */
  timeoutMs?: number;
  /** Runs once settings.json is written, before the CLI starts, with its environment (e.g. `toolspan init gemini`). */
  setup?: (env: NodeJS.ProcessEnv) => Promise<void>;
}

export interface GeminiRunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  home: string;
  /** The chat session file the CLI recorded (HOME/.gemini/tmp/<project>/chats/session-*.jsonl), if any. */
  sessionPath: string | undefined;
}

// What a fresh user would need to set so that nothing but the scripted server is contacted and nothing asks.
// selectedType "gemini-api-key" takes GEMINI_API_KEY; GOOGLE_GEMINI_BASE_URL then points the SDK here.
const LAB_SETTINGS: Record<string, unknown> = {
  security: { auth: { selectedType: "gemini-api-key" } },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  ide: { enabled: false },
};

// --skip-trust trusts the workspace for this run: a headless run in an untrusted folder is refused, and an
// untrusted folder would also force approval mode "default" and drop the hooks in settings.json.
const LAB_ARGS = ["--skip-trust", "--output-format", "json"];

const freshHome = scratchPaths("toolspan-gemini-home-");

/** Runs `gemini -p PROMPT` to its end (or its timeout) with the lab's settings merged with `settings`. */
export async function runGemini(options: GeminiRunOptions): Promise<GeminiRunResult> {
  const home = options.home ?? freshHome("home");
  mkdirSync(join(home, ".gemini"), { recursive: true });
  // The CLI's temporary files (a folder per shell command, error reports) stay in HOME, removed with it.
  const tmp = join(home, "tmp");
  mkdirSync(tmp, { recursive: true });
  writeFileSync(join(home, ".gemini", "settings.json"), JSON.stringify(merge(LAB_SETTINGS, options.settings ?? {}), null, 2));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env["PATH"],
    HOME: home,
    TMPDIR: tmp,
    LANG: "C.UTF-8",
    NO_COLOR: "1",
    GEMINI_API_KEY: "dummy-key",
    GOOGLE_GEMINI_BASE_URL: options.server.url,
    // The launcher otherwise starts a second node only to raise the heap limit.
    GEMINI_CLI_NO_RELAUNCH: "true",
    ...options.env,
  };
  await options.setup?.(env);
  const child = spawn(harnessBin("gemini"), [
    "-p",
    options.prompt,
    ...LAB_ARGS,
    "--approval-mode",
    options.approvalMode ?? "yolo",
    ...(options.args ?? []),
  ], {
    cwd: options.cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child.pid);
  }, options.timeoutMs ?? 45_000);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
  }).finally(() => clearTimeout(timer));
  // Hooks run in the CLI's own process group and go with it. Shell commands do not: Gemini CLI starts each
  // in a group of its own, so one sent to the background (or still running at a timeout) outlives the run.
  killGroup(child.pid);
  return {
    code,
    signal,
    timedOut,
    stdout: Buffer.concat(stdout).toString("utf8"),
    stderr: Buffer.concat(stderr).toString("utf8"),
    home,
    sessionPath: findSession(home),
  };
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // The group is already gone.
  }
}

/** The newest session-* file under HOME/.gemini/tmp/<project>/chats/ (names start with their start time). */
function findSession(home: string): string | undefined {
  const tmp = join(home, ".gemini", "tmp");
  if (!existsSync(tmp)) return undefined;
  const sessions: string[] = [];
  for (const project of readdirSync(tmp)) {
    const chats = join(tmp, project, "chats");
    if (!existsSync(chats)) continue;
    for (const name of readdirSync(chats)) if (name.startsWith("session-")) sessions.push(join(chats, name));
  }
  return sessions.sort().at(-1);
}

function merge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = merged[key];
    merged[key] = isPlainObject(under) && isPlainObject(value) ? merge(under, value) : value;
  }
  return merged;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
