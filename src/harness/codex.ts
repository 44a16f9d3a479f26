// Codex CLI's PreToolUse hook: `exec_command` calls arrive as tool_name "Bash" with tool_input {command}; the answer
// must say permissionDecision "allow" beside updatedInput (codex-rs hooks output_parser; measured with 0.171.0).
import { readFileSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { commandWords } from "./command-words.js";
import { readShellCall, type HarnessHook, type PassThrough, type ShellCall } from "./hook.js";

/** The first words of every `prefix_rule` pattern in the user's Codex rules files (CODEX_HOME/rules/*.rules), or
 * null when a rules file cannot be read word for word: then every call is left to Codex. */
export function codexRuleHeads(env: NodeJS.ProcessEnv): Set<string> | null {
  const dir = join(codexHome(env), "rules");
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith(".rules"));
  } catch {
    return new Set();
  }
  const heads = new Set<string>();
  for (const name of files) {
    let text: string;
    try {
      text = readFileSync(join(dir, name), "utf8");
    } catch {
      return null;
    }
    // pattern = ["rm", ...] or pattern = [["git", "hg"], ...]: the first element, a word or a list of words.
    for (const match of text.matchAll(/pattern\s*=\s*\[\s*(\[[^\]]*\]|"[^"]*"|'[^']*')/g)) {
      for (const word of match[1]!.matchAll(/"([^"]*)"|'([^']*)'/g)) heads.add(word[1] ?? word[2]!);
    }
    if (text.includes("prefix_rule") && !/pattern\s*=/.test(text)) return null;
  }
  return heads;
}

/** Why a command is left to Codex's own rules: a rule may name a word of it (Codex checks rules against the command it
 * runs, and would not see the original inside toolspan's). Null when no rule can apply. */
export function ruleConflict(command: string, heads: Set<string> | null): string | null {
  if (heads === null) return "a Codex rules file could not be read: every call is left to Codex's own rules";
  for (const word of commandWords(command)) if (heads.has(word)) return `a Codex rule names '${word}': the call is left to Codex's own rules`;
  return null;
}

const codexHome = (env: NodeJS.ProcessEnv): string => env.CODEX_HOME || join(env.HOME || homedir(), ".codex");

/** The output limit in bytes a user's `tool_output_token_limit` sets, when it is below the model's 10,000 tokens
 * (4 bytes a token); null when config.toml sets none. */
export function codexOutputLimit(env: NodeJS.ProcessEnv): number | null {
  let text: string;
  try {
    text = readFileSync(join(codexHome(env), "config.toml"), "utf8");
  } catch {
    return null;
  }
  const tokens = Number(/^[ \t]*tool_output_token_limit[ \t]*=[ \t]*(\d+)/m.exec(text)?.[1]);
  return Number.isSafeInteger(tokens) && tokens > 0 && tokens < 10_000 ? tokens * 4 : null;
}

export const codexHook: HarnessHook = {
  id: "codex",
  read(input): ShellCall | PassThrough {
    const call = readShellCall(input, "PreToolUse", ["Bash"]);
    if ("pass" in call) return call;
    const conflict = ruleConflict(call.command, codexRuleHeads(process.env));
    return conflict === null ? call : { pass: conflict };
  },
  answer: (call, command) => ({
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { ...call.toolInput, command } },
  }),
  wrapArgs: (_call, env) => {
    const limit = codexOutputLimit(env);
    return limit === null ? [] : ["--harness-limit", String(limit)];
  },
};
