// The public samples of the formats people asked for (a Gemini CLI session, an OpenHands evaluation output.jsonl,
// a Claude Code stream-json capture), audited: what each says was read from the files themselves (SOURCES.md).
import assert from "node:assert/strict";
import { test } from "node:test";
import { auditTranscript } from "../../src/audit/audit-transcript.js";
import { transcriptPath } from "../helpers/transcripts.js";

const audit = (file: string) => auditTranscript(transcriptPath(file));

test("Gemini CLI: 13 shell commands it refused to parse are clean, the one read its 2,000-line cap cut is clipped", async () => {
  const { format, calls, findings } = await audit("gemini/session-2026-01-02T03-26-ae691289.json");
  assert.equal(format, "gemini");
  assert.equal(calls.length, 22);
  const refused = calls.filter((call) => call.span.tool_name === "run_shell_command");
  assert.equal(refused.length, 13);
  assert.ok(refused.every((call) => call.verdict === "clean" && call.span.returncode === undefined), "it never ran them: no exit code guessed");
  assert.deepEqual(
    findings.map((call) => [call.span.source.index, call.span.tool_name, call.verdict, call.span.clip_evidence?.marker, call.span.clip_evidence?.groups]),
    [[17, "read_file", "clipped", "gemini-cli-file-content-truncated", { firstLine: 1001, lastLine: 3000, totalLines: 24856 }]],
  );
});

test("Gemini CLI: exit codes from the result text, a command the user cancelled mid-run unverifiable", async () => {
  const { calls } = await audit("gemini/session-2025-12-30T01-16-3f9ce747.json");
  assert.deepEqual(
    calls.map((call) => [call.span.source.index, call.span.tool_name, call.span.returncode ?? null, call.verdict]),
    [
      [4, "list_directory", null, "clean"],
      [5, "run_shell_command", 0, "clean"],
      [6, "run_shell_command", 0, "clean"],
      [7, "run_shell_command", null, "unverifiable"],
      [10, "run_shell_command", 1, "clean"],
      [11, "run_shell_command", 0, "clean"],
      [12, "run_shell_command", 1, "clean"],
    ],
  );
  assert.match(calls[3]!.reason!, /^cancelled/);
});

test("Gemini CLI: an ssh session killed at the shell's time limit is unverifiable and timed out", async () => {
  const { calls } = await audit("gemini/session-2025-12-13T18-50-ed4c9337.json");
  assert.deepEqual(
    calls.map((call) => [call.span.source.command, call.verdict, call.span.timed_out]),
    [["ssh root@192.168.8.1", "unverifiable", true]],
  );
});

test("OpenHands evaluation output.jsonl: 13 commands clean, 3 of 8 file views clipped by <response clipped>", async () => {
  const { format, harnessVersion, calls, findings } = await audit("openhands/multi_swe_bench-output-line-1.jsonl");
  assert.equal(format, "openhands");
  assert.equal(harnessVersion, "b5338c69d6661dad658ead0d7217bf5bb9d482da", "metadata.git_commit");
  const shell = calls.filter((call) => call.span.tool_name === "execute_bash");
  assert.deepEqual(shell.map((call) => call.span.returncode), [0, 0, 0, 0, 0, 0, 0, 127, 2, 2, 127, 0, 127]);
  assert.ok(shell.every((call) => call.verdict === "clean"));
  assert.equal(calls.length - shell.length, 8, "6 views and 2 edits of str_replace_editor");
  assert.deepEqual(
    findings.map((call) => [call.span.source.line, call.span.source.index, call.span.tool_name, call.span.clip_evidence?.marker]),
    [13, 17, 21].map((index) => [1, index, "str_replace_editor", "response-clipped"]),
  );
});

test("Claude Code stream-json: the ls its Bash ran, exit 0, clean, the session and version from the init event", async () => {
  const { format, harnessVersion, calls, findings } = await audit("claude_code/40e7b02d-stream-json.jsonl");
  assert.equal(format, "claude-code");
  assert.equal(harnessVersion, "2.1.3");
  assert.deepEqual(
    calls.map((call) => [call.span.source.line, call.span.tool_name, call.span.source.command, call.span.returncode, call.verdict, call.span.run_id]),
    [[2, "Bash", "ls -la", 0, "clean", "40e7b02d-c0f9-4876-9010-f514d4eb0603"]],
  );
  assert.deepEqual(findings, []);
});

test("OpenHands resolver output.jsonl: an issue a line, its flat mid-2024 events read with their commands and exit codes", async () => {
  const { format, calls, findings } = await audit("openhands/resolver-output.jsonl");
  assert.equal(format, "openhands");
  assert.deepEqual(
    calls.filter((call) => call.span.tool_name === "run").map((call) => [call.span.source.line, call.span.source.command, call.span.returncode]),
    [
      [1, "touch LICENSE", 0],
      [1, "cat LICENSE", 0],
      [2, "ls -R /workspace", 0],
    ],
  );
  assert.equal(calls.length, 24, "and 21 run_ipython cells (agentskills' open_file, edit_file_by_replace, …)");
  assert.deepEqual(findings, [], "open_file's 100-line window is its design, not a cut");
  assert.deepEqual(
    calls.filter((call) => call.declaredSuccess).map((call) => [call.span.source.line, call.span.source.index]),
    [
      [1, 6],
      [2, 42],
    ],
    "each issue's finish follows its last call",
  );
});

test("Claude Code events in one JSON array (claude-code-action's execution file): read as the stream, placed by index", async () => {
  const { format, calls, findings } = await audit("claude_code/claude-code-action-sample-turns.json");
  assert.equal(format, "claude-code");
  assert.deepEqual(
    calls.map((call) => [call.span.source.line, call.span.source.index, call.span.tool_name, call.verdict]),
    [
      [null, 2, "Read", "clean"],
      [null, 4, "Edit", "clean"],
      [null, 6, "mcp__github__add_pull_request_review_comment", "clean"],
    ],
  );
  assert.deepEqual(findings, []);
});

test("the real stream-json capture reads the same as a line stream and as the array its events make", async () => {
  const { readFileSync, writeFileSync, mkdtempSync, rmSync } = await import("node:fs");
  const { join } = await import("node:path");
  const { tmpdir } = await import("node:os");
  const lines = readFileSync(transcriptPath("claude_code/40e7b02d-stream-json.jsonl"), "utf8").split("\n").filter((line) => line !== "");
  const dir = mkdtempSync(join(tmpdir(), "toolspan-stream-array-"));
  try {
    const file = join(dir, "claude-execution-output.json");
    writeFileSync(file, JSON.stringify(lines.map((line) => JSON.parse(line) as unknown), null, 2));
    const array = await auditTranscript(file);
    const stream = await audit("claude_code/40e7b02d-stream-json.jsonl");
    const shape = (run: typeof array) => run.calls.map((call) => [call.span.source.command, call.span.returncode, call.verdict, call.span.preview_stdout]);
    assert.deepEqual(shape(array), shape(stream));
    assert.equal(array.harnessVersion, "2.1.3");
    assert.deepEqual(array.calls.map((call) => call.span.source.index), [2]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("Gemini CLI: a read of the 50 lines the agent asked for is clean, though Gemini CLI says the content was truncated", async () => {
  const { calls, findings } = await audit("gemini/session-2025-12-30T07-24-a1c91f1a.json");
  assert.deepEqual(calls.map((call) => [call.span.source.index, call.span.tool_name, call.verdict]), [
    [2, "read_file", "clean"],
    [3, "read_file", "clean"],
    [3, "read_file", "clean"],
    [4, "glob", "clean"],
  ]);
  assert.match(calls[0]!.span.preview_stdout, /Showing lines 1-50 of 158 total lines/);
  assert.deepEqual(findings, []);
});
