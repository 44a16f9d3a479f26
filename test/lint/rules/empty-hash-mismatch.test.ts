import { EMPTY_SHA256 } from "../../../src/contract/constants.js";
import { sha256 } from "../../helpers/fixtures.js";
import { cleanSpan, ruleTester } from "../../helpers/lint.js";

const empty = { stderr_bytes: 0, preview_stderr: "", stderr_head_sha256: null, stderr_tail_sha256: null };

ruleTester("empty-hash-mismatch", {
  valid: [
    { name: "a clean span", span: cleanSpan() },
    { name: "0 bytes with the empty stream's hash", span: cleanSpan({ ...empty, stderr_sha256: EMPTY_SHA256 }) },
    { name: "0 bytes with sha256 null", span: cleanSpan({ ...empty, stderr_sha256: null }) },
    { name: "0 bytes with a malformed hash (invalid-hash's finding)", span: cleanSpan({ ...empty, stderr_sha256: "e3b0..." }) },
    { name: "1 byte with a non-empty hash", span: cleanSpan({ stderr_bytes: 1, stderr_sha256: sha256("x") }) },
  ],
  invalid: [
    {
      name: "0 bytes with the hash of something else",
      span: cleanSpan({ ...empty, stderr_sha256: sha256("warning: deprecated option\n") }),
      errors: [{ messageId: "mismatch", stream: "stderr", message: "stderr has 0 bytes but stderr_sha256 is not the empty stream's hash" }],
    },
    { name: "0 bytes with the hash of a newline", span: cleanSpan({ stdout_bytes: 0, stdout_truncated: false, stdout_sha256: sha256("\n"), preview_stdout: "" }), errors: [{ messageId: "mismatch", stream: "stdout" }] },
  ],
});
