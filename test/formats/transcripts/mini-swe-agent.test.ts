import assert from "node:assert/strict";
import { test } from "node:test";
import { readMiniSweAgent } from "../../../src/formats/transcripts/mini-swe-agent.js";
import { readFixture } from "../../helpers/transcripts.js";

test("github_issue: 10 bash actions, two with returncode 1, the submission last", async () => {
  const read = await readFixture("mini_swe_agent/github_issue.traj.json");
  assert.equal(read.calls.length, 10);
  assert.equal(read.calls.filter((call) => call.returncode === 1).length, 2);
  assert.match(read.calls[9]!.command ?? "", /COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT/);
  assert.equal(read.calls[9]!.returncode, undefined);
  assert.equal(read.calls[0]!.stdout, "cat: /Users/fuchur/Documents/24/git_sync/swe-agent-test-repo/tests/./missing_colon.py: No such file or directory\n");
});

test("local: echo and the submit sentinel", async () => {
  const read = await readFixture("mini_swe_agent/local.traj.json");
  assert.deepEqual(read.calls.map((call) => [call.command, call.returncode]), [
    ["echo 'hello world'", 0],
    ["echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT", undefined],
  ]);
  assert.equal(read.calls[0]!.declaredSuccess, true);
});

test("nano-swe-agent (before the rename): returncode on its own line, stdout and stderr apart, its submission", async () => {
  const read = await readFixture("mini_swe_agent/nano-swe-agent-traj.json");
  assert.deepEqual(read.calls.map((call) => call.returncode ?? null), [1, 0, 0, 0, 0, 0, 0, 1, 0, null]);
  assert.match(read.calls[0]!.stderr, /^cat: .*missing_colon\.py: No such file or directory/);
  assert.equal(read.calls[0]!.stdout, "\n");
  assert.match(read.calls[7]!.stderr, /ZeroDivisionError: division by zero/);
  assert.match(read.calls[9]!.command!, /^echo NANO_SWE_AGENT_FINAL_OUTPUT && git add -A/);
  assert.equal(read.calls[8]!.declaredSuccess, true, "its submission follows this result");
});

test("the document form, tool-call actions, and a message that is no object", () => {
  const read = readMiniSweAgent({
    trajectory_format: "mini-swe-agent-1",
    messages: [
      { role: "assistant", content: "", tool_calls: [{ function: { name: "bash", arguments: '{"command":"ls"}' } }] },
      { role: "tool", content: "<returncode>0</returncode>\n<output>\na\n</output>" },
      7,
    ],
  });
  assert.deepEqual(read.calls.map((call) => [call.command, call.returncode, call.stdout]), [["ls", 0, "a\n"]]);
  assert.deepEqual(read.problems.map((problem) => problem.index), [3]);
});

test("a response with two actions, or one in a fence mini-swe-agent did not take, ran nothing: no call", async () => {
  const read = await readFixture("synthetic/mini-swe-agent-format-errors.traj.json");
  assert.deepEqual(
    read.calls.map((call) => [call.index, call.command, call.returncode]),
    [
      [7, "pytest -q tests/test_refund.py", 1],
      [9, "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT", undefined],
    ],
  );
  assert.equal(read.calls[0]!.declaredSuccess, true, "the submission follows the failing run");
});

test("2.x tool calls: each answered by its tool_call_id; one not executed, and a FormatError, are no calls", async () => {
  const read = await readFixture("synthetic/mini-swe-agent-2-toolcalls.traj.json");
  assert.equal(read.harnessVersion, "2.1.0");
  assert.deepEqual(read.calls.map((call) => [call.callId, call.command, call.returncode]), [
    ["call_1", "ls src", 127],
    ["call_3", "ls", 0],
  ]);
});

test("1.x interactive: an action the user rejected is no call; one killed at the time limit is timed out", () => {
  // The wording of a real 1.14.4 interactive run.
  const read = readMiniSweAgent([
    { role: "user", content: "task" },
    { role: "assistant", content: "```bash\nrm -rf build\n```" },
    { role: "user", content: "Command not executed. The user rejected your command with the following message: go to the repo" },
    { role: "assistant", content: "```bash\nnpm run dev\n```" },
    { role: "user", content: "The last command <command>npm run dev</command> timed out and has been killed.\nThe output of the command was:\n <output>\nready on :3000\n</output>" },
  ]);
  assert.deepEqual(read.calls.map((call) => [call.command, call.timedOut ?? false]), [["npm run dev", true]]);
  assert.match(read.calls[0]!.unverifiable ?? "", /^timed out and killed \(mini-swe-agent's command time limit\)/);
});

test("an action no observation answered is still a call, unverifiable: the run stopped", () => {
  const read = readMiniSweAgent([
    { role: "user", content: "task" },
    { role: "assistant", content: "```mswea_bash_command\nmake test\n```" },
  ]);
  assert.deepEqual(read.calls.map((call) => call.command), ["make test"]);
  assert.match(read.calls[0]!.unverifiable ?? "", /no result/);
});

test("2.x: the exit message of a submitted run answers its submit call; a run that stopped otherwise leaves it open", () => {
  // The layout of mini-swe-agent 2.2.7 trajectories (SWE-bench runs): the submit tool call gets no tool message,
  // the run ends with role "exit" holding the submission.
  const submitCall = { id: "call_9", type: "function", function: { name: "bash", arguments: '{"command": "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && cat patch.txt"}' } };
  const run = (exit: object) => readMiniSweAgent({ trajectory_format: "mini-swe-agent-1.1", messages: [{ role: "system", content: "s" }, { role: "user", content: "task" }, { role: "assistant", content: "", tool_calls: [submitCall] }, exit] });
  const submitted = run({ role: "exit", content: "diff --git a/x b/x\n", extra: { exit_status: "Submitted", submission: "diff --git a/x b/x\n" } });
  assert.deepEqual(submitted.calls.map((call) => [call.callId, call.unverifiable, call.stdout]), [["call_9", null, "diff --git a/x b/x\n"]]);
  const stopped = run({ role: "exit", content: "litellm.InternalServerError", extra: { exit_status: "InternalServerError", submission: "" } });
  assert.match(stopped.calls[0]!.unverifiable ?? "", /no result/);
  // A command beside the submit in the same response ran first and got no result: it keeps its place before it.
  const makeCall = { id: "call_8", type: "function", function: { name: "bash", arguments: '{"command": "make"}' } };
  const both = readMiniSweAgent({
    trajectory_format: "mini-swe-agent-1.1",
    messages: [{ role: "system", content: "s" }, { role: "user", content: "task" }, { role: "assistant", content: "", tool_calls: [makeCall, submitCall] }, { role: "exit", content: "diff\n", extra: { exit_status: "Submitted" } }],
  });
  assert.deepEqual(both.calls.map((call) => [call.callId, call.stdout]), [["call_8", ""], ["call_9", "diff\n"]]);
  assert.match(both.calls[0]!.unverifiable ?? "", /no result/);
});

test("2.x: an observation cut to its head and tail keeps the whole output's size from extra.raw_output", () => {
  const whole = `${"é".repeat(6000)}${"x".repeat(6000)}`;
  const shown = `<returncode>0</returncode>\n<output_head>\n${whole.slice(0, 5000)}\n</output_head>\n<elided_chars>\n2000 characters elided\n</elided_chars>\n<output_tail>\n${whole.slice(-5000)}\n</output_tail>`;
  const read = readMiniSweAgent([
    { role: "system", content: "s" },
    { role: "assistant", content: "", tool_calls: [{ id: "call_1", function: { name: "bash", arguments: '{"command": "cat big.txt"}' } }] },
    { role: "tool", tool_call_id: "call_1", content: shown, extra: { raw_output: whole, returncode: 0 } },
  ]);
  assert.equal(read.calls[0]!.totalBytes, 18000, "6,000 two-byte characters and 6,000 one-byte ones");
});

test("2.x: a command killed at the time limit (exception_info 'timed out after N seconds') is unverifiable", async () => {
  // Real (mini-swe-agent 2.2.7, deepseek-reasoner on pvlib-1707), cut to 12 messages: two finds, then a
  // `pip install` killed with no output and an `apt-get` killed after printing its first lines.
  const read = await readFixture("mini_swe_agent/deepseek-pvlib-1707-messages-1-6-13-18.traj.json");
  assert.equal(read.harnessVersion, "2.2.7");
  assert.deepEqual(
    read.calls.map((call) => [call.command!.split(" ")[0], call.returncode, call.timedOut ?? false]),
    [["find", 0, false], ["find", 0, false], ["pip", -1, true], ["python3", 0, false], ["apt-get", -1, true]],
  );
  const [, , pip, , aptGet] = read.calls;
  assert.match(pip!.unverifiable!, /^timed out after 60 seconds \(mini-swe-agent's command time limit\)/);
  assert.ok(aptGet!.stdout.includes("Get:1 http://security.ubuntu.com/ubuntu jammy-security InRelease"), "what it printed before the kill");
  assert.equal(read.calls.filter((call) => call.unverifiable !== null).length, 2);
});

test("2.x: an extra.raw_output shorter than the head and tail shown is not taken as the whole output's size", () => {
  const shown = `<returncode>0</returncode>\n<output_head>\n${"h".repeat(5000)}\n</output_head>\n<elided_chars>\n2000 characters elided\n</elided_chars>\n<output_tail>\n${"t".repeat(5000)}\n</output_tail>`;
  const read = readMiniSweAgent([
    { role: "system", content: "s" },
    { role: "assistant", content: "", tool_calls: [{ id: "call_1", function: { name: "bash", arguments: '{"command": "cat big.txt"}' } }] },
    { role: "tool", tool_call_id: "call_1", content: shown, extra: { raw_output: "x", returncode: 0 } },
  ]);
  assert.equal(read.calls[0]!.totalBytes, undefined, "1 byte cannot be the whole of 10,000 bytes shown");
});

test("a tool result no action waits for is reported, never dropped without a word", () => {
  const read = readMiniSweAgent([
    { role: "system", content: "s" },
    { role: "tool", tool_call_id: "call_0", content: "<returncode>0</returncode>\n<output>\nx\n</output>" },
    { role: "assistant", content: "", tool_calls: [{ id: "call_1", function: { name: "bash", arguments: '{"command": "ls"}' } }] },
    { role: "tool", tool_call_id: "call_9", content: "<returncode>0</returncode>\n<output>\ny\n</output>" },
    { role: "tool", tool_call_id: "call_1", content: "<returncode>0</returncode>\n<output>\nsrc\n</output>" },
  ]);
  assert.deepEqual(read.calls.map((call) => [call.callId, call.stdout]), [["call_1", "src\n"]]);
  assert.deepEqual(read.problems.map((problem) => [problem.index, problem.message]), [
    [2, "a tool result no action waits for; skipped"],
    [4, "a tool result no action waits for; skipped"],
  ]);
});

test("2.x parallel tool calls are one turn: a claim of success after them is about every result", () => {
  const read = readMiniSweAgent([
    { role: "system", content: "s" },
    {
      role: "assistant",
      content: "",
      tool_calls: [
        { id: "call_1", function: { name: "bash", arguments: '{"command": "pytest tests/a.py"}' } },
        { id: "call_2", function: { name: "bash", arguments: '{"command": "pytest tests/b.py"}' } },
      ],
    },
    { role: "tool", tool_call_id: "call_1", content: "<returncode>1</returncode>\n<output>\n1 failed\n</output>" },
    { role: "tool", tool_call_id: "call_2", content: "<returncode>0</returncode>\n<output>\n1 passed\n</output>" },
    { role: "assistant", content: "All tests pass." },
  ]);
  assert.deepEqual(read.calls.map((call) => [call.callId, call.declaredSuccess]), [["call_1", true], ["call_2", true]]);
});
