import { completeSpan, ruleTester, publishedRecord, spanFor } from "../../helpers/lint.js";

const silent = (changes: Record<string, unknown> = {}) => ({ ...spanFor({ stdout: Buffer.alloc(0), stderr: Buffer.alloc(0) }), ...changes });

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
  ],
  invalid: [
    { name: "both streams empty, returncode 0, from another writer", span: silent({ contract: undefined }), errors: [{ messageId: "empty", message: "both streams are empty and returncode is 0" }] },
    { name: "another writer's span that states stalled false but not our contract", span: silent({ contract: undefined, stalled: false }), errors: [{ messageId: "empty" }] },
    { name: "our contract but no stalled key: nothing says the pipes were read to the end", span: silent({ stalled: undefined }), errors: [{ messageId: "empty" }] },
    { name: "the same without any of our keys", span: publishedRecord({ stdout_bytes: 0, stderr_bytes: 0, returncode: 0 }), errors: [{ messageId: "empty" }] },
  ],
});
