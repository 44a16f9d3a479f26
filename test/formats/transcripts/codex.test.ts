import assert from "node:assert/strict";
import { test } from "node:test";
import { readFixture } from "../../helpers/transcripts.js";
import { CodexReader } from "../../../src/formats/transcripts/codex.js";
import { auditRead } from "../../../src/audit/audit-transcript.js";
import { spanArgv } from "../../../src/contract/transcript-span.js";

// A rollout line of the kinds the tests write, and a rollout of them read line by line.
const item = (payload: object): string => JSON.stringify({ timestamp: "t", type: "response_item", payload });
const meta = (version: string): string => JSON.stringify({ timestamp: "t", type: "session_meta", payload: { id: "s", cwd: "/w", cli_version: version } });
function readRollout(lines: readonly string[]) {
  const reader = new CodexReader();
  lines.forEach((text, i) => reader.line(text, i + 1));
  return reader.end();
}

test("the 0.77 rollout: 3 shell calls with argv, all exit 0", async () => {
  const read = await readFixture("codex/rollout-2026-01-02T18-39-45-019b7f94-51b4-7593-922e-ba12b5b73b52.jsonl");
  assert.equal(read.harnessVersion, "0.77.0");
  assert.deepEqual(
    read.calls.map((call) => [call.toolName, call.argv?.[0], call.returncode]),
    [
      ["shell", "bash", 0],
      ["shell", "bash", 0],
      ["shell", "bash", 0],
    ],
  );
  assert.deepEqual(read.calls[0]!.argv, ["bash", "-lc", "ls"]);
});

test("the hand-written 0.77 rollout: commands as strings, cat of a missing file exits 1", async () => {
  const read = await readFixture("codex/rollout-2026-01-02T19-00-00-019b7f95-0000-7000-0000-000000000001.jsonl");
  assert.deepEqual(read.calls.map((call) => call.returncode), [0, 1, 0]);
  assert.equal(read.calls[1]!.command, "cat nonexistent.txt");
  assert.equal(read.calls[1]!.argv, undefined);
});

test("the 0.128 rollout: 38 calls, the header read off, the exit codes taken from it", async () => {
  const read = await readFixture("codex/rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl");
  assert.equal(read.calls.length, 38);
  assert.equal(read.calls.filter((call) => call.toolName === "exec_command").length, 35);
  const wc = read.calls.find((call) => call.command?.startsWith("wc -l"))!;
  assert.equal(wc.returncode, 0);
  assert.match(wc.stdout, /^ {4}8803 /);
  assert.deepEqual(read.problems, []);
});

test("the schema-coverage rollout: 4 calls, the duplicated trimmed result reported", async () => {
  const read = await readFixture("codex/small.jsonl");
  assert.equal(read.calls.length, 4);
  assert.equal(read.problems.length, 1);
  assert.match(read.problems[0]!.message, /has no matching call/);
});

test("synthetic: exec_command_end's exit code, a running session, unknown types, orphans and a torn line", async () => {
  const read = await readFixture("synthetic/codex-markers.jsonl");
  assert.equal(read.calls[0]!.returncode, 0);
  assert.equal(read.calls[0]!.cwd, "/repo");
  assert.equal(read.calls[0]!.declaredSuccess, true);
  assert.match(read.calls.find((call) => call.command === "npm run dev")?.unverifiable ?? "", /still running/);
  assert.deepEqual(
    read.problems.map((problem) => problem.line),
    [20, 21, 23, null],
  );
  assert.match(read.calls.at(-1)!.unverifiable ?? "", /no result/);
});

test("a rollout from before the payload lines: {id, timestamp, instructions}, then the items themselves", async () => {
  const read = await readFixture("synthetic/codex-legacy-rollout.jsonl");
  assert.equal(read.sessionId, "0b5f-legacy");
  assert.deepEqual(read.calls.map((call) => [call.argv, call.returncode, call.cwd, call.declaredSuccess]), [[["bash", "-lc", "pytest -q"], 1, "/repo", true]]);
  assert.deepEqual(read.problems, []);
});

test("the log's cut for persistence, found in what the model got, is said to be the log's, not the model's", () => {
  const reader = new CodexReader();
  const line = (payload: object) => JSON.stringify({ timestamp: "t", type: "response_item", payload });
  reader.line(JSON.stringify({ timestamp: "t", type: "session_meta", payload: { id: "s", cli_version: "0.150.0" } }), 1);
  reader.line(line({ type: "function_call", name: "exec_command", call_id: "c1", arguments: '{"cmd":"cat log"}' }), 2);
  reader.line(line({ type: "function_call_output", call_id: "c1", output: "head\n... command output truncated for persistence ...\ntail" }), 3);
  const audit = auditRead(reader.end(), "t.jsonl");
  assert.equal(audit.calls[0]!.span.clip_evidence?.marker, "codex-persistence-truncated");
  assert.match(audit.calls[0]!.span.clip_evidence?.note ?? "", /when it writes the session log, not before the model/);
});

test("a command Codex killed at its time limit is unverifiable and timed out; the user's shell names the command's", () => {
  // The layout of real 0.125 and 0.142 rollouts on Windows: the environment context names PowerShell.
  const reader = new CodexReader();
  const context = (shell: string) => item({ type: "message", role: "user", content: [{ type: "input_text", text: `<environment_context>\n  <cwd>C:\\w</cwd>\n  <shell>${shell}</shell>\n</environment_context>` }] });
  const call = (id: string, args: object, name = "shell_command") => item({ type: "function_call", name, arguments: JSON.stringify(args), call_id: id });
  const output = (id: string, text: string) => item({ type: "function_call_output", call_id: id, output: text });
  [
    JSON.stringify({ timestamp: "t", type: "session_meta", payload: { id: "s", cwd: "C:\\w", cli_version: "0.142.0" } }),
    context("powershell"),
    call("a", { command: "npm test", timeout_ms: 10000 }),
    output("a", "Exit code: 124\nWall time: 11.9 seconds\nOutput:\ncommand timed out after 11915 milliseconds\n> app@1.0.0 test\n"),
    call("b", { command: "Get-ChildItem" }),
    output("b", "Exit code: 0\nWall time: 0.2 seconds\nOutput:\nsrc\n"),
    context("/bin/zsh"),
    call("c", { cmd: "ls" }, "exec_command"),
    call("d", { cmd: "ls", shell: "bash" }, "exec_command"),
    call("e", { cmd: "ls", shell: "" }, "exec_command"),
  ].forEach((text, i) => reader.line(text, i + 1));
  const read = reader.end();
  assert.deepEqual(read.calls.map((call) => [call.command, call.shell]), [["npm test", "powershell"], ["Get-ChildItem", "powershell"], ["ls", "zsh"], ["ls", "bash"], ["ls", "zsh"]]);
  const [killed, listed] = read.calls;
  assert.equal(killed!.timedOut, true);
  assert.equal(killed!.returncode, 124);
  assert.match(killed!.unverifiable ?? "", /^timed out after 11915 ms \(Codex's command time limit/);
  assert.equal(listed!.unverifiable, null);
  // A PowerShell command line is not run with bash: a rerun refuses a shell it does not know.
  const spans = auditRead(read, "rollout.jsonl").calls.map((call) => call.span);
  assert.equal(spans[0]!.timed_out, true);
  assert.equal(spans[0]!.duration_ms, 11915, "Codex states how long it let the command run");
  assert.equal(spans[1]!.duration_ms, 200, "and its wall time for every call");
  assert.equal(spanArgv(spans[1] as unknown as Record<string, unknown>), null);
});

test("a call the user interrupted is unverifiable, in both of Codex's wordings", () => {
  const read = readRollout([
    meta("0.144.1"),
    item({ type: "function_call", name: "shell_command", arguments: JSON.stringify({ command: "npm test" }), call_id: "a" }),
    item({ type: "function_call_output", call_id: "a", output: "Wall time: 5.0 seconds\naborted by user" }),
    item({ type: "custom_tool_call", name: "exec", input: "await tools.exec_command({ cmd: \"node check.mjs\" })", call_id: "b" }),
    item({ type: "custom_tool_call_output", call_id: "b", output: "aborted by user after 77.1s" }),
    item({ type: "function_call", name: "shell_command", arguments: JSON.stringify({ command: "echo aborted by user" }), call_id: "c" }),
    item({ type: "function_call_output", call_id: "c", output: "Exit code: 0\nWall time: 0.1 seconds\nOutput:\naborted by user\n" }),
  ]);
  assert.deepEqual(read.calls.map((call) => call.unverifiable), [
    "interrupted: the user stopped it after 5.0 s, before it finished",
    "interrupted: the user stopped it after 77.1 s, before it finished",
    null,
  ]);
});

test("a call the turn was aborted on, with no output ever, says so; one answered after the abort keeps its result", () => {
  // As a real 0.116 rollout holds it (blind round 11): an apply_patch, then turn_aborted two lines later, no output.
  const event = (payload: object): string => JSON.stringify({ timestamp: "t", type: "event_msg", payload });
  const read = readRollout([
    meta("0.116.0"),
    item({ type: "custom_tool_call", name: "apply_patch", input: "*** Begin Patch", call_id: "a" }),
    item({ type: "function_call", name: "shell_command", arguments: JSON.stringify({ command: "npm test" }), call_id: "b" }),
    event({ type: "turn_aborted", turn_id: "t1", reason: "interrupted" }),
    item({ type: "function_call_output", call_id: "b", output: "Exit code: 0\nWall time: 1 seconds\nOutput:\nok\n" }),
    item({ type: "function_call", name: "shell_command", arguments: JSON.stringify({ command: "ls" }), call_id: "c" }),
    event({ type: "turn_aborted", turn_id: "t2", reason: "x".repeat(100) }),
    item({ type: "function_call", name: "shell_command", arguments: JSON.stringify({ command: "pwd" }), call_id: "d" }),
  ]);
  assert.deepEqual(read.calls.map((call) => call.unverifiable), [
    "no result: the turn was aborted (interrupted) at line 4, before it came",
    null,
    `no result: the turn was aborted (${"x".repeat(40)}…) at line 7, before it came`,
    "no result in the transcript (a torn last line, or the run stopped)",
  ]);
});

test("a turn_aborted stops the calls of its own turn, not those of a turn that ended before it", () => {
  const event = (payload: object): string => JSON.stringify({ timestamp: "t", type: "event_msg", payload });
  const read = readRollout([
    meta("0.116.0"),
    item({ type: "function_call", name: "shell_command", arguments: JSON.stringify({ command: "ls" }), call_id: "a" }),
    event({ type: "task_complete", last_agent_message: "done" }),
    event({ type: "user_message", message: "go on" }),
    item({ type: "function_call", name: "shell_command", arguments: JSON.stringify({ command: "npm test" }), call_id: "b" }),
    event({ type: "turn_aborted", turn_id: "t2", reason: "interrupted" }),
  ]);
  assert.deepEqual(read.calls.map((call) => call.unverifiable), [
    "no result in the transcript (a torn last line, or the run stopped)",
    "no result: the turn was aborted (interrupted) at line 6, before it came",
  ]);
});

test("a poll or wait the user interrupted ends its session's or cell's one result: no second finding beside it", () => {
  const read = readRollout([
    meta("0.144.1"),
    item({ type: "function_call", name: "exec_command", arguments: JSON.stringify({ cmd: "npm run dev" }), call_id: "a" }),
    item({ type: "function_call_output", call_id: "a", output: "Chunk ID: 1\nWall time: 1.0 seconds\nProcess running with session ID 42\nOriginal token count: 1\nOutput:\nready\n" }),
    item({ type: "function_call", name: "write_stdin", arguments: JSON.stringify({ session_id: 42, chars: "" }), call_id: "b" }),
    item({ type: "function_call_output", call_id: "b", output: "Wall time: 9.0 seconds\naborted by user" }),
    item({ type: "custom_tool_call", name: "exec", input: "await tools.exec_command({\"cmd\":\"make\"})", call_id: "c" }),
    item({ type: "custom_tool_call_output", call_id: "c", output: [{ type: "input_text", text: "Script running with cell ID 4\nWall time 1.0 seconds\nOutput:\n" }] }),
    item({ type: "function_call", name: "wait", arguments: JSON.stringify({ cell_id: "4" }), call_id: "d" }),
    item({ type: "function_call_output", call_id: "d", output: "aborted by user after 3.0s" }),
  ]);
  assert.deepEqual(read.calls.map((call) => [call.toolName, call.unverifiable]), [
    ["exec_command", "interrupted by the user at its poll at line 4: it got 2 pieces of session 42 (its write_stdin poll at line 4)"],
    ["exec", "interrupted by the user at its wait at line 8: it got 2 pieces of cell 4 (its wait call at line 8)"],
  ]);
});

test("unified exec: a session's pieces are one result, judged once, where the model saw it end", () => {
  const reader = new CodexReader();
  const call = (id: string, name: string, args: object) => item({ type: "function_call", name, arguments: JSON.stringify(args), call_id: id });
  const output = (id: string, text: string) => item({ type: "function_call_output", call_id: id, output: text });
  [
    JSON.stringify({ timestamp: "t", type: "session_meta", payload: { id: "s", cwd: "/w", cli_version: "0.125.0" } }),
    call("a", "exec_command", { cmd: "rg -n x .", workdir: "/w/src" }),
    output("a", "Chunk ID: 1\nWall time: 1.0 seconds\nProcess running with session ID 42\nOriginal token count: 1\nOutput:\nfirst\n"),
    call("b", "write_stdin", { session_id: 42, chars: "" }),
    output("b", "Chunk ID: 2\nWall time: 2.0 seconds\nProcess exited with code 0\nOriginal token count: 9\nOutput:\nhead…5 tokens truncated…tail"),
    call("c", "exec_command", { cmd: "sleep 99" }),
    output("c", "Chunk ID: 3\nWall time: 1.0 seconds\nProcess running with session ID 7\nOriginal token count: 0\nOutput:\n"),
    call("d", "write_stdin", { session_id: 99, chars: "" }),
    // Codex may hand an ended session's id out again: a new session, not the first's.
    call("e", "exec_command", { cmd: "make" }),
    output("e", "Chunk ID: 4\nWall time: 1.0 seconds\nProcess running with session ID 42\nOriginal token count: 1\nOutput:\ncc\n"),
    call("f", "write_stdin", { session_id: 42, chars: "" }),
    output("f", "Chunk ID: 5\nWall time: 1.0 seconds\nProcess running with session ID 42\nOriginal token count: 1\nOutput:\nld\n"),
  ].forEach((text, i) => reader.line(text, i + 1));
  const read = reader.end();
  assert.deepEqual(
    read.calls.map((call) => [call.line, call.toolName, call.command, call.cwd, call.returncode ?? null, call.stdout]),
    [
      [2, "exec_command", "rg -n x .", "/w/src", 0, "first\nhead…5 tokens truncated…tail"],
      [6, "exec_command", "sleep 99", "/w", null, ""],
      [8, "write_stdin", undefined, "/w", null, ""],
      [9, "exec_command", "make", "/w", null, "cc\nld\n"],
    ],
    "the polls' pieces are joined into the call that started their session; a poll of an unknown session stays",
  );
  assert.equal(read.calls[0]!.unverifiable, null, "the model saw the session end");
  assert.equal(read.calls[1]!.unverifiable, "still running when its output was taken", "never polled: nothing more of it reached the model");
  assert.equal(read.calls[3]!.unverifiable, "still running when the model last looked: it got 2 pieces of session 42 (its write_stdin poll at line 11), none with the exit code");
  const audit = auditRead(read, "rollout.jsonl");
  const clipped = audit.findings.filter((call) => call.verdict === "clipped");
  assert.deepEqual(clipped.map((call) => [call.span.tool_name, call.span.source.command, call.span.returncode]), [["exec_command", "rg -n x .", 0]]);
  assert.equal(clipped[0]!.span.clip_evidence?.note, "the output came in 2 pieces of session 42 (its write_stdin poll at line 4), each cut on its own to its call's max_output_tokens: Codex cut the piece at line 4");
});

test("synthetic unified exec: sessions polled to their end, cut, left running, never polled", async () => {
  const audit = auditRead(await readFixture("synthetic/codex-unified-exec.jsonl"), "codex-unified-exec.jsonl");
  assert.deepEqual(
    audit.calls.map((call) => [call.span.source.line, call.span.source.command ?? call.span.tool_name, call.span.returncode ?? null, call.verdict]),
    [
      [3, "npm test", 1, "clean"],
      [10, "rg -n budget /w/app/src", 0, "clipped"],
      [14, "npm run dev", null, "unverifiable"],
      [18, "make", 2, "unverifiable"],
      [21, "write_stdin", null, "clean"],
    ],
    "9 calls in the log, 5 results: each session once",
  );
  const test = audit.calls[0]!.span;
  assert.equal(test.preview_stdout, "> app@1.0.0 test\n  ✓ parses the header\n  ✓ reads a chunk\n  ✗ joins the pieces\n\n1 failing\n");
  assert.equal(test.stdout_truncated, false);
  assert.equal(audit.calls[1]!.span.clip_evidence?.groups.droppedTokens, 12210);
  assert.match(audit.calls[1]!.span.clip_evidence?.note ?? "", /Codex cut the piece at line 12$/);
  assert.match(audit.calls[2]!.reason ?? "", /^still running when the model last looked: it got 2 pieces of session 77001 \(its write_stdin poll at line 16\)/);
  assert.equal(audit.calls[3]!.reason, "still running when its output was taken, and never polled; the log's exec_command_end says it exited with code 2");
});

test("response_item payloads of unknown types are summed up with the unknown record types; known ones are not", () => {
  const reader = new CodexReader();
  [
    item({ type: "reasoning", summary: [] }),
    item({ type: "web_search_call", status: "completed", action: { type: "search", query: "x" } }),
    item({ type: "shell_preview_call", call_id: "a" }),
    JSON.stringify({ timestamp: "t", type: "frobnicate", payload: {} }),
    item({ type: "shell_preview_call", call_id: "b" }),
    item({ call_id: "c" }),
  ].forEach((text, i) => reader.line(text, i + 1));
  assert.deepEqual(
    reader.end().problems.map((problem) => problem.message),
    ['4 lines of unknown record types: response_item "shell_preview_call" (2), "frobnicate" (1), response_item (no type) (1); the first at line 3'],
  );
});

test("a header whose whole is no larger than the tokens the marker dropped does not join the evidence", () => {
  const read = readRollout([
    meta("0.128.0"),
    item({ type: "function_call", name: "exec_command", arguments: JSON.stringify({ cmd: "cat big.log" }), call_id: "a" }),
    item({ type: "function_call_output", call_id: "a", output: "Chunk ID: 1\nWall time: 0.1 seconds\nProcess exited with code 0\nOriginal token count: 50\nOutput:\nhead\n…100 tokens truncated…\ntail\n" }),
  ]);
  assert.deepEqual(auditRead(read, "r.jsonl").calls[0]!.span.clip_evidence?.groups, { droppedTokens: 100 });
});
