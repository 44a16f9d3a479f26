import { sha256 } from "../../helpers/fixtures.js";
import { cleanSpan, completeSpan, ruleTester, publishedRecord, spanFor } from "../../helpers/lint.js";

const other = sha256("not this stream");
const noStderr = Buffer.alloc(0);
// 300 bytes of text, complete, with a hash window of 256: the head hash covers only part of it.
const longText = Buffer.from("x".repeat(299) + "\n");

ruleTester("preview-hash-mismatch", {
  valid: [
    { name: "a clean span: stderr's preview is the whole stream and hashes right", span: cleanSpan() },
    { name: "a complete span", span: completeSpan() },
    {
      name: "a preview whose secret was redacted: no longer the stream's bytes, whatever its length",
      span: cleanSpan({ stderr_sha256: other, preview_redactions: 1 }),
    },
    { name: "the whole stream past the hash window: the head hash is not the preview's", span: spanFor({ stdout: longText, stderr: noStderr, stdoutCap: null }) },
    { name: "a stream starting with a byte-order mark", span: spanFor({ stdout: Buffer.from("\uFEFFhello\r\n"), stderr: noStderr }) },
    { name: "multi-byte text", span: spanFor({ stdout: Buffer.from("résumé € 😀\n"), stderr: noStderr }) },
    {
      name: "a preview holding U+FFFD: the bytes it stands for are unknown",
      span: completeSpan({ stderr_bytes: 3, preview_stderr: "a\uFFFDb", stderr_sha256: sha256(Buffer.from([0x61, 0xff, 0x62])), stderr_head_sha256: sha256(Buffer.from([0x61, 0xff, 0x62])) }),
    },
    { name: "a binary stream (its own encoding)", span: cleanSpan({ stderr_encoding: "binary", stderr_sha256: other, stderr_head_sha256: other }) },
    { name: "a binary stream (the span's encoding, no per-stream one)", span: cleanSpan({ encoding: "binary", stdout_encoding: undefined, stderr_encoding: undefined, stderr_sha256: other }) },
    { name: "a preview shorter than the stream: nothing to compare", span: completeSpan({ preview_stderr: "warning", stderr_sha256: other, stderr_head_sha256: other }) },
    { name: "a clipped stream", span: cleanSpan({ stdout_head_sha256: other }) },
    { name: "the flag absent", span: cleanSpan({ stderr_truncated: undefined, stderr_sha256: other }) },
    { name: "malformed hashes are invalid-hash's business", span: completeSpan({ stderr_sha256: "b3a1...", stderr_head_sha256: "b3a1..." }) },
    { name: "head hash past the window is not compared", span: completeSpan({ hash_window: 10, stderr_head_sha256: other }) },
    { name: "The published example record", span: publishedRecord() },
  ],
  invalid: [
    {
      name: "the whole stream in the preview, the wrong sha256",
      span: cleanSpan({ stderr_sha256: other }),
      errors: [{ messageId: "full", stream: "stderr", message: "preview_stderr is the whole stream (27 bytes) but its sha256 is not stderr_sha256" }],
    },
    { name: "the wrong head hash within the window", span: cleanSpan({ stderr_head_sha256: other }), errors: [{ messageId: "head", stream: "stderr", message: "is not stderr_head_sha256" }] },
    { name: "both wrong", span: completeSpan({ stdout_sha256: other, stdout_head_sha256: other }), errors: [{ messageId: "full", stream: "stdout" }, { messageId: "head", stream: "stdout" }] },
    { name: "the head hash wrong with sha256 absent", span: completeSpan({ stdout_sha256: undefined, stdout_head_sha256: other }), errors: [{ messageId: "head", stream: "stdout" }] },
    {
      name: "the whole stream past the hash window, the wrong sha256: only the full hash is compared",
      span: { ...spanFor({ stdout: longText, stderr: noStderr, stdoutCap: null }), stdout_sha256: other },
      errors: [{ messageId: "full", stream: "stdout", message: "(300 bytes)" }],
    },
    {
      name: "a preview edited after hashing, same length",
      span: completeSpan({ preview_stderr: "WARNING: deprecated option\n" }),
      errors: [{ messageId: "full", stream: "stderr" }, { messageId: "head", stream: "stderr" }],
    },
  ],
});
