import { cleanSpan, ruleTester, publishedRecord, type InvalidCase } from "../../helpers/lint.js";

/** A clean span's line with `key` set to an array nested `depth` deep (too deep for JSON.stringify). */
const nestedLine = (key: string, depth: number): string =>
  JSON.stringify(cleanSpan({ [key]: "NESTED" })).replace('"NESTED"', "[".repeat(depth) + "]".repeat(depth));

// One wrong-typed key in an otherwise clean span: exactly one finding, naming the key.
const wrong = (key: string, value: unknown, stream?: "stdout" | "stderr", expected?: string): InvalidCase => ({
  name: `${key} = ${JSON.stringify(value).slice(0, 40)}`,
  span: cleanSpan({ [key]: value }),
  errors: [{ messageId: "wrongType", ...(stream ? { stream } : {}), message: expected ? `'${key}' must be ${expected}` : `'${key}'` }],
});

ruleTester("invalid-type", {
  valid: [
    { name: "a clean span", span: cleanSpan() },
    { name: "The published example record", span: publishedRecord() },
    { name: "caps null", span: cleanSpan({ stdout_cap: null, stderr_cap: null }) },
    { name: "returncode null (never started) and negative", span: cleanSpan({ returncode: null }) },
    { name: "returncode -1", span: cleanSpan({ returncode: -1 }) },
    { name: "byte counts 0 and caps 0", span: cleanSpan({ stdout_bytes: 0, stdout_cap: 0, stderr_bytes: 0, stderr_cap: 0 }) },
    { name: "hashes null", span: cleanSpan({ stdout_head_sha256: null, stderr_sha256: null }) },
    { name: "a hash string of the wrong form is invalid-hash's business", span: cleanSpan({ stderr_sha256: "b3a1..." }) },
    { name: "keys the contract does not name are ignored", span: cleanSpan({ extra: { deep: [1, 2] }, stdout_lines: "many" }) },
    { name: "started_at with an offset, and fractional seconds", span: cleanSpan({ started_at: "2025-01-02T03:04:05.5+02:00" }) },
    { name: "duration_ms a fraction", span: cleanSpan({ duration_ms: 0.25 }) },
    { name: "a rerun's link and verdict", span: cleanSpan({ rerun_of: "span-1", rerun_verdict: "same-ends" }) },
    { name: "a non-tool span with wrong types", span: { span_type: "llm", stdout_bytes: "12" } },
  ],
  invalid: [
    {
      name: "a lone wrong key with every other key missing",
      span: { span_type: "tool", stdout_bytes: "12" },
      errors: [{ messageId: "wrongType", stream: "stdout", message: `'stdout_bytes' must be an integer >= 0, got "12"` }],
    },
    {
      name: "several wrong keys with others missing: each one reported",
      span: { span_type: "tool", stdout_bytes: -1, stderr_cap: "8192", ok_preview: "true", returncode: 1.5 },
      // In the contract's key order.
      errors: [
        { messageId: "wrongType", message: "'returncode'" },
        { messageId: "wrongType", stream: "stdout", message: "'stdout_bytes'" },
        { messageId: "wrongType", stream: "stderr", message: "'stderr_cap'" },
        { messageId: "wrongType", message: "'ok_preview'" },
      ],
    },
    wrong("stdout_bytes", -1, "stdout", "an integer >= 0"),
    wrong("rerun_of", "", undefined, "a non-empty string"),
    wrong("rerun_of", 12),
    wrong("rerun_verdict", "same", undefined, '"identical", "identical-normalized", "same-ends", "differs", "unverifiable" or "incomplete"'),
    wrong("stdout_bytes", 1.5, "stdout"),
    wrong("stdout_bytes", "3", "stdout"),
    wrong("stderr_bytes", null, "stderr"),
    wrong("stderr_bytes", 1e20, "stderr"),
    wrong("stdout_cap", "8192", "stdout", "null or an integer >= 0"),
    wrong("stderr_cap", -1, "stderr"),
    wrong("stdout_truncated", "true", "stdout", "a boolean"),
    wrong("stderr_truncated", 0, "stderr"),
    wrong("stdout_truncated", null, "stdout"),
    wrong("ok_preview", "true", undefined, "a boolean"),
    wrong("returncode", "0", undefined, "an integer or null"),
    wrong("returncode", 2.5),
    wrong("argv", "pytest -q", undefined, "an array of strings"),
    wrong("argv", ["pytest", 1]),
    { name: "argv nested 100000 deep", span: nestedLine("argv", 100_000), errors: [{ messageId: "wrongType", message: "'argv' must be an array of strings, got an array" }] },
    { name: "stdout_bytes nested 100000 deep", span: nestedLine("stdout_bytes", 100_000), errors: [{ messageId: "wrongType", stream: "stdout", message: "got an array" }] },
    { name: "a long string is shown cut short", span: cleanSpan({ stdout_bytes: "9".repeat(10_000) }), errors: [{ messageId: "wrongType", stream: "stdout", message: `got "${"9".repeat(40)}…"` }] },
    wrong("tool_name", null, undefined, "a string"),
    wrong("cwd", ["/work"]),
    wrong("encoding", "utf8", undefined, '"utf-8" or "binary"'),
    wrong("stdout_encoding", "latin-1", "stdout"),
    wrong("stdout_sha256", 123, "stdout", "a string or null"),
    wrong("stderr_head_sha256", false, "stderr"),
    wrong("preview_stdout", null, "stdout", "a string"),
    wrong("preview_stderr", { text: "x" }, "stderr"),
    wrong("contract", "toolspan/2", undefined, '"toolspan/1"'),
    wrong("started_at", "yesterday", undefined, "an RFC 3339 timestamp"),
    wrong("duration_ms", -1),
    wrong("duration_ms", "12"),
    wrong("timed_out", "false"),
    wrong("stalled", 1),
    wrong("stdout_keep", "middle", "stdout"),
    wrong("hash_window", 0, undefined, "an integer > 0"),
    wrong("preview_chars", -1),
    wrong("preview_redactions", 0.5),
    wrong("parent_span_id", 7),
    wrong("run_id", null),
    wrong("stderr_blob", 1, "stderr"),
  ],
});
