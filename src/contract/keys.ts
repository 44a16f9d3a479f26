// The contract's two groups of keys, as lists: checks and adapters iterate them instead of spelling keys again.
import type { AuditSpanKeys, CoreSpan, OwnSpanKeys } from "./span.js";

/** Keys of the schema published in Tool Previews Lie (CONTRACT.md, "Core keys"). */
export const CORE_KEYS = [
  "span_type",
  "tool_name",
  "argv",
  "cwd",
  "returncode",
  "stdout_bytes",
  "stderr_bytes",
  "stdout_cap",
  "stderr_cap",
  "stdout_truncated",
  "stderr_truncated",
  "stdout_sha256",
  "stderr_sha256",
  "stdout_head_sha256",
  "stdout_tail_sha256",
  "stderr_head_sha256",
  "stderr_tail_sha256",
  "preview_stdout",
  "preview_stderr",
  "encoding",
  "ok_preview",
] as const satisfies readonly (keyof CoreSpan)[];

/** Keys only a span written by `toolspan rerun` has: they link it to the span it re-ran (docs/rerun.md). They are
 * ours but not in CONTRACT.md's table, which is shared word for word, so they are listed apart as well. */
export const RERUN_KEYS = ["rerun_of", "rerun_verdict"] as const satisfies readonly (keyof OwnSpanKeys)[];

// Ours, not in CONTRACT.md's shared table; each is documented on its own page.
/** `redaction` (`"on"`/`"off"`, always written): docs/secrets.md. */
export const REDACTION_KEYS = ["redaction"] as const satisfies readonly (keyof OwnSpanKeys)[];
/** `argv_redactions`: only when `--redact-argv` was asked for (docs/secrets.md). */
export const ARGV_REDACTION_KEYS = ["argv_redactions"] as const satisfies readonly (keyof OwnSpanKeys)[];
/** `normalization` and `{s}_normalized_sha256` (always written): docs/rerun.md, what a rerun compares. */
export const NORMALIZED_KEYS = ["normalization", "stdout_normalized_sha256", "stderr_normalized_sha256"] as const satisfies readonly (keyof OwnSpanKeys)[];
/** `{s}_blob_error`: only when a blob store was asked for and did not keep the stream (docs/store.md). */
export const BLOB_ERROR_KEYS = ["stdout_blob_error", "stderr_blob_error"] as const satisfies readonly (keyof OwnSpanKeys)[];

/** `{s}_notice_bytes` and `harness`: only when toolspan added bytes for the model or wrapped for a harness
 * (docs/harnesses.md). */
export const NOTICE_KEYS = ["stdout_notice_bytes", "stderr_notice_bytes", "harness"] as const satisfies readonly (keyof OwnSpanKeys)[];

/** `reader_gone` and `{s}_delivered_bytes`: only when a reader of the kept bytes went away (EPIPE) before taking
 * them all, and the command was ended with SIGPIPE as a shell pipeline would (docs/wrap.md). */
export const READER_KEYS = ["reader_gone", "stdout_delivered_bytes", "stderr_delivered_bytes"] as const satisfies readonly (keyof OwnSpanKeys)[];

/** Our keys that CONTRACT.md's table, shared word for word, does not list: each is documented on its own page. */
export const UNSHARED_KEYS = [...RERUN_KEYS, ...NORMALIZED_KEYS, ...REDACTION_KEYS, ...ARGV_REDACTION_KEYS, ...BLOB_ERROR_KEYS, ...NOTICE_KEYS, ...READER_KEYS] as const;

/** Keys toolspan adds (CONTRACT.md, "Our keys", and the unshared keys). */
export const OWN_KEYS = [
  "contract",
  "run_id",
  "span_id",
  "parent_span_id",
  "started_at",
  "duration_ms",
  "signal",
  "timed_out",
  "stalled",
  "error",
  "stdout_keep",
  "stderr_keep",
  "stdout_kept_sha256",
  "stderr_kept_sha256",
  "stdout_stream_sha256",
  "stderr_stream_sha256",
  "stdout_encoding",
  "stderr_encoding",
  "hash_window",
  "preview_chars",
  "preview_redactions",
  "stdout_blob",
  "stderr_blob",
  ...UNSHARED_KEYS,
] as const satisfies readonly (keyof OwnSpanKeys)[];

/** Keys `toolspan audit` adds to the spans it converts from transcripts (docs/audit.md); checked when present. */
export const AUDIT_KEYS = ["source", "clip_evidence"] as const satisfies readonly (keyof AuditSpanKeys)[];

/** The keys every span `toolspan wrap` writes: both groups but the keys only a rerun's span, a blob store that
 * did not keep a stream, `--redact-argv`, a notice or a reader that went away adds. */
export const WRAP_KEYS: readonly string[] = [...CORE_KEYS, ...OWN_KEYS].filter(
  (key) => !([...RERUN_KEYS, ...BLOB_ERROR_KEYS, ...ARGV_REDACTION_KEYS, ...NOTICE_KEYS, ...READER_KEYS] as readonly string[]).includes(key),
);
