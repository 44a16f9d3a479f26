// Ground truth from the real Gemini CLI 0.61.0 (test/e2e/lab/record-transcripts.ts recorded the fixture): the
// scripted model's copy of every result, kept beside the session, says what the model saw; audit must find
// exactly the clips in it, with the count the harness dropped.
import assert from "node:assert/strict";
import { test } from "node:test";
import { auditTranscript } from "../../src/audit/audit-transcript.js";
import { geminiSession } from "../e2e/lab/recorded-sessions.js";
import { readModelSaw } from "../helpers/lab-truth.js";
import { transcriptPath } from "../helpers/transcripts.js";

test("Gemini CLI 0.61.0: the 70,000-byte result is clipped with what was dropped; the 30,000-byte one and the failure are clean", async () => {
  const audit = await auditTranscript(transcriptPath("lab/gemini/lab-0.61.0.jsonl"));
  const modelSaw = readModelSaw("lab/gemini/lab-0.61.0.model-saw.json").map(({ text }) => text);
  const { calls } = geminiSession();
  assert.deepEqual(audit.calls.map((call) => call.span.preview_stdout), modelSaw.map((text) => text.slice(0, 512)), "the session holds what the model got");
  // Clipped exactly where the model's copy lacks part of the output (Gemini CLI trims it: no clip).
  assert.deepEqual(audit.calls.map((call) => call.verdict), calls.map((call, i) => (modelSaw[i]!.includes(call.output!.trim()) ? "clean" : "clipped")));
  assert.deepEqual(audit.calls.map((call) => call.verdict), ["clipped", "clean", "clean"]);
  // What Gemini CLI had before it cut: shell.ts's result around the command's output (trimmed), wrapped.
  const pgid = /Process Group PGID: (\d+)/.exec(modelSaw[0]!)![1]!;
  const wrapped = `<untrusted_context>\nOutput: ${calls[0]!.output!.trim()}\nExit Code: 1\nProcess Group PGID: ${pgid}\n</untrusted_context>`;
  const [big, mid, failed] = audit.calls;
  // It keeps 40,000 characters (truncateToolOutputThreshold): 8,000 of head and 32,000 of tail, as its header says.
  assert.deepEqual(big!.span.clip_evidence?.groups, { headChars: 8000, tailChars: 32_000, droppedChars: wrapped.length - 40_000 });
  assert.ok(modelSaw[0]!.endsWith(wrapped.slice(-32_000)), "the tail the model saw is the wrapped result's");
  assert.ok(modelSaw[0]!.includes(`\n${wrapped.slice(0, 8000)}\n\n... [`), "the head it saw is the wrapped result's first 8,000");
  assert.equal(big!.span.returncode, 1);
  assert.equal(big!.firstAction?.row, "stdout-clipped-tests");
  assert.equal(mid!.span.stdout_bytes, Buffer.byteLength(modelSaw[1]!));
  assert.equal(failed!.span.returncode, 3);
  assert.equal(failed!.span.ok_preview, false);
});
