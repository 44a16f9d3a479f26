import { EMPTY_SHA256 } from "../../../src/contract/constants.js";
import { cleanSpan, ruleTester, publishedRecord } from "../../helpers/lint.js";

ruleTester("missing-full-hash", {
  valid: [
    { name: "a clean span", span: cleanSpan() },
    { name: "a clipped stream without sha256", span: cleanSpan({ stdout_sha256: undefined }) },
    { name: "an empty stream with sha256 null", span: cleanSpan({ stderr_bytes: 0, stderr_sha256: null, preview_stderr: "" }) },
    { name: "an empty stream with the empty hash", span: cleanSpan({ stderr_bytes: 0, stderr_sha256: EMPTY_SHA256, preview_stderr: "" }) },
    { name: "over its cap but not flagged: clipped-without-flag says that", span: cleanSpan({ stdout_truncated: false }) },
    { name: "the flag of the wrong type", span: cleanSpan({ stderr_truncated: "false", stderr_sha256: null }) },
    { name: "a malformed hash is present (invalid-hash says what is wrong)", span: publishedRecord() },
  ],
  invalid: [
    {
      name: "complete stream, sha256 null",
      span: cleanSpan({ stderr_sha256: null }),
      errors: [{ messageId: "missing", stream: "stderr", message: "stderr is complete (27 bytes) but stderr_sha256 is null" }],
    },
    { name: "complete stream, sha256 absent", span: cleanSpan({ stderr_sha256: undefined }), errors: [{ messageId: "missing", stream: "stderr", message: "is absent" }] },
    { name: "no cap, sha256 null", span: cleanSpan({ stdout_cap: null, stdout_truncated: false }), errors: [{ messageId: "missing", stream: "stdout", message: "(450 bytes)" }] },
    { name: "The published example record with stderr_sha256 null", span: publishedRecord({ stderr_sha256: null }), errors: [{ messageId: "missing", stream: "stderr" }] },
  ],
});
