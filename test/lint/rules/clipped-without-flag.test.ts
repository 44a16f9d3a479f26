import { cleanSpan, ruleTester, publishedRecord } from "../../helpers/lint.js";

// cleanSpan(): stdout 450 bytes, cap 200, flagged; stderr 27 bytes, cap 200.
ruleTester("clipped-without-flag", {
  valid: [
    { name: "a clean span (450 bytes > cap 200, flagged)", span: cleanSpan() },
    { name: "bytes = cap, flag false", span: cleanSpan({ stdout_cap: 450, stdout_truncated: false }) },
    { name: "bytes = cap + 1, flag true", span: cleanSpan({ stdout_cap: 449 }) },
    { name: "no cap, flag false", span: cleanSpan({ stdout_cap: null, stdout_truncated: false }) },
    { name: "cap 0 and 0 bytes", span: cleanSpan({ stderr_bytes: 0, stderr_cap: 0 }) },
    { name: "a cap of the wrong type is invalid-type's business", span: cleanSpan({ stdout_cap: "8", stdout_truncated: false }) },
    { name: "bytes of the wrong type", span: cleanSpan({ stderr_bytes: "9999", stderr_truncated: false }) },
    { name: "The published example record", span: publishedRecord() },
  ],
  invalid: [
    {
      name: "bytes = cap + 1, flag false",
      span: cleanSpan({ stdout_cap: 449, stdout_truncated: false }),
      errors: [{ messageId: "clipped", stream: "stdout", message: "stdout clipped without flag: 450 bytes > cap 449 but stdout_truncated is false" }],
    },
    { name: "stderr over its cap, flag false", span: cleanSpan({ stderr_cap: 26 }), errors: [{ messageId: "clipped", stream: "stderr" }] },
    { name: "cap 0 and one byte", span: cleanSpan({ stderr_bytes: 1, stderr_cap: 0 }), errors: [{ messageId: "clipped", stream: "stderr" }] },
    { name: "the flag absent", span: cleanSpan({ stdout_truncated: undefined }), errors: [{ messageId: "clipped", stream: "stdout", message: "stdout_truncated is null" }] },
    { name: "the flag the string \"true\"", span: cleanSpan({ stdout_truncated: "true" }), errors: [{ messageId: "clipped", stream: "stdout", message: 'stdout_truncated is "true"' }] },
    {
      name: "the flag a deeply nested array: reported, not a crash",
      span: `${JSON.stringify(cleanSpan({ stdout_truncated: "NESTED" })).replace('"NESTED"', "[".repeat(100_000) + "]".repeat(100_000))}`,
      errors: [{ messageId: "clipped", stream: "stdout" }],
    },
    {
      name: "both streams over their caps, unflagged",
      span: cleanSpan({ stdout_truncated: false, stderr_cap: 1 }),
      errors: [{ messageId: "clipped", stream: "stdout" }, { messageId: "clipped", stream: "stderr" }],
    },
    { name: "The published example record with stdout unflagged", span: publishedRecord({ stdout_truncated: false }), errors: [{ messageId: "clipped", stream: "stdout", message: "24118 bytes > cap 8192" }] },
  ],
});
