// Real transcripts of a second held-out round, audited: each was audited before it was read, and what the test
// asserts is what reading the file showed (SOURCES.md says where each comes from).
import assert from "node:assert/strict";
import { test } from "node:test";
import { auditTranscript } from "../../src/audit/audit-transcript.js";
import { transcriptPath } from "../helpers/transcripts.js";

const audit = (file: string) => auditTranscript(transcriptPath(file));

test("Claude Code 1.0.98: a Bash output cut at 30,000 characters with '... [560 lines truncated] ...' is clipped", async () => {
  const { format, harnessVersion, calls, findings } = await audit("claude_code/claude-code-viewer-fe5e1c67-lines-107-108.jsonl");
  assert.equal(format, "claude-code");
  assert.equal(harnessVersion, "1.0.98");
  assert.equal(calls.length, 1);
  assert.deepEqual(
    findings.map((call) => [call.span.source.line, call.span.tool_name, call.verdict, call.span.clip_evidence?.marker, call.span.clip_evidence?.groups]),
    [[1, "Bash", "clipped", "claude-code-lines-truncated", { omittedLines: 560 }]],
  );
});

test("Codex 0.58.0: a sed of 295 lines cut to 256 with '[... omitted 39 of 295 lines ...]' is clipped, the rest clean", async () => {
  const { format, harnessVersion, calls, findings } = await audit("codex/codex-session-view-rollout-0.58-lines-1-40.jsonl");
  assert.equal(format, "codex");
  assert.equal(harnessVersion, "0.58.0");
  assert.equal(calls.length, 5);
  assert.ok(calls.every((call) => call.span.tool_name !== "shell" || call.span.returncode === 0));
  assert.deepEqual(
    findings.map((call) => [call.span.source.line, call.verdict, call.span.clip_evidence?.marker, call.span.clip_evidence?.groups]),
    [[39, "clipped", "codex-omitted-lines", { omittedLines: 39, totalLines: 295 }]],
  );
});
