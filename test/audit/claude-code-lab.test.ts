// Ground truth from the real Claude Code 2.1.332 (test/e2e/lab/record-transcripts.ts recorded the fixtures): the
// scripted model's copy of every result, kept beside the transcript, says what the model saw, and
// recorded-sessions.ts says what each command wrote. Audit must call clipped exactly the results the model got
// only part of, with the figure of what was dropped: exact where the harness knows it, a lower bound where its
// 30,000-byte read-back window hid the rest.
import assert from "node:assert/strict";
import { test } from "node:test";
import { auditTranscript, type AuditedCall, type TranscriptAudit } from "../../src/audit/audit-transcript.js";
import { claudeCodeSession, claudeCodeStreamSession, type RecordedCall, type RecordedSession } from "../e2e/lab/recorded-sessions.js";
import type { ClaudeToolStep } from "../e2e/lab/anthropic-server.js";
import type { ModelStep } from "../e2e/lab/scripted-model.js";
import { assertPreviewsBegin, droppedFrom, keptAround, readModelSaw, type ModelSaw } from "../helpers/lab-truth.js";
import { transcriptPath } from "../helpers/transcripts.js";

type Call = RecordedCall<ModelStep | ClaudeToolStep>;

// Claude Code drops a result's trailing whitespace (measured in test/e2e/claude-code-lab.test.ts): no clip, so
// the whole output as it can be shown is the output less that.
const shown = (output: string): string => output.trimEnd();
const EXCERPT = /\n\n\.\.\. \[(\d+) characters truncated\] \.\.\.\n\n/;
const EXIT_LINE = /^Exit code \d+\n/;
// A line of a search tool's result: a file of the session (Glob, Grep's file list) or a match in one (Grep content).
const RESULT_LINE = /^f\d{3}\.txt(?::\d+:needle \d+)?$/gm;
const resultLines = (text: string): number => text.match(RESULT_LINE)?.length ?? 0;

/** What the model's copy says of the call: clean when it holds the whole output (or every line of a search),
 * clipped when it holds less; unverifiable where the harness stopped waiting and there is no whole to compare. */
function truth(call: Call, saw: ModelSaw): AuditedCall["verdict"] {
  if (call.output !== undefined) return saw.text.includes(shown(call.output)) ? "clean" : "clipped";
  if (call.lines !== undefined) return resultLines(saw.text) === call.lines ? "clean" : "clipped";
  return "unverifiable";
}

/** Every call of `audit` against the session it recorded and what the model received. */
function assertGroundTruth(audit: TranscriptAudit, session: RecordedSession<ModelStep | ClaudeToolStep>, saw: readonly ModelSaw[]): void {
  assert.deepEqual(audit.problems, []);
  assertPreviewsBegin(audit, saw.map((result) => result.text));
  session.calls.forEach((call, i) => {
    const { span, verdict, reason } = audit.calls[i]!;
    const got = saw[i]!;
    const what = call.step.kind === "tool" ? call.step.name : call.step.kind === "shell" ? call.step.command : "?";
    if (call.step.kind === "shell") assert.equal(span.source.command, call.step.command);
    else assert.equal(span.tool_name, what);
    assert.equal(verdict, truth(call, got), what);
    if (call.exitCode !== undefined) {
      assert.equal(span.returncode, call.exitCode, what);
      assert.equal(got.is_error, call.exitCode !== 0, `${what}: is_error exactly for a failure`);
    }
    const groups = span.clip_evidence?.groups ?? {};
    if (verdict === "clean") {
      assert.equal(span.stdout_bytes, Buffer.byteLength(got.text), `${what}: a clean result's bytes are the model's`);
      if (call.output !== undefined) assert.equal(got.text, shown(call.output), `${what}: all of it`);
    } else if (verdict === "unverifiable") {
      assert.match(reason ?? "", /moved to the background|timed out/, what);
    } else if (call.output !== undefined && EXCERPT.test(got.text)) {
      // The failure excerpt: what the model kept around the marker, against the whole output.
      const dropped = droppedFrom(shown(call.output), keptAround(got.text, EXCERPT, EXIT_LINE));
      const stated = groups.droppedChars as number;
      if (dropped.tailIsTheEnd) assert.equal(stated, dropped.chars, `${what}: within the window the figure is exact`);
      else assert.ok(stated < dropped.chars, `${what}: past the window ${stated} is a lower bound of ${dropped.chars}`);
      assert.match(span.clip_evidence?.note ?? "", /lower bound/, what);
      assert.equal(span.stdout_bytes, null, `${what}: the whole size is unknown`);
    } else if (call.output !== undefined) {
      // Persisted to a file: the model got a preview; the harness recorded the whole size.
      assert.equal(span.clip_evidence?.marker, "claude-code-output-too-large", what);
      const preview = /\nPreview \(first 2KB\):\n([\s\S]*)\n\.\.\.\n<\/persisted-output>$/.exec(got.text)![1]!;
      assert.ok(call.output.startsWith(preview) && preview.length < call.output.length, `${what}: the preview is the output's head`);
      assert.equal(span.stdout_bytes, Buffer.byteLength(call.output), `${what}: persistedOutputSize is every byte`);
      // What the model kept is the preview's bytes, so what it did not get is exact: the output less that head.
      assert.deepEqual([span.stdout_cap, span.stdout_keep], [Buffer.byteLength(preview), "head"], what);
    } else {
      // A search tool's cap: the lines the model got, against every line of the search.
      const kept = resultLines(got.text);
      assert.deepEqual([groups.capLines, groups.totalLines, groups.omittedLines], [kept, call.lines, call.lines! - kept], what);
    }
  });
}

test("Claude Code 2.1.332 in the lab: audit calls clipped exactly what the model got part of, with what was dropped", async () => {
  const audit = await auditTranscript(transcriptPath("lab/claude_code/lab-2.1.332.jsonl"));
  const saw = readModelSaw("lab/claude_code/lab-2.1.332.model-saw.json");
  assertGroundTruth(audit, claudeCodeSession(), saw);
  assert.deepEqual(audit.calls.map((call) => call.verdict), ["clipped", "clipped", "clipped", "clipped", "clipped", "clean", "unverifiable", "unverifiable", "clean"]);

  // The figures, as the harness's markers state them (68,195 bytes written; 20,000 bytes; 150 files; 450 lines).
  const [failed, short, persisted, glob, grep, , moved, killed] = audit.calls;
  assert.deepEqual(failed!.span.clip_evidence?.groups, { droppedChars: 20_007 }, "the middle of the 30,000-byte window only");
  assert.match(failed!.span.clip_evidence?.note ?? "", /lower bound.*not necessarily of the output/);
  assert.equal(saw[0]!.text.includes("FAILED tests/"), false, "the failure past the window never reached the model");
  assert.deepEqual(short!.span.clip_evidence?.groups, { droppedChars: 10_011 });
  assert.deepEqual(persisted!.span.clip_evidence?.groups, { persistedSize: "66.6KB" });
  assert.deepEqual([persisted!.span.stdout_bytes, persisted!.span.stdout_cap], [68_195, 1_942], "of 68,195 bytes the model got a 1,942-byte head");
  assert.deepEqual(glob!.span.clip_evidence, {
    harness: "Claude Code", version: "2.1.332", versions: "unknown (read in 2.1.332)", marker: "claude-code-glob-showing-of",
    groups: { capLines: 100, totalLines: 150, omittedLines: 50 },
  });
  // Grep's marker names only its limit; its toolUseResult's totalLines gives the rest.
  assert.deepEqual([grep!.span.clip_evidence?.marker, grep!.span.clip_evidence?.groups], ["claude-code-grep-pagination", { capLines: 250, totalLines: 450, omittedLines: 200 }]);
  assert.equal(failed!.firstAction?.row, "stdout-clipped-tests");
  assert.match(moved!.reason ?? "", /moved to the background/);
  assert.equal(saw[6]!.text.includes("never printed"), false);
  assert.equal(killed!.span.timed_out, true);
  assert.equal(killed!.span.returncode, 143);
  assert.equal(killed!.firstAction?.row, "timed-out");
});

test("claude -p --output-format stream-json in the lab: the same ground truth from the events it streamed", async () => {
  const audit = await auditTranscript(transcriptPath("lab/claude_code/lab-2.1.332.stream.jsonl"));
  const saw = readModelSaw("lab/claude_code/lab-2.1.332.stream.model-saw.json");
  assertGroundTruth(audit, claudeCodeStreamSession(), saw);
  assert.deepEqual(audit.calls.map((call) => [call.verdict, call.span.clip_evidence?.groups ?? null]), [["clipped", { droppedChars: 10_011 }], ["clean", null]]);
});
