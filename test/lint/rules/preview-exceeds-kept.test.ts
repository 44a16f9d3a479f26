import { sha256 } from "../../helpers/fixtures.js";
import { cleanSpan, completeSpan, ruleTester, publishedRecord, spanFor } from "../../helpers/lint.js";

ruleTester("preview-exceeds-kept", {
  valid: [
    { name: "a clean span: the clipped preview is the kept 200 bytes", span: cleanSpan() },
    { name: "multi-byte characters, the preview the whole stream", span: spanFor({ stdout: Buffer.from("é€😀\n"), stderr: Buffer.alloc(0) }) },
    { name: "a multi-byte character cut at the cap: one U+FFFD counts as one byte", span: spanFor({ stdout: Buffer.from("ab€€"), stderr: Buffer.alloc(0), stdoutCap: 4 }) },
    { name: "a preview of U+FFFDs within the kept byte count", span: completeSpan({ stdout_bytes: 3, stdout_cap: 3, preview_stdout: "\uFFFD\uFFFD\uFFFD", stdout_sha256: sha256(Buffer.from([0xff, 0xfe, 0xfd])) }) },
    { name: "cap absent: kept bytes unknown", span: cleanSpan({ stdout_cap: undefined }) },
    { name: "an empty preview of an empty stream", span: cleanSpan({ stderr_bytes: 0, preview_stderr: "" }) },
    { name: "The published example record", span: publishedRecord() },
  ],
  invalid: [
    {
      name: "a preview longer than the stream",
      span: completeSpan({ stdout_bytes: 3 }),
      errors: [{ messageId: "exceeds", stream: "stdout", message: "preview_stdout holds 18 bytes but only 3 were kept" }],
    },
    { name: "a preview longer than the cap kept", span: cleanSpan({ stdout_cap: 199, stdout_truncated: true }), errors: [{ messageId: "exceeds", stream: "stdout", message: "holds 200 bytes but only 199" }] },
    { name: "multi-byte characters counted in bytes, not characters", span: completeSpan({ stderr_bytes: 5, stderr_cap: 5, preview_stderr: "ééé" }), errors: [{ messageId: "exceeds", stream: "stderr", message: "holds 6 bytes but only 5" }] },
    { name: "a preview on a stream of 0 bytes", span: cleanSpan({ stderr_bytes: 0 }), errors: [{ messageId: "exceeds", stream: "stderr" }] },
    { name: "cap 0 with a preview", span: cleanSpan({ stdout_cap: 0 }), errors: [{ messageId: "exceeds", stream: "stdout", message: "only 0 were kept" }] },
  ],
});
