// Gemini CLI's BeforeTool hook: run_shell_command calls arrive with tool_input {command, description?, dir_path?,
// is_background?}; `hookSpecificOutput.tool_input` replaces the whole input (measured with 0.61.0: it does not
// merge, so every field is sent back). Gemini checks its policy against the command it runs, the rewritten one.
import { readdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { readShellCall, textField, type HarnessHook, type PassThrough, type ShellCall } from "./hook.js";
import { commandWords } from "./command-words.js";

// Where a user's rules about shell commands live: policy files, and the tool lists of settings.json.
function ruleTexts(env: NodeJS.ProcessEnv, projectDir: string | null): string[] {
  const home = env.HOME || homedir();
  const dirs = [join(home, ".gemini"), ...(projectDir === null ? [] : [join(projectDir, ".gemini")])];
  const texts: string[] = [];
  for (const dir of dirs) {
    for (const file of [join(dir, "settings.json")]) {
      try {
        texts.push(readFileSync(file, "utf8"));
      } catch {}
    }
    try {
      for (const name of readdirSync(join(dir, "policies"))) if (name.endsWith(".toml")) texts.push(readFileSync(join(dir, "policies", name), "utf8"));
    } catch {}
  }
  return texts;
}

/** Why a command is left to Gemini CLI's own rules: a policy's commandPrefix or a run_shell_command(...) entry of
 * tools.allowed / tools.exclude may name a word of it, or a commandRegex may match anything. Null when none can. */
export function geminiRuleConflict(command: string, texts: readonly string[]): string | null {
  const heads = new Set<string>();
  for (const text of texts) {
    if (/commandRegex/.test(text)) return "a Gemini CLI policy has a commandRegex: every call is left to Gemini CLI's own rules";
    for (const match of text.matchAll(/commandPrefix\s*=\s*(\[[^\]]*\]|"[^"]*"|'[^']*')/g)) {
      for (const word of match[1]!.matchAll(/"([^"]*)"|'([^']*)'/g)) heads.add((word[1] ?? word[2]!).trim().split(/\s+/)[0]!);
    }
    for (const match of text.matchAll(/run_shell_command\(([^)]*)\)/g)) heads.add(match[1]!.trim().split(/\s+/)[0]!);
  }
  for (const word of commandWords(command)) if (heads.has(word)) return `a Gemini CLI rule names '${word}': the call is left to Gemini CLI's own rules`;
  return null;
}

export const geminiHook: HarnessHook = {
  id: "gemini",
  read(input): ShellCall | PassThrough {
    const call = readShellCall(input, "BeforeTool", ["run_shell_command"]);
    if ("pass" in call) return call;
    if (call.toolInput.is_background === true) return { pass: "a background command is left as it is: its output is read while it runs" };
    const conflict = geminiRuleConflict(call.command, ruleTexts(process.env, textField(input, "cwd")));
    return conflict === null ? call : { pass: conflict };
  },
  answer: (call, command) => ({
    hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { ...call.toolInput, command } },
  }),
};
