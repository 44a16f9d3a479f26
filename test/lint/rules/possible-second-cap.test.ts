import { cleanSpan, completeSpan, ruleTester, publishedRecord, spanFor } from "../../helpers/lint.js";

const none = Buffer.alloc(0);
const text = (s: string) => Buffer.from(s, "utf8");
/** A real span whose stdout preview holds `line`. */
const printing = (line: string) => spanFor({ stdout: text(`collected 12 items\n${line}\n12 passed\n`), stderr: none });
// 450 bytes, no cap, preview limit 512: the preview is the whole stream.
const whole = spanFor({ stdout: text("y".repeat(449) + "\n"), stderr: none, stdoutCap: null });

ruleTester("possible-second-cap", {
  valid: [
    { name: "a clean span", span: cleanSpan() },
    { name: "a complete span", span: completeSpan() },
    { name: "toolspan's own clip marker (a nested wrap is its own span)", span: printing("[toolspan: stdout clipped: kept 8192 of 24118 bytes, span s-1]") },
    { name: "text that only looks like a marker", span: printing("the response was clipped> earlier; Observation truncated") },
    { name: "the preview is the whole stream", span: whole },
    { name: "the preview reaches the limit (preview_chars 100)", span: spanFor({ stdout: text("z".repeat(450)), stderr: none, stdoutCap: null, previewChars: 100 }) },
    { name: "a short preview in a record without preview_chars: the limit is not stated", span: { ...whole, preview_chars: undefined, preview_stdout: "y".repeat(100) } },
    { name: "a short preview of a binary stream", span: { ...whole, stdout_encoding: "binary", encoding: "binary", preview_stdout: "" } },
    { name: "9 bytes short: within the allowance for cut characters", span: { ...whole, preview_stdout: "y".repeat(441) } },
    { name: "multi-byte text, whole", span: spanFor({ stdout: text("é".repeat(200)), stderr: none, stdoutCap: null }) },
    { name: "multi-byte text cut at the cap (head+tail)", span: spanFor({ stdout: text("€".repeat(300)), stderr: none, stdoutCap: 100, keep: "head+tail" }) },
    { name: "text made of U+FFFD characters (3 bytes each), whole", span: spanFor({ stdout: text("\uFFFD".repeat(200) + "\n"), stderr: none, stdoutCap: null }) },
    { name: "30000 bytes, clipped at that cap and flagged", span: spanFor({ stdout: text("a".repeat(30001)), stderr: none, stdoutCap: 30000 }) },
    { name: "30001 bytes, complete", span: spanFor({ stdout: text("a".repeat(30001)), stderr: none, stdoutCap: null }) },
    { name: "8192 bytes but the flag absent", span: { ...completeSpan(), stdout_bytes: 8192, stdout_truncated: undefined, preview_chars: undefined } },
    { name: "The published example record", span: publishedRecord() },
    { name: "a short preview whose secrets were redacted", span: { ...whole, preview_stdout: "y".repeat(100), preview_redactions: 2 } },
    { name: "a short preview with preview_chars of the wrong type", span: { ...whole, preview_stdout: "y".repeat(100), preview_chars: "512" } },
    {
      name: "toolspan's own marker next to nothing else",
      span: printing("[toolspan: stdout clipped: kept 10 of 20 bytes (head); sha256 of the whole stream x; span y]"),
    },
  ],
  invalid: [
    {
      name: "an OpenHands marker in the preview",
      span: printing("[... Observation truncated due to length ...]"),
      errors: [{ messageId: "marker", stream: "stdout", message: "preview_stdout holds a OpenHands truncation marker" }],
    },
    { name: "SWE-agent's <response clipped>", span: printing("<response clipped><NOTE>To save on context only part of this file has been shown.</NOTE>"), errors: [{ messageId: "marker", stream: "stdout", message: "SWE-agent / OpenHands" }] },
    { name: "a Codex CLI marker", span: printing("…2381 chars truncated…"), errors: [{ messageId: "marker", stream: "stdout", message: "Codex CLI" }] },
    {
      name: "another harness's marker after toolspan's own",
      span: printing("[toolspan: stdout clipped: kept 10 of 20 bytes (head); sha256 of the whole stream x; span y]\n<response clipped>"),
      errors: [{ messageId: "marker", stream: "stdout", message: "SWE-agent / OpenHands" }],
    },
    { name: "a marker in stderr", span: spanFor({ stdout: none, stderr: text("<elided_chars>\n1200 characters elided\n</elided_chars>\n"), returncode: 1 }), errors: [{ messageId: "marker", stream: "stderr", message: "mini-swe-agent" }] },
    {
      name: "a preview cut short with preview_chars stated",
      span: { ...whole, preview_stdout: "y".repeat(100) },
      errors: [{ messageId: "shortPreview", stream: "stdout", message: "preview_stdout has 100 characters (100 bytes) although 450 bytes were kept and the limit is 512" }],
    },
    { name: "10 bytes short", span: { ...whole, preview_stdout: "y".repeat(440) }, errors: [{ messageId: "shortPreview", stream: "stdout" }] },
    { name: "a short preview of a clipped stream", span: cleanSpan({ preview_stdout: "test_00 PASSED\n" }), errors: [{ messageId: "shortPreview", stream: "stdout", message: "although 200 bytes were kept" }] },
    {
      name: "exactly 30000 bytes with no flag",
      span: spanFor({ stdout: text("a".repeat(30000)), stderr: none, stdoutCap: null }),
      errors: [{ messageId: "exactCap", stream: "stdout", message: "stdout_bytes is exactly 30000, a well-known cap size" }],
    },
    { name: "exactly 8192 bytes under a cap of 8192", span: spanFor({ stdout: none, stderr: text("e".repeat(8192)), returncode: 1 }), errors: [{ messageId: "exactCap", stream: "stderr" }] },
    {
      name: "a marker and an exact cap together",
      span: { ...printing("<response clipped>"), stdout_bytes: 16384 },
      // the preview is also far shorter than the 8192 bytes the figures now say were kept
      errors: [{ messageId: "marker", stream: "stdout" }, { messageId: "shortPreview", stream: "stdout" }, { messageId: "exactCap", stream: "stdout" }],
    },
  ],
});
