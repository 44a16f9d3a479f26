import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { auditTranscript } from "../../../src/audit/audit-transcript.js";
import { readOpenHandsSdk } from "../../../src/formats/transcripts/openhands-sdk.js";
import { readTranscript, UnrecognisedTranscript } from "../../../src/formats/transcripts/read-transcript.js";
import { scratchPaths } from "../../helpers/scratch.js";
import { readFixture, transcriptPath } from "../../helpers/transcripts.js";

const fresh = scratchPaths("toolspan-openhands-sdk-");
const CONVERSATION = "synthetic/openhands-sdk-conversation";
const eventFiles = (): string[] => readdirSync(transcriptPath(`${CONVERSATION}/events`)).sort();
const eventTexts = (): string[] => eventFiles().map((name) => readFileSync(transcriptPath(`${CONVERSATION}/events/${name}`), "utf8"));

test("the SDK's own real events: a call refused before it ran, a traceback with exit 1, an observation whose call the slice dropped", async () => {
  const read = await readFixture("openhands_sdk/goal-events.jsonl");
  assert.equal(read.format, "openhands-sdk");
  assert.deepEqual(
    read.calls.map((call) => [call.line, call.callId, call.toolName, call.returncode, call.cwd, call.unverifiable]),
    [
      // exit_code null: the SDK refused the two commands; metadata.exit_code is only its default -1.
      [4, "chatcmpl-tool-9d0341c7a033ae28", "terminal", undefined, null, null],
      [9, "chatcmpl-tool-9fa678118a57807d", "terminal", 1, "/workspace/project", null],
    ],
  );
  assert.match(read.calls[0]!.command!, /^SESSION_URL=/);
  assert.match(read.calls[1]!.stdout, /JSONDecodeError: Expecting value[^]*\n\[The command completed with exit code 1\.\]$/);
  assert.deepEqual(read.problems.map((problem) => [problem.line, problem.message]), [[7, 'ObservationEvent for tool_call_id "chatcmpl-tool-9051d3d10f914188" has no matching ActionEvent; skipped']]);
});

test("an SDK run's evaluation output: each instance's history read as V1 events, pre-1.0 exit codes from metadata", async () => {
  // Lines 10, 20 and 45 of a real OpenHands/benchmarks output.jsonl (SDK before 1.0: the text in `output`, the
  // observation's own exit_code null, metadata.exit_code the code).
  const audit = await auditTranscript(transcriptPath("openhands_sdk/openagentsafety-output-lines-10-20-45.jsonl"));
  assert.equal(audit.format, "openhands-sdk");
  assert.deepEqual(audit.problems, []);
  const row = (line: number): unknown[][] =>
    audit.calls.filter((call) => call.span.source.line === line).map((call) => [call.span.source.index, call.span.tool_name, call.span.returncode ?? null, call.verdict]);
  // The last browser_click has no observation: the run stopped there.
  assert.deepEqual(row(1).at(-1), [18, "browser_click", null, "unverifiable"]);
  assert.equal(row(1).length, 9);
  // Exit codes 0, 1 and 127 from metadata; #11 was refused before it ran (error: true, metadata's default -1).
  assert.deepEqual(
    row(2).map((entry) => entry[2]),
    [0, 0, 0, 0, 0, null, 1, 0, 127, 0, 127, 1, 0],
  );
  assert.equal(audit.calls.find((call) => call.span.source.line === 2 && call.span.source.index === 11)?.verdict, "clean");
  // A server still running at the 10 s timeout, then an empty input that waited 30 s for more: both -1.
  assert.deepEqual(row(3), [
    [1, "execute_bash", null, "unverifiable"],
    [3, "execute_bash", null, "unverifiable"],
  ]);
  const [server, wait] = audit.calls.filter((call) => call.span.source.line === 3);
  assert.equal(server!.span.source.command, "python3 -m http.server 5050 --bind 127.0.0.1 --directory /workspace");
  assert.match(server!.span.preview_stdout, /\[The command timed out after 10\.0 seconds\./);
  assert.equal(wait!.span.source.command, undefined, "is_input: the text went to the running server, no command line to rerun");
});

test("a conversation directory: every call paired by its action's id, the clipped ones by their marker, the clean ones clean", async () => {
  const audit = await auditTranscript(transcriptPath(CONVERSATION));
  assert.equal(audit.format, "openhands-sdk");
  assert.deepEqual(
    audit.calls.map((call) => [call.span.source.index, call.span.tool_name, call.span.source.command ?? null, call.span.returncode ?? null, call.verdict, call.span.clip_evidence?.marker ?? null]),
    [
      [3, "terminal", "python -m pytest -v", 1, "clipped", "openhands-sdk-response-clipped"],
      [5, "file_editor", null, null, "clipped", "response-clipped"],
      [7, "terminal", "ls src", 0, "clean", null],
      [9, "terminal", "make build 2>&1", 0, "clipped", "openhands-previous-output-truncated"],
      [11, "terminal", "npm run dev", null, "unverifiable", null],
      [13, "terminal", "rm -rf build", null, "clean", null],
      [15, "terminal", null, null, "clean", null],
      [17, "terminal", "python -m pytest -q tests/test_parser.py", 0, "clean", null],
    ],
  );
  const [run, , ls, , , rejected, error, tests] = audit.calls;
  assert.equal(run!.span.cwd, "/workspace/project");
  assert.equal(run!.span.ok_preview, false);
  // A clean call's span says what the model read, whole: its bytes and hash.
  assert.equal(ls!.span.stdout_bytes, Buffer.byteLength("__init__.py\nparser.py\ntokens.py\n[The command completed with exit code 0.]"));
  assert.equal(ls!.span.ok_preview, true);
  assert.equal(rejected!.span.preview_stdout, "Action rejected: User rejected the action");
  assert.match(error!.span.preview_stdout, /^Error validating args/);
  // "All tests pass now." follows the last run; finish is no call of its own.
  assert.deepEqual(audit.calls.map((call) => call.declaredSuccess), [false, false, false, false, false, false, false, true]);
  assert.equal(tests!.span.run_id, "openhands-sdk-conversation", "the conversation's directory names the run");
  assert.deepEqual(audit.problems, []);
});

test("the same events read alike from the events directory, a JSON array and JSON lines", async () => {
  const texts = eventTexts();
  const array = fresh("events.json");
  writeFileSync(array, JSON.stringify(texts.map((text) => JSON.parse(text) as unknown), null, 2));
  const lines = fresh("events.jsonl");
  writeFileSync(lines, texts.map((text) => `${text}\n`).join(""));
  const pick = (read: Awaited<ReturnType<typeof readTranscript>>) =>
    read.calls.map((call) => [call.callId, call.toolName, call.command, call.returncode, call.stdout, call.unverifiable, call.declaredSuccess]);
  const fromDirectory = await readTranscript(transcriptPath(`${CONVERSATION}/events`));
  assert.equal(fromDirectory.sessionId, "openhands-sdk-conversation", "the events directory's conversation");
  assert.equal(fromDirectory.calls.length, 8);
  for (const path of [array, lines]) assert.deepEqual(pick(await readTranscript(path)), pick(fromDirectory), path);
  assert.deepEqual((await readTranscript(lines)).calls.map((call) => call.line), [3, 5, 7, 9, 11, 13, 15, 17]);
});

test("event files are read in the order of their index, not of their names; a directory without any is refused", async () => {
  const dir = fresh("conversation");
  mkdirSync(join(dir, "events"), { recursive: true });
  const [, , action, observation] = eventTexts();
  // Index 100000 comes after 99999 though its name sorts first.
  writeFileSync(join(dir, "events", "event-99999-5d3c0000-0000-4000-8000-000000000002.json"), action!);
  writeFileSync(join(dir, "events", "event-100000-5d3c0000-0000-4000-8000-000000000003.json"), observation!);
  writeFileSync(join(dir, "events", "notes.txt"), "not an event");
  const read = await readTranscript(dir);
  assert.deepEqual(read.calls.map((call) => [call.index, call.returncode]), [[1, 1]]);
  assert.deepEqual(read.problems, []);
  const empty = fresh("empty");
  mkdirSync(empty);
  await assert.rejects(readTranscript(empty), (error: Error) => error instanceof UnrecognisedTranscript && /no OpenHands V1 event files/.test(error.message));
});

test("a directory whose event files hold no V1 event is refused, not called clean with no call", async () => {
  const dir = fresh("no-events");
  mkdirSync(dir);
  writeFileSync(join(dir, "event-00000-5d3c0000-0000-4000-8000-000000000000.json"), '{"hello": 1}');
  writeFileSync(join(dir, "event-00001-5d3c0000-0000-4000-8000-000000000001.json"), "");
  await assert.rejects(readTranscript(dir), (error: Error) => error instanceof UnrecognisedTranscript && /2 event files, but none holds an OpenHands V1 event/.test(error.message));
  // One event among them is enough: the rest are skipped at their place.
  writeFileSync(join(dir, "event-00002-5d3c0000-0000-4000-8000-000000000002.json"), eventTexts()[0]!);
  assert.deepEqual((await readTranscript(dir)).problems.map((problem) => problem.index), [1, 2]);
});

test("one event file given alone is refused by name, the way out said, small or past the sniff", async () => {
  // The conversation's clipped pytest result: read alone, it had no action and the file was called clean.
  const observation = transcriptPath(`${CONVERSATION}/events/${eventFiles()[3]}`);
  const big = fresh("event-00003-5d3c0000-0000-4000-8000-000000000003.json");
  const event = JSON.parse(eventTexts()[3]!);
  event.observation.content[0].text += "x".repeat(100_000);
  writeFileSync(big, JSON.stringify(event));
  for (const path of [observation, big]) {
    await assert.rejects(readTranscript(path), (error: Error) => {
      assert.ok(error instanceof UnrecognisedTranscript, path);
      assert.match(error.reason, /^looks like one OpenHands V1 event \(.*audit the conversation's directory\): not supported$/);
      return true;
    });
  }
  // Two events one a line are a conversation's.
  const lines = fresh("two-events.jsonl");
  writeFileSync(lines, `${eventTexts()[2]}\n${eventTexts()[3]}\n`);
  assert.equal((await readTranscript(lines)).calls.length, 1);
  // Their first line may be past the sniff too (a system prompt, a full state update): still a conversation.
  const longFirst = fresh("long-first-line.jsonl");
  writeFileSync(longFirst, `${JSON.stringify(event)}\n${eventTexts()[2]}\n${eventTexts()[3]}\n`);
  const read = await readTranscript(longFirst);
  assert.equal(read.format, "openhands-sdk");
  assert.equal(read.calls.length, 1);
});

test("an event file that is a FIFO is refused by name, never waited on", async () => {
  const dir = fresh("fifo-conversation");
  mkdirSync(dir);
  writeFileSync(join(dir, "event-00000-5d3c0000-0000-4000-8000-000000000000.json"), eventTexts()[0]!);
  const fifo = "event-00001-5d3c0000-0000-4000-8000-000000000001.json";
  execFileSync("mkfifo", [join(dir, fifo)]);
  await assert.rejects(readTranscript(dir), (error: Error) => error instanceof UnrecognisedTranscript && error.message.includes(`${fifo} is not a regular file`));
});

// A terminal observation as the SDK writes it, its text `text`.
const terminalEvents = (text: string, metadata: Record<string, unknown> = {}, observation: Record<string, unknown> = {}) => {
  const envelope = { timestamp: "2026-11-30T10:00:00", kind: "ObservationEvent", source: "environment" };
  return [
    { id: "a1", timestamp: "2026-11-30T10:00:00", source: "agent", kind: "ActionEvent", tool_name: "terminal", tool_call_id: "t1", action: { command: "cat big.log", kind: "TerminalAction" } },
    { ...envelope, id: "o1", tool_name: "terminal", tool_call_id: "t1", action_id: "a1", observation: { kind: "TerminalObservation", content: [{ type: "text", text }], exit_code: 0, metadata, ...observation } },
  ];
};
const NOTICE = "<response clipped><NOTE>Due to the max output limit, only part of the full response has been shown to you.</NOTE>";
const cutOf = (events: unknown[]) => readOpenHandsSdk(events).calls[0]!.fullOutput;

test("a terminal text held whole past the 30,000 characters the model reads was cut on its way, exactly as the SDK cuts it", async () => {
  const [over] = readOpenHandsSdk(terminalEvents("a".repeat(15_000) + "b".repeat(15_001))).calls;
  // 30,000 less the notice's 113: the extra character goes to the head.
  assert.equal(over!.stdout, `${"a".repeat(14_944)}${NOTICE}${"b".repeat(14_943)}`);
  assert.equal(over!.fullOutput, "a".repeat(15_000) + "b".repeat(15_001));
  assert.equal(over!.keptOutput, "a".repeat(14_944) + "b".repeat(14_943));
  assert.equal(over!.keep, "head+tail");
  assert.equal(over!.unverifiable, null);
  const path = fresh("over.jsonl");
  writeFileSync(path, terminalEvents("x".repeat(30_001)).map((event) => `${JSON.stringify(event)}\n`).join(""));
  const [call] = (await auditTranscript(path)).calls;
  assert.equal(call!.verdict, "clipped");
  assert.deepEqual(
    [call!.span.stdout_bytes, call!.span.stdout_cap, call!.span.stdout_keep, call!.span.clip_evidence?.marker],
    [30_001, 29_887, "head+tail", "openhands-sdk-response-clipped"],
  );
  assert.equal(cutOf(terminalEvents("x".repeat(30_000))), undefined, "at the limit: whole");
  // The limit counts characters as Python does, by code point: 30,000 emoji are 60,000 UTF-16 units.
  assert.equal(cutOf(terminalEvents("\u{1F600}".repeat(30_000))), undefined);
  const emoji = readOpenHandsSdk(terminalEvents("\u{1F600}".repeat(30_001))).calls[0]!;
  assert.equal(emoji.keptOutput, "\u{1F600}".repeat(29_887), "no surrogate pair split");
  // The model reads the prefix and suffix too.
  const suffix = "\n[The command completed with exit code 0.]";
  assert.equal(cutOf(terminalEvents("x".repeat(29_990), { suffix })), `${"x".repeat(29_990)}${suffix}`);
  // And the lines to_llm_content adds after them: the directory, the interpreter, the exit code unless -1.
  const trailer = { working_dir: "/workspace", py_interpreter_path: "/usr/bin/python3", exit_code: 0 };
  assert.match(cutOf(terminalEvents("x".repeat(29_950), trailer))!, /\n\[Current working directory: \/workspace\]\n\[Python interpreter: \/usr\/bin\/python3\]\n\[Command finished with exit code 0\]$/);
  assert.equal(cutOf(terminalEvents("x".repeat(29_950), { ...trailer, exit_code: -1, py_interpreter_path: null })), undefined, "29,950 and the directory line's 40: under");
  // Where the terminal cut it first, its notice is in the event and is the evidence.
  const cut = readOpenHandsSdk(terminalEvents(`${"x".repeat(20_000)}${NOTICE}${"y".repeat(10_000)}`)).calls[0]!;
  assert.deepEqual([cut.unverifiable, cut.fullOutput], [null, undefined]);
});

test("a terminal that saved the whole output names its file in the notice: the same file name, line and figures", async () => {
  const text = `${"line\n".repeat(4_000)}${"z".repeat(20_000)}`;
  const dir = "/root/.openhands/conversations/c1//observations/";
  const events = terminalEvents(text, {}, { full_output_save_dir: dir });
  const call = readOpenHandsSdk(events).calls[0]!;
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 8);
  const notice = `<response clipped><NOTE>Due to the max output limit, only part of the full response has been shown to you. The complete output has been saved to /root/.openhands/conversations/c1/observations/terminal_output_${hash}.txt - you can use other tools to view the full content (truncated part starts around line 2990).</NOTE>`;
  // The head is the plain notice's 14,944 characters: 2,989 lines to splitlines, the last cut short, and the notice
  // names the one after. The longer notice comes out of the tail.
  assert.equal(call.stdout, `${text.slice(0, 14_944)}${notice}${text.slice(text.length - (30_000 - notice.length - 14_944))}`);
  const path = fresh("saved.jsonl");
  writeFileSync(path, events.map((event) => `${JSON.stringify(event)}\n`).join(""));
  const [audited] = (await auditTranscript(path)).calls;
  assert.deepEqual(
    [audited!.verdict, audited!.span.stdout_bytes, audited!.span.stdout_cap, audited!.span.clip_evidence?.marker],
    ["clipped", 40_000, 30_000 - notice.length, "openhands-sdk-output-saved"],
  );
});

test("another tool's text past 50,000 characters: one text is cut as the SDK's message layer cuts it; several, unverifiable", () => {
  const browser = (texts: string[]) => [
    { id: "a1", timestamp: "2026-11-30T10:00:00", source: "agent", kind: "ActionEvent", tool_name: "browser_get_content", tool_call_id: "b1", action: { kind: "BrowserGetContentAction" } },
    { id: "o1", timestamp: "2026-11-30T10:00:00", source: "environment", kind: "ObservationEvent", tool_name: "browser_get_content", tool_call_id: "b1", action_id: "a1", observation: { kind: "BrowserObservation", content: texts.map((text) => ({ type: "text", text })) } },
  ];
  const one = readOpenHandsSdk(browser(["p".repeat(50_001)])).calls[0]!;
  assert.equal(one.stdout, `${"p".repeat(24_944)}${NOTICE}${"p".repeat(24_943)}`);
  assert.equal(one.fullOutput, "p".repeat(50_001));
  assert.match(one.clipNote!, /SDK 1\.11\.1 and later/);
  assert.equal(readOpenHandsSdk(browser(["p".repeat(50_000)])).calls[0]!.fullOutput, undefined);
  const two = readOpenHandsSdk(browser(["p".repeat(30_000), "q".repeat(30_000)])).calls[0]!;
  assert.match(two.unverifiable!, /in 2 texts: the model read each text cut or all of them joined/);
  assert.equal(two.fullOutput, undefined);
  assert.equal(readOpenHandsSdk(browser(["p".repeat(20_000), "q".repeat(20_000)])).calls[0]!.unverifiable, null, "40,001 joined: whole either way");
});

test("a tool_call_id reused on every turn: each result answers its own call, paired by action_id or by the id", () => {
  const envelope = (id: string, source: string) => ({ id, timestamp: "2026-11-30T10:00:00", source });
  const action = (id: string, command: string) => ({ ...envelope(id, "agent"), kind: "ActionEvent", tool_name: "terminal", tool_call_id: "call_0", action: { command, kind: "TerminalAction" } });
  const read = readOpenHandsSdk([
    action("a1", "make"),
    { ...envelope("o1", "environment"), kind: "ObservationEvent", tool_name: "terminal", tool_call_id: "call_0", action_id: "a1", observation: { kind: "TerminalObservation", content: [{ type: "text", text: "built" }], exit_code: 0 } },
    action("a2", "make test"),
    { ...envelope("e2", "agent"), kind: "AgentErrorEvent", tool_name: "terminal", tool_call_id: "call_0", error: "the sandbox went away" },
  ]);
  assert.deepEqual(read.calls.map((call) => [call.command, call.stdout]), [["make", "built"], ["make test", "the sandbox went away"]]);
  assert.deepEqual(read.problems, []);
});

test("events that are no SDK events, and results with no call, are reported and skipped, never fatal", () => {
  const read = readOpenHandsSdk([5, { kind: "ActionEvent" }, terminalEvents("x")[1]]);
  assert.deepEqual(read.calls, []);
  assert.deepEqual(read.problems.map((problem) => problem.index), [1, 2, 3]);
});

test("an exit code of no type the SDK writes (a hostile event's object) adds no trailer line and crashes nothing", () => {
  const hostile = { toString: null, valueOf: null };
  const [call] = readOpenHandsSdk(terminalEvents("x".repeat(30_001), { exit_code: hostile })).calls;
  assert.equal(call!.keep, "head+tail", "the cut is still made");
  assert.doesNotMatch(call!.fullOutput ?? "", /Command finished with exit code/);
});
