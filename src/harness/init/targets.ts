// Where each harness keeps the settings `toolspan init` writes its hook into, and in which format.
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { HarnessId } from "../profiles.js";
import { codexToml } from "./codex-toml.js";
import { jsonHooks } from "./json-hooks.js";
import type { SettingsFormat } from "./settings-format.js";

/** The user's own settings (every project), or the project's (the current folder's, shared with its repository). */
export type InitScope = "user" | "project";

export interface InitTarget {
  /** The settings file's absolute path for `scope`. */
  file(scope: InitScope, env: NodeJS.ProcessEnv, cwd: string): string;
  format: SettingsFormat;
}

const home = (env: NodeJS.ProcessEnv): string => env.HOME || homedir();

export const INIT_TARGETS: Readonly<Record<HarnessId, InitTarget>> = {
  // code.claude.com/docs/en/settings: ~/.claude/settings.json (CLAUDE_CONFIG_DIR moves it), .claude/settings.json.
  "claude-code": {
    file: (scope, env, cwd) =>
      scope === "user" ? join(resolve(env.CLAUDE_CONFIG_DIR || join(home(env), ".claude")), "settings.json") : join(resolve(cwd), ".claude", "settings.json"),
    format: jsonHooks("claude-code", "PreToolUse", "Bash"),
  },
  // Codex reads CODEX_HOME/config.toml (default ~/.codex) and a trusted project's .codex/config.toml.
  codex: {
    file: (scope, env, cwd) =>
      scope === "user" ? join(resolve(env.CODEX_HOME || join(home(env), ".codex")), "config.toml") : join(resolve(cwd), ".codex", "config.toml"),
    format: codexToml,
  },
  // Gemini CLI: ~/.gemini/settings.json and .gemini/settings.json.
  gemini: {
    file: (scope, env, cwd) => (scope === "user" ? join(home(env), ".gemini", "settings.json") : join(resolve(cwd), ".gemini", "settings.json")),
    format: jsonHooks("gemini", "BeforeTool", "run_shell_command"),
  },
};
