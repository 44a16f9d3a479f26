import { cleanSpan, completeSpan, ruleTester, publishedRecord } from "../../helpers/lint.js";

ruleTester("ok-preview-while-truncated", {
  valid: [
    { name: "a clean span: clipped, ok_preview false", span: cleanSpan() },
    { name: "nothing clipped, ok_preview true", span: completeSpan() },
    { name: "The published example record with ok_preview false", span: publishedRecord({ ok_preview: false }) },
    { name: "ok_preview the string \"true\" is invalid-type's business", span: cleanSpan({ ok_preview: "true" }) },
    { name: "ok_preview true at bytes = cap", span: completeSpan({ stdout_cap: 18 }) },
  ],
  invalid: [
    { name: "The published example record: ok_preview true, stdout clipped", span: publishedRecord(), errors: [{ messageId: "clipped", stream: "stdout", message: "ok_preview is true but stdout was clipped" }] },
    { name: "a clean span claiming ok_preview", span: cleanSpan({ ok_preview: true }), errors: [{ messageId: "clipped", stream: "stdout" }] },
    {
      name: "both streams clipped",
      span: cleanSpan({ ok_preview: true, stderr_cap: 10, stderr_truncated: true }),
      errors: [{ messageId: "clipped", stream: "stdout" }, { messageId: "clipped", stream: "stderr" }],
    },
    { name: "over the cap without the flag: the figures say clipped", span: completeSpan({ stdout_cap: 17 }), errors: [{ messageId: "clipped", stream: "stdout" }] },
    { name: "the flag alone, bytes and cap absent", span: completeSpan({ stderr_truncated: true, stderr_bytes: undefined, stderr_cap: undefined }), errors: [{ messageId: "clipped", stream: "stderr" }] },
  ],
});
