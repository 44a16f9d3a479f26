import { sha256 } from "../../helpers/fixtures.js";
import { CLEAN_STDOUT, cleanSpan, ruleTester, publishedRecord } from "../../helpers/lint.js";

ruleTester("full-hash-on-clipped", {
  valid: [
    { name: "a clean span: clipped stdout with sha256 null", span: cleanSpan() },
    { name: "clipped with sha256 absent", span: cleanSpan({ stdout_sha256: undefined }) },
    { name: "a complete stream with its sha256", span: cleanSpan({ stdout_cap: null, stdout_truncated: false, stdout_sha256: sha256(CLEAN_STDOUT) }) },
    { name: "The published example record", span: publishedRecord() },
  ],
  invalid: [
    {
      name: "the whole stream's sha256 on a clipped stream",
      span: cleanSpan({ stdout_sha256: sha256(CLEAN_STDOUT) }),
      errors: [{ messageId: "fullHash", stream: "stdout", message: "stdout_sha256 is set on a clipped stream" }],
    },
    { name: "the kept bytes' sha256 in the full-hash key", span: cleanSpan({ stdout_sha256: sha256(CLEAN_STDOUT.subarray(0, 200)) }), errors: [{ messageId: "fullHash", stream: "stdout" }] },
    { name: "a malformed hash on a clipped stream", span: publishedRecord({ stdout_sha256: "abc..." }), errors: [{ messageId: "fullHash", stream: "stdout" }] },
    { name: "clipped stderr with a hash", span: publishedRecord({ stderr_truncated: true, stderr_bytes: 9000 }), errors: [{ messageId: "fullHash", stream: "stderr" }] },
  ],
});
