// Runs the real, pinned Claude Code non-interactively against a scripted model server, sealed off from the
// machine: its own HOME, working folder and temp folder, no traffic but to the server, a hard time limit.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startAnthropicServer, type AnthropicServer } from "./anthropic-server.js";
import { harnessBin } from "./harness-bin.js";
import { runEach, type ScriptedServer } from "./scripted-model.js";

export interface ClaudeCodeOptions {
  server: Pick<ScriptedServer, "url">;
  prompt: string;
  /** A folder to create home/, work/ and tmp/ in (default a new temporary folder; the caller removes it). */
  dir?: string;
  /** The working folder (default <dir>/work). */
  cwd?: string;
  /** HOME (default <dir>/home). */
  home?: string;
  /** Written to $HOME/.claude/settings.json (user settings). */
  settings?: object;
  /** Files (name to text) written into the working folder before the run. */
  files?: Record<string, string>;
  /** Written to <cwd>/.claude/settings.json (project settings). Under -p its allow rules are held back until
   * the folder is trusted; its hooks, deny and ask rules apply. */
  projectSettings?: object;
  /** Tools allowed without asking, passed as --allowedTools (default ["Bash"]; [] passes none). */
  allowedTools?: readonly string[];
  /** Extra variables on top of the sealed environment. */
  env?: Record<string, string>;
  /** Extra arguments after the defaults. */
  args?: readonly string[];
  /** Milliseconds before the whole process group is killed (default 45 000). */
  timeoutMs?: number;
}

export interface ClaudeCodeRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when the run was killed at timeoutMs. */
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** stdout parsed: the single result object of --output-format json, if it parsed. */
  result: Record<string, unknown> | undefined;
  sessionId: string;
  /** ~/.claude/projects/<slug>/<session>.jsonl, when Claude Code wrote it. */
  transcriptPath: string | undefined;
  home: string;
  cwd: string;
}

/**
 * The sealed environment. Nothing is inherited but PATH (and LANG): no ANTHROPIC_* / CLAUDE_* / IS_SANDBOX from an
 * enclosing agent session may leak in. Each switch below turns off one kind of traffic Claude Code makes besides
 * the API calls (measured with strace: with these set, its only connect() is to the server on 127.0.0.1):
 * - CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: auto-updates, telemetry, error reporting, release notes, feature
 *   flags, availability checks ("Set to any non-empty value ... to disable nonessential network traffic", docs
 *   env-vars); DISABLE_TELEMETRY, DISABLE_ERROR_REPORTING, DISABLE_AUTOUPDATER say the same each on its own.
 * - CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "Official plugin marketplace auto-install isn't
 *   covered" by the switch above (docs env-vars).
 * - CLAUDE_CODE_MAX_RETRIES=0: a server fault fails the run at once instead of backing off ten times.
 * - CLAUDE_CODE_TMPDIR: the Bash tool's output files (<tmp>/claude-<uid>/<project>/<session>/tasks/*.output)
 *   stay inside the run's folder.
 */
function sealedEnv(url: string, home: string, tmp: string, extra: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
    LANG: "C.UTF-8",
    HOME: home,
    TMPDIR: tmp,
    SHELL: "/bin/bash",
    ANTHROPIC_BASE_URL: url,
    ANTHROPIC_API_KEY: "sk-ant-lab-not-a-key",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_ERROR_REPORTING: "1",
    DISABLE_AUTOUPDATER: "1",
    CLAUDE_CODE_MAX_RETRIES: "0",
    CLAUDE_CODE_TMPDIR: tmp,
    ...extra,
  };
}

function writeSettings(folder: string, settings: object | undefined): void {
  if (settings === undefined) return;
  mkdirSync(join(folder, ".claude"), { recursive: true });
  writeFileSync(join(folder, ".claude", "settings.json"), JSON.stringify(settings, null, 2));
}

/** The transcript of `sessionId` under `home`: Claude Code names the project folder after the cwd, so look. */
function findTranscript(home: string, sessionId: string): string | undefined {
  const projects = join(home, ".claude", "projects");
  if (!existsSync(projects)) return undefined;
  for (const project of readdirSync(projects)) {
    const path = join(projects, project, `${sessionId}.jsonl`);
    if (existsSync(path)) return path;
  }
  return undefined;
}

/**
 * Runs `claude -p PROMPT --output-format json` and resolves once it has exited (or been killed at the timeout).
 *
 * Permissions as root: `--dangerously-skip-permissions` and `--permission-mode bypassPermissions` both exit 1 at once
 * with "--dangerously-skip-permissions cannot be used with root/sudo privileges for security reasons" unless
 * IS_SANDBOX=1 is set (the binary tests `getuid()===0 && IS_SANDBOX!=="1"`), and would skip the permission checks
 * the hook tests are about anyway. So the run stays in the default mode, where under -p whatever would prompt is
 * denied (the model gets an is_error tool result such as "This command requires approval"), and Bash is allowed
 * the ordinary way: `--allowedTools Bash` (the default here: every command) or allow rules in `settings`. Allow
 * rules in `projectSettings` do not count under -p until the folder is trusted (docs permissions: "Not used").
 */
export function runClaudeCode(options: ClaudeCodeOptions): Promise<ClaudeCodeRun> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), "toolspan-claude-"));
  const home = options.home ?? join(dir, "home");
  const cwd = options.cwd ?? join(dir, "work");
  const tmp = join(dir, "tmp");
  for (const folder of [home, cwd, tmp]) mkdirSync(folder, { recursive: true });
  writeSettings(home, options.settings);
  writeSettings(cwd, options.projectSettings);
  for (const [name, text] of Object.entries(options.files ?? {})) writeFileSync(join(cwd, name), text);

  const sessionId = randomUUID();
  const allowed = options.allowedTools ?? ["Bash"];
  const args = [
    "-p", options.prompt,
    "--output-format", "json",
    "--session-id", sessionId,
    ...(allowed.length > 0 ? ["--allowedTools", allowed.join(",")] : []),
    ...(options.args ?? []),
  ];
  const child = spawn(harnessBin("claude"), args, {
    cwd,
    env: sealedEnv(options.server.url, home, tmp, options.env ?? {}),
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so the timeout (and the clean-up after exit) reaches the shells it started too.
    detached: true,
  });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
  const killGroup = (): void => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // ESRCH: the group has already gone.
    }
  };
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup();
  }, options.timeoutMs ?? 45_000);

  return new Promise((resolve, reject) => {
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      killGroup();
      const out = Buffer.concat(stdout).toString("utf8");
      let result: Record<string, unknown> | undefined;
      try {
        result = JSON.parse(out) as Record<string, unknown>;
      } catch {
        result = undefined;
      }
      resolve({
        code, signal, timedOut, stdout: out, stderr: Buffer.concat(stderr).toString("utf8"), result, sessionId,
        transcriptPath: findTranscript(home, sessionId), home, cwd,
      });
    });
  });
}

/** Runs Claude Code against a fresh server scripted to run `commands` one after another, then answer "done". */
export async function runScriptedClaudeCode(
  commands: readonly string[],
  options: Omit<ClaudeCodeOptions, "server" | "prompt"> & { prompt?: string },
): Promise<{ server: AnthropicServer; run: ClaudeCodeRun }> {
  const server = await startAnthropicServer(runEach(commands, "done"));
  try {
    const run = await runClaudeCode({ prompt: "Run the commands.", ...options, server });
    return { server, run };
  } finally {
    await server.close();
  }
}
