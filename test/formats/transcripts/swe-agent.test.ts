import assert from "node:assert/strict";
import { test } from "node:test";
import { findClipMatch } from "../../../src/formats/clip-markers.js";
import { readSweAgent } from "../../../src/formats/transcripts/swe-agent.js";
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

const step = (action: string, observation: string) => ({ action, observation, thought: "", state: {} });
const turn = (action: string, copy: string) => [
  { role: "assistant", content: action, action },
  { role: "tool", content: [{ type: "text", text: `OBSERVATION:\n${copy}` }] },
];

test("a trajectory step the history never showed (no action, no observation) does not shift the later pairs", () => {
  // As in SWE-agent 1.1.0's claude-4-sonnet SWE-bench run (sympy__sympy-13372): an empty step before `submit`.
  const review = `Thank you for your work. ${"diff line\n".repeat(50)}`;
  const read = readSweAgent({
    trajectory: [step("ls", "a.py"), step("", ""), step("submit", review), step("python a.py", "ok")],
    history: [{ role: "system", content: "sys" }, ...turn("ls", "a.py"), ...turn("submit", review), ...turn("python a.py", "ok")],
    info: { swe_agent_version: "1.1.0" },
  });
  assert.deepEqual(read.calls.map((call) => [call.toolName, call.stdout, call.keptOutput]), [
    ["ls", "a.py", undefined],
    ["submit", review, undefined],
    ["python", "ok", undefined],
  ]);
});

test("an observation SWE-agent cut in both copies is read with the note only the model's copy has", () => {
  const head = "x".repeat(100);
  const note = "<response clipped><NOTE>Observations should not exceeded 100 characters. 57 characters were elided. Please try a different command.</NOTE>";
  const read = readSweAgent({ trajectory: [step("find .", head)], history: turn("find .", `${head}${note}`) });
  const [find] = read.calls;
  assert.equal(find!.stdout, `${head}${note}`);
  assert.deepEqual(findClipMatch(find!.stdout)?.groups, { capChars: 100, droppedChars: 57 });
});

test("a command SWE-agent's time limit killed is unverifiable: 0.x's EXECUTION TIMED OUT, 1.x's cancel message", async () => {
  // Real (SWE-agent's EnIGMA demonstration): RsaCtfTool.py, step 8, killed after 60 s without output.
  const enigma = await readFixture("swe_agent/ctf-crypto-BabyTimeCapsule.traj");
  const killed = enigma.calls.filter((call) => call.timedOut === true);
  assert.deepEqual(killed.map((call) => [call.index, call.toolName]), [[8, "RsaCtfTool.py"]]);
  assert.match(killed[0]!.unverifiable!, /SWE-agent's command time limit\): killed mid-run, its output stops where it was killed/);
  assert.ok(killed[0]!.stdout.includes("Performing lehmer attack"), "the output before the kill is kept");
  assert.equal(enigma.calls.filter((call) => call.unverifiable !== null).length, 1);
  const cancelled = (text: string) =>
    readSweAgent({ trajectory: [step("sleep 999", text)], history: turn("sleep 999", text) }).calls[0]!;
  const notice = cancelled("The command 'sleep 999' was cancelled because it took more than 30 seconds. Please try a different command.");
  assert.equal(notice.timedOut, true);
  assert.match(notice.unverifiable!, /its output replaced by the notice/, "1.x leaves none of what it printed");
  assert.equal(cancelled("<warning>\nThe command 'sleep 999' was cancelled because it took more than 30 seconds to complete.\nIt may have been waiting for user input").timedOut, true);
  // Quoting the words is no timeout: only the harness's message, from its start, is.
  assert.equal(cancelled("grep says: The command 'x' was cancelled because it took more than 30 seconds.").unverifiable, null);
  assert.equal(cancelled("EXECUTION TIMED OUTLIER").timedOut, undefined);
});
