import { completeSpan, ruleTester, publishedRecord } from "../../helpers/lint.js";

ruleTester("ok-preview-on-failure", {
  valid: [
    { name: "returncode 0, ok_preview true", span: completeSpan() },
    { name: "returncode 1, ok_preview false", span: completeSpan({ returncode: 1, ok_preview: false }) },
    { name: "timed out, ok_preview false", span: completeSpan({ returncode: 143, signal: "SIGTERM", timed_out: true, ok_preview: false }) },
    { name: "returncode absent (as in the published example record)", span: publishedRecord({ stdout_truncated: false, stdout_cap: null }) },
    { name: "timed_out and stalled false", span: completeSpan({ timed_out: false, stalled: false }) },
  ],
  invalid: [
    { name: "returncode 1", span: completeSpan({ returncode: 1 }), errors: [{ messageId: "returncode", message: "ok_preview is true but returncode is 1" }] },
    { name: "killed by a signal: 137", span: completeSpan({ returncode: 137, signal: "SIGKILL" }), errors: [{ messageId: "returncode", message: "returncode is 137" }] },
    { name: "never started: returncode null", span: completeSpan({ returncode: null, error: "ENOENT" }), errors: [{ messageId: "returncode", message: "returncode is null" }] },
    { name: "returncode the string \"0\"", span: completeSpan({ returncode: "0" }), errors: [{ messageId: "returncode", message: 'returncode is "0"' }] },
    {
      name: "returncode a deeply nested array: reported, not a crash",
      span: JSON.stringify(completeSpan({ returncode: "NESTED" })).replace('"NESTED"', "[".repeat(100_000) + "]".repeat(100_000)),
      errors: [{ messageId: "returncode" }],
    },
    { name: "timed out", span: completeSpan({ timed_out: true }), errors: [{ messageId: "timedOut", message: "ok_preview is true but the command timed out" }] },
    { name: "stalled", span: completeSpan({ stalled: true }), errors: [{ messageId: "stalled", message: "ok_preview is true but the pipe stalled" }] },
    {
      name: "all three",
      span: completeSpan({ returncode: 124, timed_out: true, stalled: true }),
      errors: [{ messageId: "returncode" }, { messageId: "timedOut" }, { messageId: "stalled" }],
    },
  ],
});
