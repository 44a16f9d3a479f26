// Ground truth from the real Codex CLI 0.171.0 (test/e2e/lab/record-transcripts.ts recorded the fixture): the
// scripted model's copy of every result, kept beside the session log, says what the model saw, and
// recorded-sessions.ts what each command wrote. Audit must call clipped exactly the results the model got only
// part of, with the tokens Codex dropped, and exact sizes where the log's own copy holds the whole output.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { auditTranscript } from "../../src/audit/audit-transcript.js";
import { codexSession } from "../e2e/lab/recorded-sessions.js";
import { assertPreviewsBegin, droppedFrom, keptAround, readModelSaw } from "../helpers/lab-truth.js";
import { transcriptPath } from "../helpers/transcripts.js";

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

// What Codex 0.171 puts before a command's output: the unified-exec header, and where it cut, its warning.
const HEADER = /^Chunk ID: [0-9a-f]{6}\nWall time: \d+\.\d{4} seconds\nProcess exited with code -?\d+\nOriginal token count: \d+\nOutput:\n/;
const PREAMBLE = new RegExp(`${HEADER.source}(?:Warning: truncated output \\(original token count: \\d+\\)\\nTotal output lines: \\d+\\n\\n)?`);
const TOKENS_CUT = /…(\d+) tokens truncated…/;
// Codex counts a token as 4 bytes, rounded up (codex-rs truncate.rs approx_token_count).
const approxTokens = (bytes: number): number => Math.ceil(bytes / 4);

test("Codex 0.171 in the lab: audit calls clipped exactly what the model got part of, with the tokens dropped", async () => {
  const audit = await auditTranscript(transcriptPath("lab/codex/lab-0.171.0.jsonl"));
  const saw = readModelSaw("lab/codex/lab-0.171.0.model-saw.json");
  const session = codexSession();
  assert.deepEqual(audit.problems, [], "token_usage_record and world_state lines are no problem");
  // The reader takes the unified-exec header off; where the log's copy is whole, the preview is of the output
  // the model kept, after Codex's warning.
  assertPreviewsBegin(audit, saw.map(({ text }, i) => (audit.calls[i]!.span.stdout_stream_sha256 === undefined ? text.replace(HEADER, "") : text.replace(PREAMBLE, ""))));
  session.calls.forEach((call, i) => {
    const { span, verdict } = audit.calls[i]!;
    const { text } = saw[i]!;
    const output = call.output!;
    const command = call.step.kind === "shell" ? call.step.command : "?";
    assert.equal(span.source.command, command);
    assert.equal(span.returncode, call.exitCode, command);
    assert.equal(verdict, text.includes(output) ? "clean" : "clipped", command);
    if (verdict === "clean") {
      assert.equal(text.replace(PREAMBLE, ""), output, `${command}: all of it`);
      assert.equal(span.stdout_bytes, Buffer.byteLength(output), command);
      return;
    }
    const kept = keptAround(text, TOKENS_CUT, PREAMBLE);
    const dropped = droppedFrom(output, kept);
    assert.ok(dropped.tailIsTheEnd, `${command}: Codex keeps the output's own tail`);
    // Codex's header above the cut states the whole output's tokens and lines, as it counts them.
    const lines = output.split("\n").length - (output.endsWith("\n") ? 1 : 0);
    const expected = { droppedTokens: approxTokens(dropped.chars), originalTokens: approxTokens(Buffer.byteLength(output)), totalLines: lines };
    assert.deepEqual(span.clip_evidence?.groups, expected, command);
  });
  assert.deepEqual(audit.calls.map((call) => call.verdict), ["clipped", "clipped", "clean"]);

  // 45,000 bytes: the log's item_completed copy holds all of it, so the span's figures are exact.
  const [big, mid] = audit.calls;
  const midOutput = session.calls[1]!.output!;
  const midKept = keptAround(saw[1]!.text, TOKENS_CUT, PREAMBLE);
  assert.deepEqual(
    [mid!.span.stdout_bytes, mid!.span.stdout_cap, mid!.span.stdout_keep, mid!.span.stdout_stream_sha256, mid!.span.stdout_tail_sha256],
    [45_000, Buffer.byteLength(midKept.head + midKept.tail), "head+tail", sha256(midOutput), sha256(midOutput.slice(-256))],
  );
  assert.equal(mid!.span.stdout_cap, 40_000, "20,000 bytes of head and of tail");
  assert.equal(mid!.span.clip_evidence?.note, undefined);
  // 70,000 bytes: the log's copy is cut at 65,536 characters too, so nothing holds the whole output.
  assert.equal(big!.span.stdout_bytes, null);
  assert.match(big!.span.clip_evidence?.note ?? "", /kept only 65,536 characters .* no file holds the rest/);
  assert.deepEqual(audit.calls.map((call) => call.span.clip_evidence?.groups.droppedTokens ?? null), [7_500, 1_250, null]);
});
