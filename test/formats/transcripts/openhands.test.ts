import assert from "node:assert/strict";
import { test } from "node:test";
import { readOpenHands } from "../../../src/formats/transcripts/openhands.js";
import { readFixture } from "../../helpers/transcripts.js";

test("real trajectories: an edit, a mkdir and a server that never ended, reads around a mv before finish", async () => {
  const basic = await readFixture("openhands/basic.json");
  assert.deepEqual(basic.calls.map((call) => [call.toolName, call.command]), [["str_replace_editor", undefined]], "the edit is a call; its sub-command is no command line");
  const gui = await readFixture("openhands/basic_gui_mode.json");
  const shell = gui.calls.filter((call) => call.toolName === "execute_bash");
  assert.deepEqual(shell.map((call) => [call.command, call.returncode, call.unverifiable !== null]), [
    ["mkdir -p /workspace/todo-app", 0, false],
    ["cd /workspace/todo-app && python3 -m http.server 8000", undefined, true],
  ]);
  assert.equal(shell[0]!.cwd, "/workspace");
  assert.equal(gui.calls.length - shell.length, 2, "its two edits");
  const mv = await readFixture("openhands/wrong_initial_state.json");
  assert.deepEqual(mv.calls.map((call) => [call.toolName, call.declaredSuccess]), [
    ["str_replace_editor", false],
    ["execute_bash", false],
    ["str_replace_editor", true],
  ], "the finish action follows the last read");
});

test("a file view OpenHands clipped is a call with the clipped text as its result", () => {
  const read = readOpenHands([
    { id: 1, action: "read", args: { path: "/w/big.c", start: 0, end: -1 }, tool_call_metadata: { function_name: "str_replace_editor" } },
    { id: 2, cause: 1, observation: "read", content: "1\tint x;\n<response clipped><NOTE>Due to the max output limit, only part of this file has been shown to you.</NOTE>" },
    { id: 3, action: "edit", args: { path: "/w/big.c", command: "str_replace" } },
    { id: 4, cause: 3, observation: "edit", content: "The file /w/big.c has been edited." },
  ]);
  assert.deepEqual(read.calls.map((call) => [call.toolName, call.command, call.returncode, call.index]), [
    ["str_replace_editor", undefined, undefined, 1],
    ["edit", undefined, undefined, 3],
  ]);
  assert.match(read.calls[0]!.stdout, /<response clipped>/);
  assert.deepEqual(read.problems, []);
});

test("an observation with no matching action and an event that is no object are reported, never fatal", () => {
  const read = readOpenHands([{ id: 1, observation: "run", cause: 7, content: "x" }, 5, { id: 2 }]);
  assert.deepEqual(read.calls, []);
  assert.deepEqual(read.problems.map((problem) => problem.index), [1, 2, 3]);
});

test("an older history with no id or cause: each observation answers the oldest action waiting", async () => {
  const read = await readFixture("synthetic/openhands-no-ids.json");
  assert.deepEqual(read.calls.map((call) => [call.command, call.returncode, call.declaredSuccess]), [
    ["ls", 0, false],
    ["pytest -q", 1, true],
  ]);
  assert.match(read.calls[1]!.stdout, /Command output truncated: removed 5000 characters/);
  assert.deepEqual(read.problems, []);
});

test("[action, observation] pairs: each pair is a call and its result", () => {
  const read = readOpenHands([
    [{ action: "run", args: { command: "a" } }, { observation: "run", content: "A", extras: { exit_code: 2 } }],
    [{ action: "run", args: { command: "b" } }, { observation: "run", content: "B", extras: { exit_code: 0 } }],
  ]);
  assert.deepEqual(read.calls.map((call) => [call.command, call.stdout, call.returncode, call.index]), [
    ["a", "A", 2, 1],
    ["b", "B", 0, 2],
  ]);
});

test("evaluation output.jsonl: each instance's history at its line; event ids that repeat across instances never pair", async () => {
  const read = await readFixture("synthetic/openhands-eval-output.jsonl");
  assert.equal(read.format, "openhands");
  assert.deepEqual(read.calls.map((call) => [call.line, call.index, call.command, call.returncode ?? null, call.unverifiable !== null]), [
    [1, 2, "pytest", 0, false],
    [1, 4, "npm test", 1, false],
    [2, 1, "make", 0, false],
    [2, 3, "sleep 999", null, true],
    [3, 1, "python -m pytest", 1, false],
    [3, 2, "git diff", 0, false],
  ]);
  assert.equal(read.calls[5]!.declaredSuccess, true, "finish follows git diff");
  assert.deepEqual(read.problems.map((problem) => problem.line), [4], "the predictions line is skipped, said");
});

test("a V0 output.jsonl with an SDK run's instance in it: that line is skipped and said, never read as V0 events", async () => {
  const { readFileSync, writeFileSync, mkdtempSync, rmSync } = await import("node:fs");
  const { join } = await import("node:path");
  const { tmpdir } = await import("node:os");
  const { readTranscript } = await import("../../../src/formats/transcripts/read-transcript.js");
  const { transcriptPath } = await import("../../helpers/transcripts.js");
  const dir = mkdtempSync(join(tmpdir(), "toolspan-openhands-"));
  try {
    const v0 = readFileSync(transcriptPath("synthetic/openhands-eval-output.jsonl"), "utf8").split("\n")[0];
    const sdk = readFileSync(transcriptPath("openhands_sdk/openagentsafety-output-lines-10-20-45.jsonl"), "utf8").split("\n")[2];
    const file = join(dir, "output.jsonl");
    writeFileSync(file, `${v0}\n${sdk}\n`);
    const read = await readTranscript(file);
    assert.equal(read.format, "openhands");
    assert.deepEqual(read.calls.map((call) => call.line), [1, 1]);
    assert.deepEqual(read.problems.map((problem) => [problem.line, problem.message]), [[2, "its history holds OpenHands SDK (V1) events, but the file's first instance is V0's: audit the V1 lines apart; skipped"]]);
    // An SDK run whose first instance never started (an empty history): read as the SDK run it is, not called clean.
    writeFileSync(file, `${JSON.stringify({ instance_id: "x", history: [], metadata: {} })}\n${sdk}\n`);
    const started = await readTranscript(file);
    assert.equal(started.format, "openhands-sdk");
    assert.deepEqual(started.calls.map((call) => [call.line, call.index]), [[2, 1], [2, 3]]);
    assert.deepEqual(started.problems, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("an output.jsonl whose first instance is longer than the sniff is still read as one", async () => {
  const { writeFileSync, mkdtempSync, rmSync } = await import("node:fs");
  const { join } = await import("node:path");
  const { tmpdir } = await import("node:os");
  const { readTranscript } = await import("../../../src/formats/transcripts/read-transcript.js");
  const dir = mkdtempSync(join(tmpdir(), "toolspan-openhands-"));
  try {
    const history = [
      { id: 1, action: "run", args: { command: "cat big" } },
      { id: 2, cause: 1, observation: "run", content: "x".repeat(100_000), extras: { metadata: { exit_code: 0 } } },
    ];
    const file = join(dir, "output.jsonl");
    writeFileSync(file, `${JSON.stringify({ instance_id: "a__b-1", test_result: { git_patch: "p".repeat(70_000) }, history })}\n`);
    const read = await readTranscript(file);
    assert.deepEqual(read.calls.map((call) => [call.line, call.command, call.returncode]), [[1, "cat big", 0]]);
    // The resolver's output opens with its issue, then the patch, before the history.
    const issue = { owner: "o", repo: "r", number: 7, title: "t", body: "b".repeat(70_000) };
    writeFileSync(file, `${JSON.stringify({ issue, issue_type: "issue", git_patch: "p", history })}\n`);
    const resolved = await readTranscript(file);
    assert.deepEqual(resolved.calls.map((call) => [call.line, call.command, call.returncode]), [[1, "cat big", 0]]);
    // Mid-2024 output of other benchmarks opens with its id, then the instance (ProntoQA's context is long).
    const instance = { id: "ProntoQA_1", context: "c".repeat(70_000) };
    writeFileSync(file, `${JSON.stringify({ id: "ProntoQA_1", instance, instruction: "i", history })}\n`);
    const keyedById = await readTranscript(file);
    assert.deepEqual(keyedById.calls.map((call) => [call.line, call.command, call.returncode]), [[1, "cat big", 0]]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("mid-2024 evaluation output keyed by id (ProntoQA) is read as OpenHands, its pairs as calls", async () => {
  // Real (OpenDevin's logic_reasoning run, CodeActAgent on gpt-4o, 2024-05): {id, instance, instruction, history
  // of [action, observation] pairs, …}, with no instance_id.
  const read = await readFixture("openhands/prontoqa-output-line-1.jsonl");
  assert.equal(read.format, "openhands");
  assert.deepEqual(read.calls.map((call) => [call.toolName, call.stdout.slice(0, 28), call.line]), [
    ["run_ipython", "[Package installed successfu", 1],
    ["run_ipython", "'A'", 1],
  ]);
  assert.deepEqual(read.problems, []);
});

test("an id or cause that is an object names no event, even one with no toString: the history is still read", () => {
  // Found by the mutated-documents property test: String() of { toString: null } throws.
  const hostile = { toString: null, valueOf: null };
  const read = readOpenHands([
    { id: hostile, action: "run", args: { command: "ls" } },
    { id: 2, cause: hostile, observation: "run", content: "a\nb", extras: { exit_code: 0 } },
    { id: [3], action: "run", args: { command: "pwd" } },
    { id: 4, cause: { id: 3 }, observation: "run", content: "/w", extras: { exit_code: 0 } },
  ]);
  assert.deepEqual(read.calls.map((call) => [call.command, call.callId, call.stdout]), [
    ["ls", null, "a\nb"],
    ["pwd", null, "/w"],
  ], "with no id to go by, each observation answers the oldest call waiting");
});
