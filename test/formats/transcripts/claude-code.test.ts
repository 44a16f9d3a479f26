import assert from "node:assert/strict";
import { test } from "node:test";
import { readFixture } from "../../helpers/transcripts.js";

test("a real session: 9 calls, 6 of them Bash, the approval denials with no exit code", async () => {
  const read = await readFixture("claude_code/2b4ed4c0-b905-41de-9238-273db3ec737a.jsonl");
  assert.equal(read.harnessVersion, "2.1.17");
  assert.equal(read.calls.length, 9);
  assert.equal(read.calls.filter((call) => call.toolName === "Bash").length, 6);
  assert.deepEqual(read.problems, []);
  assert.ok(read.calls.every((call) => call.unverifiable === null));
});

test("grep's exit 1 read as 'No matches found' is not taken for an exit 0", async () => {
  const read = await readFixture("claude_code/agent-f36dc5e5.jsonl");
  const interpreted = read.calls.filter((call) => call.toolName === "Bash" && call.stdout === "");
  assert.ok(interpreted.length > 0);
  for (const call of interpreted) assert.equal(call.returncode, undefined);
});

test("the persisted-output result is read with its preview, and cwd and command come from the call", async () => {
  const read = await readFixture("claude_code/agent-a485154.jsonl");
  const persisted = read.calls.find((call) => call.stdout.startsWith("<persisted-output>"));
  assert.equal(persisted?.line, 32);
  assert.equal(persisted?.cwd, "/Users/User/repo/codemie-ai/codemie-code");
  assert.match(persisted?.command ?? "", /^find /);
});

test("a backgrounded Bash call is unverifiable", async () => {
  const read = await readFixture("claude_code/task_id_linking_real_world_bash.jsonl");
  assert.match(read.calls[0]!.unverifiable ?? "", /background \(task b622bd5\)/);
});

test("malformed records are reported with their line and skipped: not objects, unknown types, torn lines, orphans", async () => {
  const edge = await readFixture("claude_code/edge_cases.jsonl");
  assert.deepEqual(
    edge.problems.map((problem) => problem.line ?? problem.message),
    [13, 15, 16, "1 line of an unknown record type: (no type) (1); at line 14"],
  );
  const synthetic = await readFixture("synthetic/claude-code-markers.jsonl");
  assert.deepEqual(
    synthetic.problems.map((problem) => [problem.line, problem.message]),
    [
      [14, 'tool result "t-unknown" has no matching call; skipped'],
      [16, "not JSON (a torn or damaged line); skipped"],
      [null, '1 line of an unknown record type: "brand-new-record-type" (1); at line 13'],
    ],
  );
  const torn = synthetic.calls.at(-1)!;
  assert.equal(torn.command, "make build");
  assert.match(torn.unverifiable ?? "", /no result/);
});

test("exit codes: 'Exit code N' where written, 0 for a plain Bash success, none for an interruption", async () => {
  const read = await readFixture("synthetic/claude-code-markers.jsonl");
  const byCommand = new Map(read.calls.map((call) => [call.command, call]));
  assert.equal(byCommand.get("ls")?.returncode, 0);
  assert.equal(byCommand.get("cat missing.txt")?.returncode, 1);
  assert.equal(byCommand.get("sleep 600")?.returncode, undefined);
  assert.match(byCommand.get("sleep 600")?.unverifiable ?? "", /interrupted/);
  assert.equal(byCommand.get("npm test")?.declaredSuccess, true);
  assert.equal(byCommand.get("ls")?.declaredSuccess, false);
});

test("a Bash call killed at its time limit is unverifiable and timed out, in the 1.x and the 2.1.332 wording", async () => {
  const old = await readFixture("synthetic/claude-code-1x.jsonl");
  const e2e = old.calls.find((call) => call.command === "npm run e2e")!;
  assert.match(e2e.unverifiable ?? "", /^timed out after 2m 0\.0s /);
  assert.equal(e2e.timedOut, true);
  const lab = await readFixture("lab/claude_code/lab-2.1.332.jsonl");
  const killed = lab.calls.find((call) => call.command === "sleep 5; printf 'never printed\\n'")!;
  assert.match(killed.unverifiable ?? "", /^timed out after 1s /);
  assert.equal(killed.returncode, 143);
  assert.equal(killed.timedOut, true);
  // A call past its limit that Claude Code moved to the background is that, not a kill.
  const moved = lab.calls.find((call) => call.command?.startsWith("printf 'started"))!;
  assert.match(moved.unverifiable ?? "", /moved to the background/);
  assert.equal(moved.timedOut, undefined);
});

test("claude -p --output-format stream-json (2.1.332, recorded in the lab): the same calls, its version from the init event", async () => {
  const read = await readFixture("lab/claude_code/lab-2.1.332.stream.jsonl");
  assert.equal(read.format, "claude-code");
  assert.equal(read.harnessVersion, "2.1.332");
  assert.match(read.sessionId ?? "", /^[0-9a-f-]{36}$/);
  assert.deepEqual(read.problems, []);
  assert.deepEqual(read.calls.map((call) => [call.command, call.returncode, call.shell]), [
    ["cat short.log; exit 1", 1, "bash"],
    ["printf 'ok\\n'", 0, "bash"],
  ]);
  assert.match(read.calls[0]!.stdout, /\n\n\.\.\. \[10011 characters truncated\] \.\.\.\n\n/);
  assert.equal(read.calls[1]!.declaredSuccess, true);
});

test("a user's bash-mode command (real, 1.0.56) is a call the model saw the result of: here killed at 2m", async () => {
  const read = await readFixture("claude_code/12a546d1-bash-mode-lines-4-5.jsonl");
  assert.deepEqual(read.calls.map((call) => [call.toolName, call.command, call.shell, call.line, call.timedOut]), [["bash-mode", "uv run pytest -m browser -v", "bash", 1, true]]);
  assert.match(read.calls[0]!.unverifiable ?? "", /timed out after 2m 0\.0s/);
  assert.match(read.calls[0]!.stdout, /^=+ test session starts/);
  assert.equal(read.calls[0]!.stderr, "Command timed out after 2m 0.0s");
});

test("a result written before its call (parallel calls, as real 2.1.112 sessions hold them) is paired with it", async () => {
  const read = await readFixture("synthetic/claude-code-out-of-order.jsonl");
  const [notes, tests] = read.calls;
  assert.equal(tests!.command, "python -m pytest -q");
  assert.equal(tests!.line, 5, "the call keeps its own line");
  assert.equal(tests!.unverifiable, null, "its result, three lines before it, is found");
  assert.match(tests!.stdout, /\[18250 characters truncated\]/);
  assert.equal(tests!.returncode, 1);
  assert.equal(tests!.declaredSuccess, true, "the claim after both results is about this one too");
  assert.match(notes!.stdout, /ROUND_HALF_UP/);
  assert.equal(notes!.declaredSuccess, true, "the second line of the same response does not end the first's wait for a verdict");
  assert.deepEqual(read.problems.map((problem) => [problem.line, problem.message]), [[8, 'tool result "toolu_09Gone" has no matching call; skipped']]);
});

test("results that never meet their call are told by line, among the other problems, once each", async () => {
  const synthetic = await readFixture("synthetic/claude-code-markers.jsonl");
  assert.deepEqual(synthetic.problems.map((problem) => problem.line), [14, 16, null], "an orphan is told at its line's place, the summary last");
});

// A session of calls and their results, as Claude Code 2.1.x writes them: each call's tool, input and result text, and
// the result's toolUseResult where it has one.
interface SessionCall {
  name: string;
  input: object;
  content: string;
  toolUseResult?: object;
}

async function readSession(version: string, calls: readonly SessionCall[]) {
  const { ClaudeCodeReader } = await import("../../../src/formats/transcripts/claude-code.js");
  const reader = new ClaudeCodeReader();
  const base = { sessionId: "s", version };
  const lines = calls.flatMap(({ name, input, content, toolUseResult }, i) => [
    { ...base, type: "assistant", uuid: `a${i}`, message: { id: `m${i}`, role: "assistant", content: [{ type: "tool_use", id: `t${i}`, name, input }] } },
    { ...base, type: "user", uuid: `u${i}`, message: { role: "user", content: [{ type: "tool_result", tool_use_id: `t${i}`, content }] }, ...(toolUseResult ? { toolUseResult } : {}) },
  ]);
  lines.forEach((line, i) => reader.line(JSON.stringify(line), i + 1));
  return reader.end();
}

test("a persisted result under 2.1.98's rerun line keeps its preview's size as what the model was shown", async () => {
  const preview = '{"parentUuid":"a","version":"2.1.98"}';
  const text = `<persisted-output>\nOutput too large (87.9KB). Full output saved to: /r/b6x87b69r.txt\n\nPreview (first 2KB):\n${preview}\n...\n</persisted-output>\n[rerun: b8]`;
  const persisted = { stdout: "", stderr: "", interrupted: false, persistedOutputSize: 89962 };
  const [call] = (await readSession("2.1.98", [{ name: "Bash", input: { command: "tail -5 out" }, content: text, toolUseResult: persisted }])).calls;
  assert.equal(call?.keptHeadBytes, Buffer.byteLength(preview));
  assert.equal(call?.totalBytes, 89962);
  assert.ok(call?.stdout.endsWith("</persisted-output>"), "the rerun line is Claude Code's, not the command's");
});

test("2.1.98's rerun line is no part of a Bash result's output: the span measures what the command wrote", async () => {
  const stdout = "SESSION_ID=25031-1776090604";
  const [bash, read] = (
    await readSession("2.1.101", [
      { name: "Bash", input: { command: "env | grep SESSION" }, content: `${stdout}\n[rerun: b1]`, toolUseResult: { stdout, stderr: "", interrupted: false } },
      { name: "Read", input: { file_path: "/a" }, content: "a\n[rerun: b2]" },
    ])
  ).calls;
  assert.equal(bash?.stdout, stdout);
  assert.equal(bash?.returncode, 0);
  assert.equal(read?.stdout, "a\n[rerun: b2]", "only under a Bash result is the line Claude Code's");
});
