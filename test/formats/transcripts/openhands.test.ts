import assert from "node:assert/strict";
import { test } from "node:test";
import { readOpenHands } from "../../../src/formats/transcripts/openhands.js";
import { readFixture } from "../../helpers/transcripts.js";

test("real trajectories: no shell call, a mkdir and a server that never ended, a mv before finish", async () => {
  assert.equal((await readFixture("openhands/basic.json")).calls.length, 0);
  const gui = await readFixture("openhands/basic_gui_mode.json");
  assert.deepEqual(gui.calls.map((call) => [call.command, call.returncode, call.unverifiable !== null]), [
    ["mkdir -p /workspace/todo-app", 0, false],
    ["cd /workspace/todo-app && python3 -m http.server 8000", undefined, true],
  ]);
  assert.equal(gui.calls[0]!.cwd, "/workspace");
  const mv = await readFixture("openhands/wrong_initial_state.json");
  assert.equal(mv.calls.length, 1);
  assert.equal(mv.calls[0]!.declaredSuccess, true, "the finish action follows it");
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
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
