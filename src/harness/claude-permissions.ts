// Keeping a Claude Code user's permission rules meaningful under the rewrite. Claude Code checks its rules against the
// command a hook hands back, and a wrapper in front hides the original from them (measured with 2.1.332: a deny rule
// `Bash(rm:*)` no longer stopped `<wrapper> rm …`, and an allow rule `Bash(printf:*)` no longer let `printf` run). So
// the hook reads the rules itself and judges the original command before it rewrites anything:
// - a deny or ask rule that may name the command: no rewrite, Claude Code judges the original;
// - an allow rule that matches the original exactly as Claude Code's prefix rules do, or a command Claude Code runs
//   unasked (a few read-only ones): rewrite and allow, as the user's rules would have;
// - anything else: rewrite with no decision, so Claude Code asks about it as it would have (showing the wrapped
//   command, the original whole inside it).
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { commandWords } from "./command-words.js";

/** The Bash rules of the user's settings, by kind. */
export interface ClaudeRules {
  allow: string[];
  deny: string[];
  ask: string[];
}

/** What the hook does with a call: leave it to Claude Code, or rewrite it (allowed, or judged by Claude Code). */
export type ClaudeDecision = { pass: string } | { rewrite: true; allow: boolean };

function settingsRules(path: string, kinds: readonly (keyof ClaudeRules)[], into: ClaudeRules): void {
  let settings: unknown;
  try {
    settings = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return;
  }
  const permissions = (settings as { permissions?: Record<string, unknown> } | null)?.permissions;
  if (typeof permissions !== "object" || permissions === null) return;
  for (const kind of kinds) {
    const rules = permissions[kind];
    if (Array.isArray(rules)) into[kind].push(...rules.filter((rule): rule is string => typeof rule === "string" && /^Bash(\(|$)/.test(rule)));
  }
}

/** The rules of every settings file that may hold some: managed, user, project and local. Allow rules are taken from
 * the managed and user files only: Claude Code ignores a project's allow rules until the user trusts its folder. */
export function claudeRules(env: NodeJS.ProcessEnv, projectDir: string | null): ClaudeRules {
  const rules: ClaudeRules = { allow: [], deny: [], ask: [] };
  const configDir = env.CLAUDE_CONFIG_DIR || join(env.HOME || homedir(), ".claude");
  for (const path of ["/etc/claude-code/managed-settings.json", join(configDir, "settings.json")]) settingsRules(path, ["allow", "deny", "ask"], rules);
  if (projectDir !== null) {
    for (const name of ["settings.json", "settings.local.json"]) settingsRules(join(projectDir, ".claude", name), ["deny", "ask"], rules);
  }
  return rules;
}

// What a rule says between its parentheses; "" for a bare `Bash` (every command).
const ruleBody = (rule: string): string => (rule === "Bash" ? "" : rule.slice(5, -1).trim());

// A command with nothing but words: no operator, redirection, substitution or second line.
const SIMPLE = /^[^;&|<>()$`\n\\]*$/;

/** Whether a deny or ask rule may apply to `command`: its first word is a word of the command, or it names none. */
function mayName(rule: string, words: Set<string>): boolean {
  const head = ruleBody(rule).replace(/:\*$/, "").split(/[\s*]/)[0] ?? "";
  return head === "" || words.has(head) || words.has(head.slice(head.lastIndexOf("/") + 1));
}

/** Whether an allow rule allows `command` as Claude Code's prefix rules do: the exact command, or `P:*` / `P *` with
 * the command being P or P followed by more words. Only a simple command is judged; anything else is not allowed. */
function allows(rule: string, command: string): boolean {
  const body = ruleBody(rule);
  if (body === "" || body === "*") return true;
  const trimmed = command.trim();
  if (!SIMPLE.test(trimmed)) return false;
  const prefix = /^(.*?)(?::\*| \*)$/.exec(body)?.[1];
  if (prefix === undefined) return !body.includes("*") && trimmed === body;
  return !prefix.includes("*") && (trimmed === prefix || trimmed.startsWith(`${prefix} `));
}

// Commands Claude Code runs without asking (measured: echo, cat), narrowed to ones that only read.
const READ_ONLY = new Set(["ls", "pwd", "cat", "echo", "head", "tail", "wc"]);

/** The hook's decision for `command` under `rules` and the session's permission mode. */
export function claudeDecision(command: string, rules: ClaudeRules, mode: string | null): ClaudeDecision {
  const words = commandWords(command);
  const named = [...rules.deny, ...rules.ask].find((rule) => mayName(rule, words));
  if (named !== undefined) return { pass: `the rule ${JSON.stringify(named)} may apply: the call is left to Claude Code's own rules` };
  const simple = SIMPLE.test(command.trim());
  const readOnly = simple && READ_ONLY.has(command.trim().split(/\s+/)[0] ?? "");
  const allowed = mode === "bypassPermissions" || readOnly || rules.allow.some((rule) => allows(rule, command));
  return { rewrite: true, allow: allowed };
}
