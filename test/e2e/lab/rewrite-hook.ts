// A stand-in PreToolUse hook for Claude Code's Bash tool, as a command-rewriting wrapper would install one: it
// records what it was given, and answers per command with a rewrite, a permission decision, an exit code.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** What the hook does for one command. */
export interface HookAnswer {
  /** The command to run instead. */
  command?: string;
  /** Run `prefix + command` instead (ignored when `command` is set). */
  prefix?: string;
  /** hookSpecificOutput.permissionDecision; the reason sent with it is "rewrite-hook: DECISION". */
  decision?: "allow" | "ask" | "deny";
  /** Print nothing on stdout (no JSON at all). */
  silent?: boolean;
  stderr?: string;
  exit?: number;
}

/** The hook's plan: an answer per original command, else `otherwise`. */
export interface HookPlan {
  byCommand?: Record<string, HookAnswer>;
  otherwise?: HookAnswer;
}

/** One call of the hook: its stdin JSON, and the environment variables it was given that name Claude. */
export interface HookCall {
  input: Record<string, unknown>;
  env: Record<string, string>;
}

// CommonJS, run by this very node: reads the plan, appends the call to the log, answers.
const SCRIPT = `const fs = require("node:fs");
const [plan, log] = process.argv.slice(2).map((path, i) => (i === 0 ? JSON.parse(fs.readFileSync(path, "utf8")) : path));
const input = JSON.parse(fs.readFileSync(0, "utf8"));
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name.includes("CLAUDE")));
fs.appendFileSync(log, JSON.stringify({ input, env }) + "\\n");
const original = input.tool_input.command;
const answer = (plan.byCommand || {})[original] || plan.otherwise || {};
const command = answer.command !== undefined ? answer.command : answer.prefix !== undefined ? answer.prefix + original : original;
const output = { hookEventName: "PreToolUse" };
if (command !== original) output.updatedInput = { ...input.tool_input, command };
if (answer.decision) Object.assign(output, { permissionDecision: answer.decision, permissionDecisionReason: "rewrite-hook: " + answer.decision });
if (answer.stderr) process.stderr.write(answer.stderr);
if (!answer.silent) process.stdout.write(JSON.stringify({ hookSpecificOutput: output }));
process.exitCode = answer.exit || 0;
`;

/** Writes the hook into `dir`; returns the settings.json `hooks` value that installs it and a reader of its calls. */
export function rewriteHook(dir: string, plan: HookPlan): { hooks: object; calls(): HookCall[] } {
  const script = join(dir, "rewrite-hook.cjs");
  const planPath = join(dir, "rewrite-hook-plan.json");
  const log = join(dir, "rewrite-hook-calls.jsonl");
  writeFileSync(script, SCRIPT);
  writeFileSync(planPath, JSON.stringify(plan));
  const command = [process.execPath, script, planPath, log].map((word) => JSON.stringify(word)).join(" ");
  return {
    hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] },
    calls: () =>
      existsSync(log)
        ? readFileSync(log, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line) as HookCall)
        : [],
  };
}
