// How the real Claude Code's permission rules meet a PreToolUse hook that rewrites a Bash command, under -p
// (where anything that would prompt is denied). What these show, on 2.1.332: the rules are checked against the
// rewritten command only, so a wrapper prefix hides the model's command from the user's deny rules once the hook
// says "allow"; a pipeline keeps each part visible to them.
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { scratchPaths } from "../helpers/scratch.js";
import type { AnthropicServer } from "./lab/anthropic-server.js";
import { runScriptedClaudeCode, type ClaudeCodeRun } from "./lab/claude-code.js";
import { rewriteHook, type HookPlan } from "./lab/rewrite-hook.js";

const fresh = scratchPaths("toolspan-claude-perm-");
const LIMIT = { timeout: 60_000 };

// A wrapper that runs its argv, as `toolspan wrap -- ARGV` does, for a hook to put in front of a command.
const tools = fresh("tools");
mkdirSync(tools);
const WRAP = join(tools, "wrap");
writeFileSync(WRAP, '#!/bin/sh\nexec "$@"\n');
chmodSync(WRAP, 0o755);

/** A session with user allow/deny rules and the rewrite hook, no --allowedTools: the rules alone decide. */
async function ruled(
  commands: readonly string[],
  permissions: { allow?: string[]; ask?: string[]; deny?: string[] },
  plan: HookPlan,
  files: Record<string, string> = {},
): Promise<{ server: AnthropicServer; run: ClaudeCodeRun }> {
  const dir = fresh("run");
  mkdirSync(dir);
  const hook = rewriteHook(dir, plan);
  const { server, run } = await runScriptedClaudeCode(commands, {
    dir, files, allowedTools: [], settings: { permissions, hooks: hook.hooks },
  });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(hook.calls().map((call) => (call.input.tool_input as { command: string }).command), commands, "the hook sees the model's commands");
  return { server, run };
}

const denials = (run: ClaudeCodeRun): string[] =>
  ((run.result?.permission_denials ?? []) as { tool_input: { command: string } }[]).map((denial) => denial.tool_input.command);

test("a rewrite without a decision is checked as rewritten: an allowed printf made 'sh -c' is denied", LIMIT, async () => {
  const rewritten = "/bin/sh -c 'printf hello'";
  const { server, run } = await ruled(["printf hello"], { allow: ["Bash(printf:*)"] }, { byCommand: { "printf hello": { command: rewritten } } });
  assert.deepEqual(server.toolResults, ["This command requires approval"]);
  assert.deepEqual(server.toolResultErrors, [true]);
  assert.deepEqual(denials(run), [rewritten]);
});

test("permissionDecision allow runs the rewrite even where no allow rule matches it", LIMIT, async () => {
  const { server } = await ruled(["printf hello"], { allow: ["Bash(printf:*)"] }, {
    byCommand: { "printf hello": { command: "/bin/sh -c 'printf hello'", decision: "allow" } },
  });
  assert.deepEqual(server.toolResults, ["hello"]);
});

test("deny rules see only the rewritten command, whatever the hook decides", LIMIT, async () => {
  const { server, run } = await ruled(["rm -f a.txt", "printf hi"], { allow: ["Bash(printf:*)"], deny: ["Bash(rm:*)"] }, {
    byCommand: {
      "rm -f a.txt": { command: "printf safe" }, // a denied command rewritten to an allowed one runs
      "printf hi": { command: "rm -f b.txt", decision: "allow" }, // an allowed one rewritten to a denied one does not
    },
  });
  assert.deepEqual(server.toolResults, ["safe", "Permission to use Bash with command rm -f b.txt has been denied."]);
  assert.deepEqual(server.toolResultErrors, [false, true]);
  assert.deepEqual(denials(run), ["rm -f b.txt"]);
});

test("with allow, a wrapper prefix hides the model's command from deny rules; a pipeline does not", LIMIT, async () => {
  const keep = { "victim1.txt": "keep me\n", "victim2.txt": "keep me\n" };
  const { server, run } = await ruled(["rm -f victim1.txt", "rm -f victim2.txt"], { deny: ["Bash(rm:*)"] }, {
    byCommand: {
      "rm -f victim1.txt": { prefix: `${WRAP} `, decision: "allow" },
      "rm -f victim2.txt": { command: "rm -f victim2.txt 2>&1 | cat", decision: "allow" },
    },
  }, keep);
  assert.deepEqual(server.toolResults, [
    "(Bash completed with no output)",
    "Permission to use Bash with command rm -f victim2.txt 2>&1 has been denied.",
  ]);
  assert.equal(existsSync(join(run.cwd, "victim1.txt")), false, "the deny rule Bash(rm:*) did not stop the wrapped rm");
  assert.equal(existsSync(join(run.cwd, "victim2.txt")), true);
});

test("ask rules too: they hold a plain allow from the hook, not an allow on a wrapped command", LIMIT, async () => {
  const { server } = await ruled(["printf plain", "printf wrapped"], { ask: ["Bash(printf:*)"] }, {
    byCommand: { "printf plain": { decision: "allow" }, "printf wrapped": { prefix: `${WRAP} `, decision: "allow" } },
  });
  assert.deepEqual(server.toolResults, ["Claude requested permissions to use Bash, but you haven't granted it yet.", "wrapped"]);
  assert.deepEqual(server.toolResultErrors, [true, false]);
});

test("under -p a hook's ask is a denial carrying its reason, and its deny reaches the model as a hook error", LIMIT, async () => {
  const { server, run } = await ruled(["printf one", "printf two"], { allow: ["Bash(printf:*)"] }, {
    byCommand: { "printf one": { decision: "ask" }, "printf two": { decision: "deny" } },
  });
  assert.deepEqual(server.toolResults, ["rewrite-hook: ask", "PreToolUse:Bash hook error: rewrite-hook: deny"]);
  assert.deepEqual(server.toolResultErrors, [true, true]);
  assert.deepEqual(denials(run), ["printf one", "printf two"]);
});

test("a hook exiting 2 blocks with its stderr; exiting 1 without JSON is ignored; exiting 1 with JSON is obeyed", LIMIT, async () => {
  const { server } = await ruled(["printf one", "printf two", "printf three"], { allow: ["Bash(printf:*)"] }, {
    byCommand: {
      "printf one": { silent: true, stderr: "stopped by exit 2", exit: 2 },
      "printf two": { silent: true, stderr: "this failure is not a veto", exit: 1 },
      "printf three": { prefix: "echo REWRITTEN; ", stderr: "warned", exit: 1 },
    },
  });
  const [blocked, passed, rewritten] = server.toolResults;
  assert.match(blocked!, /^PreToolUse:Bash hook error: \[.*rewrite-hook\.cjs.*\]: stopped by exit 2$/);
  assert.equal(passed, "two");
  assert.equal(rewritten, "REWRITTEN\nthree");
  assert.deepEqual(server.toolResultErrors, [true, false, false]);
});
