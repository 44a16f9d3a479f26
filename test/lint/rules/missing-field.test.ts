import { cleanSpan, ruleTester, publishedRecord, withChanges, type InvalidCase } from "../../helpers/lint.js";

// The published schema's keys, spelled out from test/fixtures/lint/published-example.jsonl (not imported from src/contract). Its
// stdout head/tail hashes are checked only where stdout is clipped (clipped-without-partial-hashes), as the
// stderr ones are: CONTRACT.md, "the missing hashes matter only where that stream is clipped".
const REQUIRED = [
  "span_type",
  "tool_name",
  "cwd",
  "stdout_bytes",
  "stderr_bytes",
  "stdout_cap",
  "stderr_cap",
  "stdout_truncated",
  "stderr_truncated",
  "stdout_sha256",
  "stderr_sha256",
  "preview_stdout",
  "preview_stderr",
  "encoding",
  "ok_preview",
];

// span_type missing makes the line no tool span at all: nothing to report.
const perKey: InvalidCase[] = REQUIRED.filter((key) => key !== "span_type").map((key) => ({
  name: `${key} absent`,
  span: cleanSpan({ [key]: undefined }),
  errors: [{ messageId: "missing", message: `'${key}'` }],
}));

ruleTester("missing-field", {
  valid: [
    { name: "a clean span", span: cleanSpan() },
    { name: "The published example record (no argv, returncode, stderr head/tail hashes)", span: publishedRecord() },
    { name: "argv absent", span: cleanSpan({ argv: undefined }) },
    { name: "returncode absent", span: cleanSpan({ returncode: undefined }) },
    { name: "stderr head and tail hashes absent", span: cleanSpan({ stderr_head_sha256: undefined, stderr_tail_sha256: undefined }) },
    { name: "stdout head and tail hashes absent on an unclipped stream", span: cleanSpan({ stdout_cap: null, stdout_truncated: false, stdout_head_sha256: undefined, stdout_tail_sha256: undefined }) },
    {
      name: "every key of our own group absent",
      span: withChanges(cleanSpan(), Object.fromEntries(
        ["contract", "run_id", "span_id", "parent_span_id", "started_at", "duration_ms", "signal", "timed_out", "stalled", "error", "stdout_keep", "stderr_keep", "stdout_kept_sha256", "stderr_kept_sha256", "stdout_stream_sha256", "stderr_stream_sha256", "stdout_encoding", "stderr_encoding", "hash_window", "preview_chars", "preview_redactions", "stdout_blob", "stderr_blob"].map((key) => [key, undefined]),
      )),
    },
    { name: "a required key present with the wrong type is invalid-type's finding, not a missing one", span: cleanSpan({ tool_name: null, stdout_bytes: "450" }) },
    { name: "a span whose span_type is not tool, with nothing else", span: { span_type: "llm" } },
  ],
  invalid: [
    ...perKey,
    {
      name: "a bare tool span: every other required key, in the contract's order",
      span: { span_type: "tool" },
      errors: REQUIRED.slice(1).map((key) => ({ messageId: "missing", message: `'${key}'` })),
    },
    { name: "ok_preview absent from the published example record", span: publishedRecord({ ok_preview: undefined }), errors: [{ messageId: "missing", message: "'ok_preview'" }] },
  ],
});
