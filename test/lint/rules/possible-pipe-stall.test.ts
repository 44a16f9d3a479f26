import { completeSpan, ruleTester, publishedRecord, spanFor } from "../../helpers/lint.js";

const silent = (changes: Record<string, unknown> = {}) => ({ ...spanFor({ stdout: Buffer.alloc(0), stderr: Buffer.alloc(0) }), ...changes });
// A span audit made of a transcript's call (no stalled key: no wrapper of ours read the pipes).
const source = { format: "codex", file: "rollout.jsonl", line: 3, index: null, call_id: "c", harness_version: "0.116.0", transcript_sha256: "0".repeat(64) };
const fromTranscript = (changes: Record<string, unknown> = {}) => silent({ stalled: undefined, source, ...changes });

ruleTester("possible-pipe-stall", {
  valid: [
    { name: "output and returncode 0", span: completeSpan() },
    { name: "nothing written, returncode 1", span: silent({ returncode: 1, ok_preview: false }) },
    { name: "nothing written, never started (returncode null)", span: silent({ returncode: null, error: "ENOENT", ok_preview: false }) },
    { name: "one byte on stderr", span: { ...silent(), stderr_bytes: 1 } },
    { name: "returncode absent", span: silent({ returncode: undefined }) },
    { name: "byte counts of the wrong type", span: silent({ stdout_bytes: "0" }) },
    { name: "The published example record", span: publishedRecord() },
    { name: "toolspan's own wrapper read both pipes to their end (stalled false): the command said nothing", span: silent() },
    { name: "a transcript's call the harness saw end with exit 0: it waited for the exit and printed nothing", span: fromTranscript() },
  ],
  invalid: [
    { name: "both streams empty, returncode 0, from another writer", span: silent({ contract: undefined }), errors: [{ messageId: "empty", message: "both streams are empty and returncode is 0" }] },
    { name: "another writer's span that states stalled false but not our contract", span: silent({ contract: undefined, stalled: false }), errors: [{ messageId: "empty" }] },
    { name: "our contract but no stalled key: nothing says the pipes were read to the end", span: silent({ stalled: undefined }), errors: [{ messageId: "empty" }] },
    { name: "a transcript's call killed at the time limit: the harness did not see it end", span: fromTranscript({ timed_out: true }), errors: [{ messageId: "empty" }] },
    {
      name: "a transcript's call whose result the transcript cannot show",
      span: fromTranscript({ source: { ...source, unverifiable: "still running when its output was taken" } }),
      errors: [{ messageId: "empty" }],
    },
    { name: "the same without any of our keys", span: publishedRecord({ stdout_bytes: 0, stderr_bytes: 0, returncode: 0 }), errors: [{ messageId: "empty" }] },
  ],
});
