// The real Claude Code (pinned in test/e2e/harnesses) against a scripted model: what its Bash tool hands the
// model, byte for byte, and how a PreToolUse hook that rewrites the command is honoured. These tests document the
// harness's own caps; the figures in them were measured on 2.1.332 and a new pin that moves one fails here first.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import { scratchPaths } from "../helpers/scratch.js";
import type { AnthropicServer } from "./lab/anthropic-server.js";
import { runScriptedClaudeCode, type ClaudeCodeRun } from "./lab/claude-code.js";
import { FAILED_LINE, pytestLog } from "./lab/pytest-log.js";
import { rewriteHook } from "./lab/rewrite-hook.js";

const fresh = scratchPaths("toolspan-claude-lab-");
const LIMIT = { timeout: 60_000 };

// Claude Code 2.1.332's Bash result, as measured with the real binary: one stream (stdout
// and stderr share the output file, in write order), leading blank lines and trailing whitespace trimmed.
/** The read-back window: the first BASH_MAX_OUTPUT_LENGTH bytes of output (default 30,000). */
const WINDOW_BYTES = 30_000;
/** A failing result longer than EXCERPT + SLACK characters keeps EXCERPT/2 from each end around a marker. */
const EXCERPT = 10_000;
const SLACK = 1024;

/** What a failing command's result becomes: whole up to 11,024 characters, else 5,000 + marker + 5,000. */
function failureExcerpt(text: string): string {
  if (text.length <= EXCERPT + SLACK) return text;
  const half = EXCERPT / 2;
  return `${text.slice(0, half)}\n\n... [${text.length - EXCERPT} characters truncated] ...\n\n${text.slice(-half)}`;
}

/** The 2 KB preview of a persisted result: up to 2,000 characters, cut at the last newline past the first 1,000. */
function persistedPreview(text: string): string {
  const cut = text.slice(0, 2000).lastIndexOf("\n");
  return text.slice(0, cut > 1000 ? cut : 2000);
}

const PERSISTED = /^<persisted-output>\nOutput too large \(([\d.]+KB)\)\. Full output saved to: (\S+)\n\nPreview \(first 2KB\):\n([\s\S]*)\n\.\.\.\n<\/persisted-output>$/;

interface Session {
  server: AnthropicServer;
  run: ClaudeCodeRun;
}

/** One Claude Code session running `commands`, with `files` in its working folder; it must end cleanly. */
async function session(commands: readonly string[], files: Record<string, string> = {}, settings?: object): Promise<Session> {
  const result = await runScriptedClaudeCode(commands, { dir: fresh("run"), files, settings });
  const { run, server } = result;
  assert.equal(run.timedOut, false, `claude timed out: ${run.stderr}`);
  assert.equal(run.code, 0, `claude failed: ${run.stderr}${run.stdout}`);
  assert.equal(run.result?.result, "done", "the scripted final answer ends the session");
  assert.deepEqual(server.unserved, []);
  assert.equal(server.toolResults.length, commands.length, "one tool result per scripted command");
  return result;
}

describe("Claude Code's Bash tool result text", () => {
  let lab: Session;
  before(async () => {
    lab = await session([
      "printf 'toolspan lab: %s\\n' ok",
      "printf 'out1\\n'; printf 'err1\\n' >&2; printf 'out2\\n'; exit 3",
      "grep -q absent /dev/null",
      "printf '\\n\\n  kept  \\n\\n'",
    ]);
  }, LIMIT);

  test("the server receives exactly what the command printed, trailing newline trimmed", () => {
    assert.equal(lab.server.toolResults[0], "toolspan lab: ok");
    assert.equal(lab.server.toolResultErrors[0], false);
    assert.ok(lab.run.transcriptPath?.startsWith(join(lab.run.home, ".claude", "projects")), "the transcript is in the run's HOME");
  });

  test("a failure is one stream in write order after an 'Exit code N' line, and is_error", () => {
    assert.equal(lab.server.toolResults[1], "Exit code 3\nout1\nerr1\nout2");
    assert.equal(lab.server.toolResultErrors[1], true);
  });

  test("exit 1 of grep is no failure, and an empty result gets a placeholder", () => {
    assert.equal(lab.server.toolResults[2], "(Bash completed with no output)");
    assert.equal(lab.server.toolResultErrors[2], false);
  });

  test("leading blank lines and trailing whitespace go, leading spaces stay", () => {
    assert.equal(lab.server.toolResults[3], "  kept");
  });
});

describe("Claude Code's caps on 68,195 bytes of pytest output, FAILED line last", () => {
  const log = pytestLog(68_195);
  let lab: Session;
  before(async () => {
    lab = await session(["cat pytest.log; exit 1", "cat pytest.log"], { "pytest.log": log });
  }, LIMIT);

  test("the generated log is what the test claims", () => {
    assert.equal(Buffer.byteLength(log), 68_195);
    assert.ok(log.endsWith(`\n${FAILED_LINE}\n`));
  });

  test("exit 1: a 10,000-character head+tail excerpt of the first 30,000 bytes; the FAILED line never arrives", () => {
    const received = lab.server.toolResults[0]!;
    const expected = failureExcerpt(`Exit code 1\n${log.slice(0, WINDOW_BYTES).trimEnd()}`);
    assert.equal(received, expected);
    assert.equal(received.length, 10_040);
    // 30,000-byte window, less the 5 padding spaces it ends in (trimmed), plus "Exit code 1\n", less 10,000 kept:
    // the marker counts only the window's middle, not the 38,195 bytes past the window.
    assert.ok(received.includes("\n\n... [20007 characters truncated] ...\n\n"));
    assert.equal(received.includes("FAILED tests/"), false, "the failure past the window is lost without a word");
    assert.equal(lab.server.toolResultErrors[0], true);
  });

  test("exit 0: the whole output saved to a file, the model gets its path and a 2 KB preview", () => {
    const received = lab.server.toolResults[1]!;
    const match = PERSISTED.exec(received);
    assert.ok(match, `a <persisted-output> wrapper: ${received.slice(0, 300)}`);
    const [, size, path, preview] = match;
    assert.equal(size, "66.6KB");
    assert.ok(path!.startsWith(join(lab.run.home, ".claude", "projects")), path);
    assert.match(path!, /\/tool-results\/[a-z0-9]+\.txt$/);
    assert.equal(readFileSync(path!, "utf8"), log, "the saved file holds every byte");
    assert.equal(preview, persistedPreview(log));
    assert.equal(received.includes(FAILED_LINE), false);
    assert.equal(lab.server.toolResultErrors[1], false);
  });
});

describe("Claude Code's cap boundaries, measured in bytes of output", () => {
  // Failure text is "Exit code 1\n" (12) + the output minus its final newline: N + 11 characters for N bytes.
  const sizes = { fail11013: pytestLog(11_013), fail11014: pytestLog(11_014), ok30000: pytestLog(30_000), ok30001: pytestLog(30_001) };
  // 30,001 bytes but only 15,001 characters: the inline limit counts bytes.
  const wide = `${"é".repeat(15_000)}\n`;
  let lab: Session;
  before(async () => {
    lab = await session(
      ["cat fail11013; exit 1", "cat fail11014; exit 1", "cat ok30000", "cat ok30001", "cat wide"],
      { ...sizes, wide },
    );
  }, LIMIT);

  test("a failing result of 11,024 characters is whole; of 11,025 it is excerpted", () => {
    assert.equal(lab.server.toolResults[0], `Exit code 1\n${sizes.fail11013.trimEnd()}`);
    assert.equal(lab.server.toolResults[0]!.length, 11_024);
    assert.equal(lab.server.toolResults[1], failureExcerpt(`Exit code 1\n${sizes.fail11014.trimEnd()}`));
    assert.match(lab.server.toolResults[1]!, /\n\n\.\.\. \[1025 characters truncated\] \.\.\.\n\n/);
  });

  test("a successful output of 30,000 bytes is inline; of 30,001 bytes it is persisted", () => {
    assert.equal(lab.server.toolResults[2], sizes.ok30000.trimEnd());
    assert.match(lab.server.toolResults[3]!, PERSISTED);
  });

  test("15,001 characters in 30,001 bytes are persisted: the limit is on bytes, not characters", () => {
    assert.equal(Buffer.byteLength(wide), 30_001);
    assert.match(lab.server.toolResults[4]!, PERSISTED);
    assert.ok(lab.server.toolResults[4]!.includes("Output too large (29.3KB)"));
  });
});

test("a PreToolUse hook's updatedInput is what runs, and its stdin carries the session's facts", LIMIT, async () => {
  const dir = fresh("hook");
  mkdirSync(dir);
  const hook = rewriteHook(dir, { otherwise: { prefix: "echo REWRITTEN; " } });
  const { server, run } = await runScriptedClaudeCode(["printf hello"], { dir, settings: { hooks: hook.hooks } });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(server.toolResults, ["REWRITTEN\nhello"]);

  const calls = hook.calls();
  assert.equal(calls.length, 1);
  const { input, env } = calls[0]!;
  assert.deepEqual(
    {
      session_id: input.session_id, transcript_path: input.transcript_path, cwd: input.cwd,
      hook_event_name: input.hook_event_name, tool_name: input.tool_name, tool_input: input.tool_input,
      permission_mode: input.permission_mode, tool_use_id: input.tool_use_id,
    },
    {
      session_id: run.sessionId, transcript_path: run.transcriptPath, cwd: run.cwd,
      hook_event_name: "PreToolUse", tool_name: "Bash",
      // Exactly the model's input: timeout and run_in_background appear only when the model sets them.
      tool_input: { command: "printf hello", description: "Run the scripted command" },
      permission_mode: "default", tool_use_id: "toolu_lab_0001",
    },
  );
  assert.equal(typeof input.prompt_id, "string");
  assert.equal(env.CLAUDE_PROJECT_DIR, run.cwd);
  assert.equal(env.CLAUDECODE, "1");
  assert.equal(env.CLAUDE_CODE_SESSION_ID, run.sessionId);

  // The transcript keeps the model's command on the tool_use; the rewrite is only in the hook's recorded stdout.
  type Entry = {
    type: string;
    message?: { content?: { type: string; input?: { command?: string } }[] | string };
    attachment?: { type: string; hookEvent?: string; stdout?: string };
  };
  const entries = readFileSync(run.transcriptPath!, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line) as Entry);
  const blocks = entries.flatMap((entry) => (entry.type === "assistant" && Array.isArray(entry.message?.content) ? entry.message.content : []));
  assert.deepEqual(blocks.filter((block) => block.type === "tool_use").map((block) => block.input?.command), ["printf hello"]);
  const hookEntry = entries.find((entry) => entry.attachment?.type === "hook_success" && entry.attachment.hookEvent === "PreToolUse");
  assert.match(hookEntry?.attachment?.stdout ?? "", /echo REWRITTEN; printf hello/);
});
