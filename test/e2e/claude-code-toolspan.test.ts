// toolspan in front of the real Claude Code: `toolspan init claude-code`, then a scripted model runs a failing 68 KB
// test suite and the command the notice offers. What the model receives is checked against the span, and the
// user's permission rules keep their meaning under the rewrite.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { runCli } from "../helpers/cli.js";
import { fixturePath, sha256 } from "../helpers/fixtures.js";
import { sessionSpans } from "../helpers/notice.js";
import { firstThenGrep, testLogCommand as testLog } from "./lab/follow-notice.js";
import { startAnthropicServer } from "./lab/anthropic-server.js";
import { runClaudeCode, type ClaudeCodeOptions } from "./lab/claude-code.js";
import type { ModelScript } from "./lab/scripted-model.js";

const dirs: string[] = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));



async function session(script: ModelScript, options: { settings?: object; allowedTools?: readonly string[]; files?: Record<string, string> } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "toolspan-claude-e2e-"));
  dirs.push(dir);
  const home = join(dir, "home");
  mkdirSync(join(home, ".claude"), { recursive: true });
  const settingsPath = join(home, ".claude", "settings.json");
  if (options.settings) writeFileSync(settingsPath, JSON.stringify(options.settings, null, 2));
  const before = existsSync(settingsPath) ? readFileSync(settingsPath) : null;
  const toolspanHome = join(dir, "toolspan-home");
  const env = { HOME: home, TOOLSPAN_HOME: toolspanHome };
  const init = await runCli(["init", "claude-code"], { extraEnv: env });
  assert.equal(init.code, 0, init.stderr.toString());
  const server = await startAnthropicServer(script);
  try {
    // The settings are already written (init merged its hook into them): the lab must not write them again.
    const { settings: _written, ...rest } = options;
    const run = await runClaudeCode({ server, prompt: "Run the tests.", dir, home, env: { TOOLSPAN_HOME: toolspanHome }, ...rest } as ClaudeCodeOptions);
    assert.equal(run.timedOut, false, run.stderr);
    return { run, server, toolspanHome, home, settingsPath, before, env };
  } finally {
    await server.close();
  }
}

describe("toolspan in front of Claude Code", () => {
  it("a failing 68 KB run: a truthful notice, no second cut, and the grep brings back the failing line", async () => {
    const { run, server, toolspanHome, settingsPath, before, env } = await session(firstThenGrep(testLog(68195, 1)));
    const [first, second] = server.toolResults;
    assert.ok(first !== undefined && second !== undefined, `the model ran the suite and the grep: ${JSON.stringify(server.toolResults).slice(0, 300)}`);
    assert.doesNotMatch(first, /characters truncated|persisted-output/, "Claude Code did not cut again");
    assert.ok(first.startsWith("Exit code 1\n[toolspan: this output was clipped to what the harness passes on.\nstdout: 68195 bytes"), first.slice(0, 200));
    const span = sessionSpans(toolspanHome, "claude-code").find((candidate) => candidate.stdout_bytes === 68195)!;
    assert.ok(span, "the suite's span is in the session's run file");
    assert.equal(span.run_id, run.sessionId, "run_id is the harness's session id");
    assert.equal(span.returncode, 1);
    // Claude Code puts "Exit code N" first and trims the trailing newline of what it read.
    assert.equal(sha256(`${first.slice("Exit code 1\n".length)}\n`), span.stdout_kept_sha256, "the model received exactly the kept bytes and the notice");
    assert.match(second, /^\d+:\d+:FAILED tests\/test_answer\.py::test_answer - AssertionError: assert 41 == 42$/m);
    assert.ok(run.transcriptPath && readFileSync(run.transcriptPath, "utf8").includes("test-log.mjs"), "Claude Code's transcript still records the call");
    const removed = await runCli(["init", "claude-code", "--remove"], { extraEnv: env });
    assert.equal(removed.code, 0);
    if (before === null) assert.equal(existsSync(settingsPath), false, "the settings file init created is gone again");
    else assert.deepEqual(readFileSync(settingsPath), before);
  });

  it("a passing 25 KB run reaches the model whole, no notice", async () => {
    const { server, toolspanHome } = await session(firstThenGrep(testLog(25_000, 0)));
    assert.equal(server.toolResults.length, 1, "no notice, so no follow-up");
    const span = sessionSpans(toolspanHome, "claude-code")[0]!;
    assert.equal(span.stdout_truncated, false);
    assert.equal(sha256(`${server.toolResults[0]!}\n`), span.stdout_stream_sha256);
  });

  it("the user's rules keep their meaning: a deny rule still stops the command, an allow rule still lets it run", async () => {
    const script: ModelScript = (results) =>
      results.length === 0 ? { kind: "shell", command: "rm -f victim.txt" } : results.length === 1 ? { kind: "shell", command: "printf allowed" } : { kind: "final", text: "done" };
    const { run, server, toolspanHome } = await session(script, {
      settings: { permissions: { deny: ["Bash(rm:*)"], allow: ["Bash(printf:*)"] } },
      allowedTools: [],
      files: { "victim.txt": "keep me" },
    });
    assert.ok(existsSync(join(run.cwd, "victim.txt")), "the denied rm did not run");
    assert.equal(server.toolResults[1], "allowed", "the allowed printf ran and its output reached the model");
    const spans = sessionSpans(toolspanHome, "claude-code");
    assert.deepEqual(spans.map((span) => span.argv[2]), ["printf allowed"], "only the allowed call ran through wrap");
  });

  it("held-out shapes: binary output, a stderr-only failure, a background child holding the pipe, a call past its timeout", async () => {
    const commands = [
      `head -c 60000 /dev/urandom`,
      testLog(40_000, 3, "stderr"),
      `${process.execPath} ${fixturePath("held-open.mjs")} 30`,
      `${process.execPath} ${fixturePath("idle.mjs")} 4`,
    ];
    const script: ModelScript = (results) => {
      const command = commands[results.length];
      if (command === undefined) return { kind: "final", text: "done" };
      return { kind: "shell", command, ...(command.includes("idle.mjs") ? { timeoutMs: 2000 } : {}) };
    };
    const { server, toolspanHome } = await session(script, { allowedTools: ["Bash"] });
    const [binary, stderrOnly, background] = server.toolResults;
    const spans = sessionSpans(toolspanHome, "claude-code");
    const spanOf = (prefix: string) => spans.find((span) => span.argv[2]!.startsWith(prefix))!;
    assert.doesNotMatch(binary!, /persisted-output|characters truncated/);
    assert.match(binary!, /^\[toolspan: this output was clipped/);
    assert.equal(spanOf("head -c").stdout_bytes, 60000);
    assert.equal(spanOf("head -c").encoding, "binary");
    assert.match(stderrOnly!, /^Exit code 3\n\[toolspan: this output was clipped[^]*--stream stderr --grep/);
    assert.match(stderrOnly!, /FAILED tests\/test_answer\.py::test_answer - AssertionError: assert 41 == 42$/, "the tail of stderr is kept");
    assert.match(background!, /^started\npid \d+$/, "a child holding the pipe does not hold the call");
    const held = spans.find((span) => span.argv[2]!.includes("held-open.mjs"))!;
    assert.equal(held.stalled, true, "the span says the pipe was held after the command exited");
    assert.equal(spans.length, 4, "every call wrote its span, the one stopped at its timeout too");
    // Claude Code 2.1.332 does not stop a call at its timeout: it moves it to the background, where it runs on.
    assert.match(server.toolResults[3]!, /did not complete within its 2s timeout and was moved to the background/);
    const late = spans.find((span) => span.argv[2]!.includes("idle.mjs"))!;
    assert.equal(late.returncode, 0);
    assert.ok(late.duration_ms >= 4000, "its span was written when it ended, in the background");
  });
});
