import { sha256 } from "../../helpers/fixtures.js";
import { cleanSpan, ruleTester, publishedRecord } from "../../helpers/lint.js";

const good = sha256("some stream");

ruleTester("invalid-hash", {
  valid: [
    { name: "a clean span: every hash 64 lowercase hex", span: cleanSpan() },
    { name: "hashes null", span: cleanSpan({ stderr_head_sha256: null, stderr_tail_sha256: null, stderr_sha256: null }) },
    { name: "hashes absent", span: cleanSpan({ stdout_kept_sha256: undefined, stderr_stream_sha256: undefined }) },
    { name: "blobs named sha256:<hex>", span: cleanSpan({ stdout_blob: `sha256:${good}`, stderr_blob: `sha256:${sha256("x")}` }) },
    { name: "a hash of the wrong type is invalid-type's business", span: cleanSpan({ stdout_sha256: 12345, stdout_blob: 7 }) },
    { name: "The published example record with its placeholders replaced by real hashes", span: publishedRecord({ stderr_sha256: good, stdout_head_sha256: good, stdout_tail_sha256: good }) },
  ],
  invalid: [
    { name: "a bare hash where a blob name belongs, the same hash valid as a sha256", span: cleanSpan({ stdout_blob: cleanSpan().stdout_kept_sha256 }), errors: [{ messageId: "notBlob", stream: "stdout" }] },
    { name: "a blob name where a hash belongs, the same name valid as a blob", span: cleanSpan({ stdout_blob: `sha256:${good}`, stderr_sha256: `sha256:${good}` }), errors: [{ messageId: "notHex", stream: "stderr" }] },
    { name: "The published example's 'b3a1...'", span: cleanSpan({ stderr_sha256: "b3a1..." }), errors: [{ messageId: "notHex", stream: "stderr", message: `'stderr_sha256' is not a sha256 (64 lowercase hex characters): "b3a1..."` }] },
    { name: "uppercase hex", span: cleanSpan({ stderr_sha256: good.toUpperCase() }), errors: [{ messageId: "notHex", stream: "stderr" }] },
    { name: "63 characters", span: cleanSpan({ stdout_head_sha256: good.slice(1) }), errors: [{ messageId: "notHex", stream: "stdout" }] },
    { name: "65 characters", span: cleanSpan({ stdout_tail_sha256: `${good}0` }), errors: [{ messageId: "notHex", stream: "stdout" }] },
    { name: "a sha256: prefix on a hash key", span: cleanSpan({ stderr_sha256: `sha256:${good}` }), errors: [{ messageId: "notHex", stream: "stderr" }] },
    { name: "an empty string", span: cleanSpan({ stdout_kept_sha256: "" }), errors: [{ messageId: "notHex", stream: "stdout" }] },
    { name: "a non-hex letter", span: cleanSpan({ stderr_stream_sha256: `${good.slice(0, 63)}g` }), errors: [{ messageId: "notHex", stream: "stderr" }] },
    { name: "a trailing newline", span: cleanSpan({ stderr_kept_sha256: `${good}\n` }), errors: [{ messageId: "notHex", stream: "stderr" }] },
    { name: "a blob without sha256:", span: cleanSpan({ stdout_blob: good }), errors: [{ messageId: "notBlob", stream: "stdout", message: "'stdout_blob' is not a blob name" }] },
    { name: "a blob with uppercase hex", span: cleanSpan({ stderr_blob: `sha256:${good.toUpperCase()}` }), errors: [{ messageId: "notBlob", stream: "stderr" }] },
    { name: "a blob of another algorithm", span: cleanSpan({ stderr_blob: `sha512:${good}` }), errors: [{ messageId: "notBlob", stream: "stderr" }] },
    {
      name: "The published example record: all three placeholders",
      span: publishedRecord(),
      errors: [
        { messageId: "notHex", stream: "stderr", message: "'stderr_sha256'" },
        { messageId: "notHex", stream: "stdout", message: "'stdout_head_sha256'" },
        { messageId: "notHex", stream: "stdout", message: "'stdout_tail_sha256'" },
      ],
    },
    {
      name: "a very long value is shown cut short",
      span: cleanSpan({ stdout_kept_sha256: "z".repeat(100_000) }),
      errors: [{ messageId: "notHex", stream: "stdout", message: new RegExp(`: "z{80}"$`) }],
    },
  ],
});
