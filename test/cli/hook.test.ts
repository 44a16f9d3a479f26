import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { runCli } from "../helpers/cli.js";
import { scratchPaths, stderrText, stdoutText } from "../helpers/scratch.js";

const fresh = scratchPaths("toolspan-hook-");

const claudeInput = (toolInput: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ session_id: "sess-9", transcript_path: "/t.jsonl", cwd: "/tmp", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: toolInput, ...extra });

async function hook(harness: string, input: string, env: NodeJS.ProcessEnv = {}) {
  const home = fresh("home");
  mkdirSync(home, { recursive: true });
  const result = await runCli(["hook", harness], { input, extraEnv: { HOME: home, ...env } });
  return { result, home };
}

function answer(stdout: string): Record<string, any> {
  return JSON.parse(stdout) as Record<string, any>;
}

describe("toolspan hook", () => {
  test("claude-code: the Bash command runs through wrap under bash -c; every other field is kept", async () => {
    const { result } = await hook("claude-code", claudeInput({ command: "npm test -- --grep 'a b'", description: "Run tests", timeout: 120000 }));
    assert.equal(result.code, 0);
    const out = answer(stdoutText(result)).hookSpecificOutput;
    assert.equal(out.hookEventName, "PreToolUse");
    assert.equal(out.updatedInput.description, "Run tests");
    assert.equal(out.updatedInput.timeout, 120000);
    assert.match(out.updatedInput.command, / wrap --harness claude-code --session sess-9 --tool-name npm -- bash -c 'npm test -- --grep '\\''a b'\\'''$/);
  });

  test("codex answers with permissionDecision allow beside updatedInput, as Codex requires", async () => {
    const { result } = await hook("codex", claudeInput({ command: "cargo test" }));
    const out = answer(stdoutText(result)).hookSpecificOutput;
    assert.equal(out.permissionDecision, "allow");
    assert.match(out.updatedInput.command, / wrap --harness codex --session sess-9 --tool-name cargo -- bash -c 'cargo test'$/);
  });

  test("codex: a lower tool_output_token_limit in config.toml becomes --harness-limit", async () => {
    const home = fresh("home");
    mkdirSync(join(home, ".codex"), { recursive: true });
    writeFileSync(join(home, ".codex", "config.toml"), 'model = "x"\ntool_output_token_limit = 2000\n');
    const result = await runCli(["hook", "codex"], { input: claudeInput({ command: "ls" }), extraEnv: { HOME: home } });
    assert.match(answer(stdoutText(result)).hookSpecificOutput.updatedInput.command, / --harness-limit 8000 -- /);
  });

  test("codex: a command a user rule may name is left to Codex's rules, untouched", async () => {
    const home = fresh("home");
    mkdirSync(join(home, ".codex", "rules"), { recursive: true });
    writeFileSync(join(home, ".codex", "rules", "default.rules"), 'prefix_rule(pattern = ["rm", "-rf"], decision = "forbidden")\n');
    const blocked = await runCli(["hook", "codex"], { input: claudeInput({ command: "cd x && /bin/rm -rf y" }), extraEnv: { HOME: home } });
    assert.equal(blocked.code, 0);
    assert.equal(stdoutText(blocked), "", "no answer: Codex runs the call as the model asked, and its rule applies");
    assert.match(stderrText(blocked), /passed through: a Codex rule names 'rm'/);
    const other = await runCli(["hook", "codex"], { input: claudeInput({ command: "ls" }), extraEnv: { HOME: home } });
    assert.match(stdoutText(other), /wrap --harness codex/);
  });

  test("gemini: tool_input is sent back whole, command replaced; a policy naming the command leaves it alone", async () => {
    const input = JSON.stringify({ session_id: "g-1", hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command: "pytest -q", description: "tests", dir_path: "sub" }, cwd: "/tmp" });
    const { result } = await hook("gemini", input);
    const out = answer(stdoutText(result)).hookSpecificOutput;
    assert.equal(out.hookEventName, "BeforeTool");
    assert.deepEqual(Object.keys(out.tool_input).sort(), ["command", "description", "dir_path"]);
    const home = fresh("home");
    mkdirSync(join(home, ".gemini", "policies"), { recursive: true });
    writeFileSync(join(home, ".gemini", "policies", "mine.toml"), '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "pytest"\ndecision = "deny"\npriority = 500\n');
    const ruled = await runCli(["hook", "gemini"], { input, extraEnv: { HOME: home } });
    assert.equal(stdoutText(ruled), "");
    assert.match(stderrText(ruled), /a Gemini CLI rule names 'pytest'/);
  });

  test("what it cannot read passes through untouched, exit 0, one escaped line on stderr", async () => {
    const cases: [string, RegExp][] = [
      ["not json", /not a JSON object/],
      ["[1,2]", /not a JSON object/],
      [claudeInput({ command: "ls" }, { tool_name: "Edit" }), /not a shell call/],
      [claudeInput({ command: "" }), /tool_input.command is not a non-empty string/],
      [claudeInput({ command: 42 }), /tool_input.command is not a non-empty string/],
      [claudeInput({ command: "ls" }, { session_id: null }), /session_id/],
      [claudeInput({ command: "ls" }, { hook_event_name: "PostToolUse" }), /not a PreToolUse hook input/],
      [claudeInput({ command: "sleep 100", run_in_background: true }), /background command/],
      [claudeInput({ command: "ls\u0000rm" }), /holds a NUL character/],
      [claudeInput({ command: "ls" }, { tool_name: "\u001b]2;pwned\u0007" }), /\\u001b\]2;pwned\\u0007/],
    ];
    for (const [input, reason] of cases) {
      const { result } = await hook("claude-code", input);
      assert.equal(result.code, 0, input);
      assert.equal(stdoutText(result), "", input);
      assert.match(stderrText(result), reason, input);
      assert.doesNotMatch(stderrText(result), /\u001b/, "no raw escape reaches the harness's log");
    }
  });

  test("an unknown harness is exit 1 (Claude Code and Codex read 2 as 'block the call')", async () => {
    const { result } = await hook("cursor", claudeInput({ command: "ls" }));
    assert.equal(result.code, 1);
    assert.match(stderrText(result), /give one harness: claude-code, codex, gemini/);
  });

  test("property: bash runs exactly the original command, whatever it holds (quotes, newlines, $, unicode)", async () => {
    const commands = fc.sample(fc.string({ unit: "binary", minLength: 1, maxLength: 60 }).filter((c) => c.trim() !== "" && !c.includes("\u0000")), 40);
    for (const command of commands) {
      const { result } = await hook("claude-code", claudeInput({ command }));
      const rewritten: string = answer(stdoutText(result)).hookSpecificOutput.updatedInput.command;
      // Print what bash would hand `wrap` as its last three arguments.
      const probe = rewritten.replace(/^.* wrap (.*)$/s, "printf '%s\\0' $1");
      const args = spawnSync("bash", ["-c", probe]).stdout.toString("utf8").split("\0").slice(0, -1);
      assert.deepEqual(args.slice(-3), ["bash", "-c", command]);
    }
  });
});

describe("the span's tool_name from the command", () => {
  test("the program the command runs, past set-up, assignments and prefixes", async () => {
    const { commandToolName } = await import("../../src/harness/hook.js");
    assert.equal(commandToolName("pytest -q tests/"), "pytest");
    assert.equal(commandToolName("cd repo && CI=1 npm test"), "npm");
    assert.equal(commandToolName("timeout 600 /usr/bin/cargo test"), "cargo");
    assert.equal(commandToolName("env A=1 B=2 ./run-tests.sh | tee log"), "run-tests.sh");
    assert.equal(commandToolName("cd x"), null);
    assert.equal(commandToolName("$(evil)"), null);
  });
});
