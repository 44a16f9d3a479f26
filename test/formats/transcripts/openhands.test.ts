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
