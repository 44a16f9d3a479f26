import assert from "node:assert/strict";
import { test } from "node:test";
import { readFixture } from "../../helpers/transcripts.js";

test("real trajectories: every step a call, the model's copies hold the whole observations", async () => {
  const v1 = await readFixture("swe_agent/6e44b9__sweagenttestrepo-1c2844.traj");
  assert.deepEqual(v1.calls.map((call) => call.toolName), ["find_file", "open", "edit", "python3", "submit"]);
  assert.equal(v1.calls[3]!.stdout, "8.2");
  assert.equal(v1.calls[3]!.cwd, "/SWE-agent__test-repo");
  assert.ok(v1.calls.every((call) => call.keptOutput === undefined));
  assert.equal(v1.calls[3]!.declaredSuccess, true, "submit follows the run");
  const v0 = await readFixture("swe_agent/pydicom__pydicom-1458.traj");
  assert.equal(v0.calls.length, 12);
  assert.equal(v0.calls[0]!.cwd, "/pydicom__pydicom");
  assert.ok(v0.calls.every((call) => call.keptOutput === undefined));
});

test("a history copy shorter than the observation keeps both: the whole output and the part the model saw", async () => {
  const read = await readFixture("synthetic/swe-agent-clipped.traj");
  const [pytest] = read.calls;
  assert.equal(pytest!.fullOutput!.length, 28892);
  assert.equal(pytest!.keptOutput!.length, 1000);
  assert.ok(pytest!.fullOutput!.startsWith(pytest!.keptOutput!));
  assert.equal(read.harnessVersion, "1.1.0");
});
