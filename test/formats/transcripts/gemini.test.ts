import assert from "node:assert/strict";
import { test } from "node:test";
import { auditRead } from "../../../src/audit/audit-transcript.js";
import { GeminiReader, readGeminiDocument } from "../../../src/formats/transcripts/gemini.js";
import { readFixture } from "../../helpers/transcripts.js";

test("Gemini CLI 0.61's JSON-lines session: each shell call once, its result and exit code from the result text", async () => {
  const read = await readFixture("lab/gemini/lab-0.61.0.jsonl");
  assert.equal(read.format, "gemini");
  assert.deepEqual(read.problems, []);
  assert.deepEqual(read.calls.map((call) => [call.line, call.callId, call.command, call.shell, call.returncode]), [
    [7, "run_shell_command__call-1", "cat big.log; exit 1", "bash", 1],
    [12, "run_shell_command__call-2", "cat mid.log", "bash", 0],
    [17, "run_shell_command__call-3", "printf 'ok\\n'; exit 3", "bash", 3],
  ]);
  assert.equal(read.calls[2]!.declaredSuccess, true, "'All tests pass.' follows the last result");
});

test("the older whole-document session is read the same way", async () => {
  const read = await readFixture("synthetic/gemini-cli-session.json");
  assert.deepEqual(read.calls.map((call) => [call.index, call.command, call.stdout, call.returncode]), [[2, "npm test", "240 passing", undefined]]);
});

const shell = (id: string, output: string, status = "success") => ({
  id: `m-${id}`,
  type: "gemini",
  content: "",
  toolCalls: [{ id, name: "run_shell_command", args: { command: id }, status, result: [{ functionResponse: { id, response: { output } } }] }],
});

test("cancelled, timed out, backgrounded: unverifiable, with no exit code guessed", () => {
  const read = readGeminiDocument({
    sessionId: "s",
    projectHash: "p",
    messages: [
      shell("a", "Command was cancelled by user before it could complete. There was no output before it was cancelled."),
      shell("b", "Command was automatically cancelled because it exceeded the timeout of 5.0 minutes without output. Below is the output before it was cancelled:\npartial"),
      shell("c", "Command moved to background (PID: 4242). Output hidden. Press Ctrl+B to view."),
      shell("d", "<untrusted_context>\nOutput: x\nSignal: 9\nProcess Group PGID: 7\n</untrusted_context>"),
      shell("e", "Command was cancelled by user before it could complete. Below is the output before it was cancelled:\nCloning into 'x'..."),
    ],
  });
  assert.deepEqual(read.calls.map((call) => [call.unverifiable !== null, call.timedOut ?? false, call.returncode]), [
    [true, false, undefined],
    [true, true, undefined],
    [true, false, undefined],
    [false, false, undefined],
    [true, false, undefined],
  ]);
  // With output shown, the transcript says the command had started.
  assert.match(read.calls[0]!.unverifiable ?? "", /or before it started; the transcript does not say which/);
  assert.equal(read.calls[4]!.unverifiable, "cancelled by the user while it ran: the output up to then is shown, not the rest");
});

test("a command the user denied at the prompt never ran: the model saw the denial whole, nothing is unverifiable", () => {
  // The wording and status of a real session of 2026-06; the status alone marks any other cancellation.
  const cancelled = (id: string, error: string) => ({
    id: `m-${id}`,
    type: "gemini",
    content: "",
    toolCalls: [{ id, name: "run_shell_command", args: { command: id }, status: "cancelled", result: [{ functionResponse: { id, response: { error } } }] }],
  });
  const messages = [cancelled("a", "[Operation Cancelled] Reason: User denied execution."), cancelled("b", "[Operation Cancelled] Reason: Operation cancelled")];
  const read = readGeminiDocument({ sessionId: "s", projectHash: "p", messages });
  assert.deepEqual(read.calls.map((call) => [call.unverifiable, call.returncode]), [
    [null, undefined],
    ["cancelled: stopped before it finished, or before it started; the transcript does not say which", undefined],
  ]);
});

test("a message written again with its tool calls replaces the first copy; an unknown line is summed up", () => {
  const reader = new GeminiReader();
  reader.line(JSON.stringify({ sessionId: "s", projectHash: "p", startTime: "t" }), 1);
  reader.line(JSON.stringify({ id: "m-x", type: "gemini", content: "" }), 2);
  reader.line(JSON.stringify(shell("x", "Output: fine\nProcess Group PGID: 3")).replace('"m-x"', '"m-x"'), 3);
  reader.line(JSON.stringify({ weird: true }), 4);
  const read = reader.end();
  assert.equal(read.sessionId, "s");
  assert.deepEqual(read.calls.map((call) => [call.line, call.returncode]), [[3, 0]]);
  assert.equal(read.problems.length, 1);
});

const read = (id: string, args: object, output: string) => ({
  id: `m-${id}`,
  type: "gemini",
  content: "",
  toolCalls: [{ id, name: "read_file", args: { file_path: "f", ...args }, status: "success", result: [{ functionResponse: { id, response: { output } } }] }],
});
const notice = (first: number, last: number, total: number, body = "x") =>
  `\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines ${first}-${last} of ${total} total lines.\nAction: …\n\n--- FILE CONTENT (truncated) ---\n${body}`;

test("read_file: the lines the agent asked for are its request; the default cap and a shortened line are Gemini CLI's cuts", () => {
  const { calls } = readGeminiDocument({
    sessionId: "s",
    projectHash: "p",
    messages: [
      read("limit", { limit: 50 }, notice(1, 50, 158)),
      read("offset-limit", { offset: 100, limit: 20 }, notice(101, 120, 158)),
      read("end-line", { start_line: 10, end_line: 30 }, notice(10, 30, 158)),
      read("to-the-end", { offset: 150 }, notice(151, 158, 158)),
      read("default-cap", { offset: 1000 }, notice(1001, 3000, 24856)),
      read("shortened", { limit: 50 }, notice(1, 50, 158, "a... [truncated]\nb")),
      read("whole-but-shortened", {}, notice(1, 119, 119, "a... [truncated]\nb")),
    ],
  });
  assert.deepEqual(
    calls.map((call) => [call.callId, call.requestedPart ?? null, call.clipNote !== undefined]),
    [
      ["limit", "lines 1-50 of 158, as the read asked", false],
      ["offset-limit", "lines 101-120 of 158, as the read asked", false],
      ["end-line", "lines 10-30 of 158, as the read asked", false],
      ["to-the-end", "lines 151-158 of 158, as the read asked", false],
      ["default-cap", null, false],
      ["shortened", null, true],
      ["whole-but-shortened", null, true],
    ],
  );
});

const readLog = (id: string, args: object, output: string) => ({
  id: `m-${id}`,
  type: "gemini",
  content: "",
  toolCalls: [{ id, name: "read_background_output", args, status: "success", result: [{ functionResponse: { id, response: { output } } }] }],
});

test("read_background_output: its default tail is Gemini CLI's cut, a tail the agent sized its request; the background call names it", () => {
  const doc = {
    sessionId: "s",
    projectHash: "p",
    messages: [
      shell("server", "Command moved to background (PID: 4242). Output hidden. Press Ctrl+B to view."),
      readLog("default", { pid: 4242 }, "Showing last 100 of 2481 lines:\nline 2382\n"),
      readLog("asked", { pid: 4242, lines: 20 }, "<untrusted_context>\nShowing last 20 of 2481 lines:\nline 2462\n"),
      readLog("whole", { pid: 4242 }, "Full Log Output:\nline 1\n"),
    ],
  };
  const read = readGeminiDocument(doc);
  const { calls } = read;
  assert.equal(calls[0]!.unverifiable, "moved to the background (PID 4242): the model never saw its output here; read_background_output read its log at #2");
  assert.deepEqual(
    calls.slice(1).map((call) => [call.callId, call.requestedPart ?? null, call.clipNote ?? null]),
    [
      ["default", null, "the line count is of the log's last 64 KiB, all read_background_output loads: a longer log had more lines than it says"],
      ["asked", "the last 20 lines of the log, as the read asked", null],
      ["whole", null, null],
    ],
  );
  const audit = auditRead(read, "session.json");
  assert.deepEqual(
    audit.calls.map((call) => [call.verdict, call.span.clip_evidence?.marker ?? null, call.span.clip_evidence?.groups ?? null]),
    [
      ["unverifiable", null, null],
      ["clipped", "gemini-cli-background-log-tail", { capLines: 100, totalLines: 2481 }],
      ["clean", null, null],
      ["clean", null, null],
    ],
  );
});
