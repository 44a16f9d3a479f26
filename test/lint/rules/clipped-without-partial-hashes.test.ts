import { sha256 } from "../../helpers/fixtures.js";
import { cleanSpan, ruleTester, publishedRecord } from "../../helpers/lint.js";

ruleTester("clipped-without-partial-hashes", {
  valid: [
    { name: "a clean span: clipped stdout with head and tail hashes", span: cleanSpan() },
    { name: "The published example record: stderr not clipped, without its head/tail hashes", span: publishedRecord() },
    { name: "a complete stream without head and tail hashes", span: cleanSpan({ stderr_head_sha256: undefined, stderr_tail_sha256: null }) },
    { name: "malformed partial hashes are invalid-hash's business", span: cleanSpan({ stdout_head_sha256: "9c21...", stdout_tail_sha256: "44de..." }) },
  ],
  invalid: [
    {
      name: "clipped, head hash absent",
      span: cleanSpan({ stdout_head_sha256: undefined }),
      errors: [{ messageId: "missing", stream: "stdout", message: "stdout is clipped but stdout_head_sha256 is absent" }],
    },
    { name: "clipped, tail hash null", span: cleanSpan({ stdout_tail_sha256: null }), errors: [{ messageId: "missing", stream: "stdout", message: "stdout_tail_sha256 is absent" }] },
    {
      name: "clipped, both absent",
      span: cleanSpan({ stdout_head_sha256: undefined, stdout_tail_sha256: undefined }),
      errors: [{ messageId: "missing", stream: "stdout", message: "stdout_head_sha256 and stdout_tail_sha256 are absent" }],
    },
    {
      name: "The published example record with stderr clipped: its hashes were never there",
      span: publishedRecord({ stderr_truncated: true, stderr_bytes: 9000, stderr_sha256: null }),
      errors: [{ messageId: "missing", stream: "stderr", message: "stderr_head_sha256 and stderr_tail_sha256 are absent" }],
    },
    { name: "a hash of the wrong type counts as absent", span: cleanSpan({ stdout_head_sha256: 1, stdout_tail_sha256: sha256("t") }), errors: [{ messageId: "missing", stream: "stdout" }] },
  ],
});
