import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { test } from "node:test";
import fc from "fast-check";
import { ClaudeCodeReader } from "../../../src/formats/transcripts/claude-code.js";
import { CodexReader } from "../../../src/formats/transcripts/codex.js";
import { readTranscript, UnrecognisedTranscript } from "../../../src/formats/transcripts/read-transcript.js";
import { scratchPaths } from "../../helpers/scratch.js";
import { transcriptPath } from "../../helpers/transcripts.js";

const fresh = scratchPaths("toolspan-transcript-");

// Lines that look like either format's records, damaged at random: any JSON, any field, torn anywhere.
const recordLike = fc.oneof(
  fc.record({ type: fc.constantFrom("user", "assistant", "system", "x"), sessionId: fc.string(), message: fc.jsonValue({ maxDepth: 3 }), toolUseResult: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({ timestamp: fc.string(), type: fc.constantFrom("response_item", "event_msg", "session_meta", "y"), payload: fc.jsonValue({ maxDepth: 3 }) }),
  fc.record({ timestamp: fc.string(), type: fc.constant("response_item"), payload: fc.record({ type: fc.constantFrom("function_call", "function_call_output"), call_id: fc.constantFrom("a", "b"), arguments: fc.string(), output: fc.jsonValue({ maxDepth: 2 }) }) }),
  fc.jsonValue({ maxDepth: 2 }),
);
const line = fc.oneof(
  recordLike.map((value) => JSON.stringify(value) ?? "null"),
  fc.tuple(recordLike, fc.nat()).map(([value, cut]) => (JSON.stringify(value) ?? "").slice(0, cut)),
  fc.string(),
);

test("the line readers never throw, whatever the lines", () => {
  fc.assert(
    fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
      for (const reader of [new ClaudeCodeReader(), new CodexReader()]) {
        lines.forEach((text, i) => reader.line(text, i + 1));
        const read = reader.end();
        assert.ok(read.calls.length + read.problems.length >= 0);
      }
    }),
    { numRuns: 300 },
  );
});

test("a Codex-looking file of random lines after a real first line is audited, never a crash", async () => {
  const path = fresh("t.jsonl");
  await fc.assert(
    fc.asyncProperty(fc.array(line, { maxLength: 20 }), fc.boolean(), async (lines, codex) => {
      const first = codex
        ? JSON.stringify({ timestamp: "t", type: "session_meta", payload: { cwd: "/r" } })
        : JSON.stringify({ type: "user", sessionId: "s", message: { content: "hi" } });
      writeFileSync(path, [first, ...lines].join("\n"));
      const read = await readTranscript(path);
      assert.equal(read.format, codex ? "codex" : "claude-code");
    }),
    { numRuns: 100 },
  );
});

// What `openhands --headless --json` prints on stdout: its terminal warnings and progress above the events, its
// summary panel below them (a real CLI 1.16 capture, blind round 11; no licence, so these lines are invented).
const BANNER = ["2026-01-01 12:00:00 WARNING OpenHands CLI terminal UI may not work correctly in this environment", "[INFO] \u001b[32m✓ Agent initialized with model: openai/local\u001b[0m", "Agent is working"];
const PANEL = ["Agent finished", "", "\u001b[36m│\u001b[0m The tests pass.", "Goodbye! 👋"];

test("text printed above and below JSON lines is passed over and summed up in one line: the lines are read", async () => {
  const events = readFileSync(transcriptPath("openhands_sdk/goal-events.jsonl"), "utf8").trimEnd().split("\n");
  const path = fresh("headless.jsonl");
  writeFileSync(path, [...BANNER, ...events, ...PANEL].join("\n"));
  const read = await readTranscript(path);
  const alone = await readTranscript(transcriptPath("openhands_sdk/goal-events.jsonl"));
  assert.equal(read.format, "openhands-sdk");
  assert.deepEqual(read.calls.map((call) => [call.command, call.stdout]), alone.calls.map((call) => [call.command, call.stdout]));
  const lastText = BANNER.length + events.length + PANEL.length;
  assert.deepEqual(read.problems.at(-1), { line: null, index: null, message: `6 lines of text, not JSON (printed among the records): the first at line 1, the last at line ${lastText}` });
});

test("a torn record is still said at its line, and text alone is no transcript", async () => {
  const events = readFileSync(transcriptPath("openhands_sdk/goal-events.jsonl"), "utf8").trimEnd().split("\n");
  const torn = fresh("torn.jsonl");
  // A record's head, and its tail alone on a line (a write torn in two): pieces of records, not text.
  writeFileSync(torn, [...events, events[1]!.slice(0, 40), events[1]!.slice(20)].join("\n"));
  const read = await readTranscript(torn);
  const tornLines = read.problems.filter((problem) => problem.message === "not JSON (a torn or damaged line); skipped").map((problem) => problem.line);
  assert.deepEqual(tornLines, [events.length + 1, events.length + 2]);
  const text = fresh("text.jsonl");
  writeFileSync(text, BANNER.join("\n"));
  await assert.rejects(readTranscript(text), /not a recognised transcript/);
});

test("an empty file and UTF-16 text are refused saying what they are, not with a JSON parse error", async () => {
  const lines = readFileSync(transcriptPath("openhands_sdk/goal-events.jsonl"), "utf8");
  const cases: [string, Buffer, RegExp][] = [
    ["empty.jsonl", Buffer.alloc(0), /^an empty or blank file: no transcript in it$/],
    ["blank.jsonl", Buffer.from("\n \r\n\t\n"), /^an empty or blank file/],
    ["utf16-blank-first.jsonl", Buffer.from(`\n${lines}`, "utf16le"), /^UTF-16 text/],
    ["utf32le.jsonl", Buffer.from([0xff, 0xfe, 0, 0, 0x7b, 0, 0, 0]), /^UTF-32 text: .*\(iconv -f UTF-32 -t UTF-8\)$/],
    ["utf16le.jsonl", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(lines, "utf16le")]), /^UTF-16 text .*convert it first \(iconv -f UTF-16 -t UTF-8\)$/],
    ["utf16be.jsonl", Buffer.from(lines, "utf16le").swap16(), /^UTF-16 text/],
  ];
  for (const [name, bytes, reason] of cases) {
    const path = fresh(name);
    writeFileSync(path, bytes);
    await assert.rejects(readTranscript(path), (error: Error) => {
      assert.ok(error instanceof UnrecognisedTranscript, name);
      assert.match(error.reason, reason, name);
      return true;
    });
  }
});
