import assert from "node:assert/strict";
import { test } from "node:test";
import { detectDocument, detectFirstLine } from "../../../src/formats/transcripts/detect.js";
import { readTranscript, UnrecognisedTranscript } from "../../../src/formats/transcripts/read-transcript.js";
import { REAL_FIXTURES, readFixture, transcriptPath } from "../../helpers/transcripts.js";

test("every real fixture is told by its content", async () => {
  for (const { file, format } of REAL_FIXTURES) assert.equal((await readFixture(file)).format, format, file);
});

test("first lines: Codex wants a payload, Claude Code a session record", () => {
  assert.deepEqual(detectFirstLine({ timestamp: "t", type: "session_meta", payload: {} }, 1), { format: "codex" });
  assert.deepEqual(detectFirstLine({ timestamp: "t", type: "event_msg" }, 3), { reason: "not a Codex rollout: line 3 has no payload" });
  assert.deepEqual(detectFirstLine({ type: "user", sessionId: "s", message: {} }, 1), { format: "claude-code" });
  assert.deepEqual(detectFirstLine({ type: "file-history-snapshot", messageId: "m" }, 1), { format: "claude-code" });
  assert.equal(detectFirstLine({ name: "x" }, 1), null);
});

test("documents: OpenHands events, SWE-agent trajectories, mini-swe-agent messages, and what is none of them", () => {
  assert.deepEqual(detectDocument([{ id: 0, action: "message" }]), { format: "openhands" });
  assert.deepEqual(detectDocument({ trajectory: [], history: [] }), { format: "swe-agent" });
  assert.deepEqual(detectDocument({ messages: [], trajectory_format: "mini-swe-agent-1" }), { format: "mini-swe-agent" });
  assert.deepEqual(detectDocument([{ role: "user", content: "hi" }]), { format: "mini-swe-agent" });
  assert.match((detectDocument({ trajectory: [] }) as { reason: string }).reason, /no history/);
  assert.match((detectDocument(42) as { reason: string }).reason, /neither an object nor an array/);
});

test("an unrecognised file is refused with the reason, a missing one as unreadable", async () => {
  await assert.rejects(readTranscript(transcriptPath("synthetic/codex-no-payload.jsonl")), (error: Error) => {
    assert.ok(error instanceof UnrecognisedTranscript);
    assert.match(error.message, /not a Codex rollout: line 1 has no payload/);
    return true;
  });
  await assert.rejects(readTranscript(transcriptPath("synthetic/not-a-transcript.json")), UnrecognisedTranscript);
  await assert.rejects(readTranscript(transcriptPath("synthetic/none.jsonl")), /cannot read .*ENOENT/);
});
