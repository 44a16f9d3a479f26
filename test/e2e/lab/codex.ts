// The real Codex CLI, run once non-interactively (`codex exec`) against a scripted model, in a HOME of its own.
// Nothing reaches the network: the only provider is the scripted server on 127.0.0.1, retries are off so a
// broken answer fails at once, and update checks, analytics and feedback are off.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scratchPaths } from "../../helpers/scratch.js";
import { harnessBin } from "./harness-bin.js";
import { hooksToml, type CodexHook } from "./codex-hooks.js";
import type { ScriptedServer } from "./scripted-model.js";

export interface CodexRun {
  server: ScriptedServer;
  prompt: string;
  /** The agent's working root (`codex exec -C`). */
  cwd: string;
  /** HOME; a fresh scratch folder when omitted. CODEX_HOME is `<home>/.codex`. */
  home?: string;
  /** TOML added to the generated config.toml (approval_policy, tool_output_token_limit, tables, …). */
  config?: string;
  /** Hooks written into config.toml, each marked trusted the way Codex's own review marks it. */
  hooks?: readonly CodexHook[];
  /** Exec-policy rules (Starlark `prefix_rule(...)` lines), written to `<CODEX_HOME>/rules/default.rules`. */
  rules?: string;
  /** Extra environment for the codex process. */
  env?: Record<string, string>;
  /** Extra `codex exec` arguments, before the prompt. */
  args?: readonly string[];
  /** "bypass" (the default) passes --dangerously-bypass-approvals-and-sandbox: commands run unsandboxed, as
   * in a container. "config" leaves the sandbox to `config` and `args`. Either way `codex exec` never asks:
   * it forces approval_policy "never", so a command a rule would ask about is rejected. */
  permissions?: "bypass" | "config";
  /** The model slug: a bundled one, so Codex uses that model's tools and truncation policy (default gpt-5.5). */
  model?: string;
  /** A past Codex's `bin/codex.js` (test/e2e/harnesses-past), run with this Node instead of the pinned Codex. npm
   * links no command for an aliased package, hence the script. Past versions know no --strict-config, so it is not
   * passed to them. */
  pastScript?: string;
  /** Milliseconds before the process group is killed (default 45000). */
  timeoutMs?: number;
  /** Runs once config.toml and the rules are written, before Codex starts, with Codex's environment (e.g. to run
   * `toolspan init codex` against this home). */
  setup?: (env: Record<string, string>) => Promise<void>;
}

export interface CodexResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** `--json` events, one a line (thread.started, item.completed, turn.completed, …). */
  stdout: string;
  stderr: string;
  home: string;
  /** The session's rollout file (`<CODEX_HOME>/sessions/YYYY/MM/DD/rollout-*.jsonl`), or null when none was written. */
  sessionLog: string | null;
}

// Made when the module loads, so the folder is removed when the test file ends (a hook added inside a test is not).
const freshHome = scratchPaths("toolspan-codex-home-");

/** Runs `codex exec` once and resolves when it exits or is killed for its timeout. */
export async function runCodex(run: CodexRun): Promise<CodexResult> {
  const home = run.home ?? freshHome("home");
  const codexHome = join(home, ".codex");
  mkdirSync(codexHome, { recursive: true });
  const configPath = join(codexHome, "config.toml");
  writeFileSync(configPath, configToml(run, configPath));
  if (run.rules !== undefined) {
    mkdirSync(join(codexHome, "rules"), { recursive: true });
    writeFileSync(join(codexHome, "rules", "default.rules"), run.rules);
  }
  const args = [
    "exec",
    "--skip-git-repo-check",
    ...(run.pastScript === undefined ? ["--strict-config"] : []),
    "--json",
    "--color",
    "never",
    ...(run.permissions === "config" ? [] : ["--dangerously-bypass-approvals-and-sandbox"]),
    "-C",
    run.cwd,
    ...(run.args ?? []),
    "--",
    run.prompt,
  ];
  const env: Record<string, string> = {
    ...inheritedEnv(),
    HOME: home,
    CODEX_HOME: codexHome,
    SCRIPTED_API_KEY: "not-a-real-key",
    ...run.env,
  };
  await run.setup?.(env);
  const [command, commandArgs] = run.pastScript === undefined ? [harnessBin("codex"), args] : [process.execPath, [run.pastScript, ...args]];
  const result = await spawnBounded(command, commandArgs, { cwd: run.cwd, env }, run.timeoutMs ?? 45_000);
  return { ...result, home, sessionLog: findRollout(join(codexHome, "sessions")) };
}

// The caller's TOML comes after the top-level keys and before the tables, so its own top-level keys
// (approval_policy, tool_output_token_limit, …) stay top-level and its tables end where ours begin.
function configToml(run: CodexRun, configPath: string): string {
  return [
    `model = ${JSON.stringify(run.model ?? "gpt-5.5")}`,
    `model_provider = "scripted"`,
    `check_for_update_on_startup = false`,
    ``,
    run.config ?? "",
    ``,
    hooksToml(run.hooks ?? [], configPath),
    `[model_providers.scripted]`,
    `name = "scripted"`,
    `base_url = ${JSON.stringify(run.server.url)}`,
    `wire_api = "responses"`,
    `env_key = "SCRIPTED_API_KEY"`,
    `request_max_retries = 0`,
    `stream_max_retries = 0`,
    `supports_websockets = false`,
    ``,
    `[analytics]`,
    `enabled = false`,
    ``,
    `[feedback]`,
    `enabled = false`,
    ``,
  ].join("\n");
}

// The parent's environment without anything that would point Codex at a real account or another home.
function inheritedEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || /^(?:CODEX_|OPENAI_|RUST_LOG$)/.test(key)) continue;
    env[key] = value;
  }
  return env;
}

function spawnBounded(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string> },
  timeoutMs: number,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; timedOut: boolean; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Its own process group, so the timeout also ends the commands Codex started.
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, timedOut, stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8") });
    });
  });
}

function findRollout(dir: string): string | null {
  if (!existsSync(dir)) return null;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const found = findRollout(path);
      if (found !== null) return found;
    } else if (/^rollout-.*\.jsonl$/.test(entry.name)) {
      return path;
    }
  }
  return null;
}
