import { cleanSpan, ruleTester, publishedRecord } from "../../helpers/lint.js";

ruleTester("flag-under-cap", {
  valid: [
    { name: "a clean span", span: cleanSpan() },
    { name: "flag true at bytes = cap + 1", span: cleanSpan({ stdout_cap: 449 }) },
    { name: "flag false under the cap", span: cleanSpan({ stdout_cap: 1000, stdout_truncated: false }) },
    { name: "flag true with the cap absent: nothing to compare", span: cleanSpan({ stdout_cap: undefined }) },
    { name: "flag true with bytes of the wrong type", span: cleanSpan({ stdout_bytes: "1" }) },
    { name: "The published example record", span: publishedRecord() },
  ],
  invalid: [
    {
      name: "flag true at bytes = cap",
      span: cleanSpan({ stdout_cap: 450 }),
      errors: [{ messageId: "underCap", stream: "stdout", message: "stdout_truncated is true but 450 bytes <= cap 450" }],
    },
    { name: "flag true well under the cap", span: cleanSpan({ stderr_truncated: true }), errors: [{ messageId: "underCap", stream: "stderr", message: "27 bytes <= cap 200" }] },
    { name: "flag true on an empty stream", span: cleanSpan({ stderr_bytes: 0, stderr_truncated: true }), errors: [{ messageId: "underCap", stream: "stderr" }] },
    {
      name: "flag true with cap null",
      span: cleanSpan({ stdout_cap: null }),
      errors: [{ messageId: "noCap", stream: "stdout", message: "stdout_truncated is true but stdout_cap is null" }],
    },
    { name: "flag true with cap null and bytes absent", span: cleanSpan({ stderr_cap: null, stderr_truncated: true, stderr_bytes: undefined }), errors: [{ messageId: "noCap", stream: "stderr" }] },
    { name: "The published example record with stderr flagged", span: publishedRecord({ stderr_truncated: true }), errors: [{ messageId: "underCap", stream: "stderr", message: "902 bytes <= cap 8192" }] },
  ],
});
