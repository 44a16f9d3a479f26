import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { ClaudeCodeReader } from "../../../src/formats/transcripts/claude-code.js";
import { CodexReader } from "../../../src/formats/transcripts/codex.js";
import { readFixture } from "../../helpers/transcripts.js";

const claudeLine = (type: string): string => JSON.stringify({ type, sessionId: "s", uuid: "u" });

test("unknown record types are summed up in one line, the most frequent first", () => {
  const reader = new ClaudeCodeReader();
  ["user", "brand-new", "brand-new", "other-new", "brand-new", "attachment"].forEach((type, i) => reader.line(claudeLine(type), i + 1));
  assert.deepEqual(reader.end().problems, [
    { line: null, index: null, message: '4 lines of unknown record types: "brand-new" (3), "other-new" (1); the first at line 2' },
  ]);
});

test("a transcript full of new types names ten of them and counts the rest", () => {
  const reader = new CodexReader();
  reader.line(JSON.stringify({ timestamp: "t", type: "session_meta", payload: { id: "s" } }), 1);
  for (let i = 0; i < 12; i++) reader.line(JSON.stringify({ timestamp: "t", type: `new_${String(i).padStart(2, "0")}`, payload: {} }), i + 2);
  const [problem] = reader.end().problems;
  assert.match(problem!.message, /^12 lines of unknown record types: "new_00" \(1\), .*"new_09" \(1\), 2 more types; the first at line 2$/);
});

test("every line of an unknown type is counted once, and known ones never", () => {
  const known = ["user", "assistant", "attachment", "api-request", "last-prompt", "queue-operation", "cost-state", "atis-latch"];
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.constantFrom(...known), fc.constantFrom("x-new", "y-new", "z-new")), { maxLength: 40 }), (types) => {
      const reader = new ClaudeCodeReader();
      types.forEach((type, i) => reader.line(claudeLine(type), i + 1));
      const { problems } = reader.end();
      const unknown = types.filter((type) => !known.includes(type)).length;
      if (unknown === 0) return assert.deepEqual(problems, []);
      assert.equal(problems.length, 1);
      assert.match(problems[0]!.message, new RegExp(`^${unknown} lines? of `));
    }),
  );
});

test("the record types Claude Code 2.1.332 writes besides messages are skipped without a word", async () => {
  const read = await readFixture("lab/claude_code/lab-2.1.332.jsonl");
  assert.deepEqual(read.problems, []);
});
