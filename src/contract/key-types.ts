// The type and range of every contract key, as data: the linter's invalid-type rule reads this table.
import { RERUN_VERDICTS } from "./constants.js";
import { AUDIT_KEYS, CORE_KEYS, OWN_KEYS } from "./keys.js";

type KeyName = (typeof CORE_KEYS)[number] | (typeof OWN_KEYS)[number] | (typeof AUDIT_KEYS)[number];

interface KeyType {
  /** How the expected type is said in a finding. */
  expected: string;
  test: (value: unknown) => boolean;
}

const count: KeyType = { expected: "an integer >= 0", test: (v) => Number.isSafeInteger(v) && (v as number) >= 0 };
const cap: KeyType = { expected: "null or an integer >= 0", test: (v) => v === null || count.test(v) };
const flag: KeyType = { expected: "a boolean", test: (v) => typeof v === "boolean" };
const text: KeyType = { expected: "a string", test: (v) => typeof v === "string" };
const nonEmptyText: KeyType = { expected: "a non-empty string", test: (v) => typeof v === "string" && v.length > 0 };
const textOrNull: KeyType = { expected: "a string or null", test: (v) => v === null || typeof v === "string" };
const keep: KeyType = { expected: '"head", "tail" or "head+tail"', test: (v) => v === "head" || v === "tail" || v === "head+tail" };
const encoding: KeyType = { expected: '"utf-8" or "binary"', test: (v) => v === "utf-8" || v === "binary" };
const isObject = (v: unknown): boolean => typeof v === "object" && v !== null && !Array.isArray(v);
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Every key's type. Hash keys are only "a string" here: their form is invalid-hash's business. */
export const KEY_TYPES: Record<KeyName, KeyType> = {
  span_type: { expected: '"tool"', test: (v) => v === "tool" },
  tool_name: text,
  argv: { expected: "an array of strings", test: (v) => Array.isArray(v) && v.every((item) => typeof item === "string") },
  cwd: text,
  returncode: { expected: "an integer or null", test: (v) => v === null || Number.isSafeInteger(v) },
  stdout_bytes: count,
  stderr_bytes: count,
  stdout_cap: cap,
  stderr_cap: cap,
  stdout_truncated: flag,
  stderr_truncated: flag,
  stdout_sha256: textOrNull,
  stderr_sha256: textOrNull,
  stdout_head_sha256: textOrNull,
  stdout_tail_sha256: textOrNull,
  stderr_head_sha256: textOrNull,
  stderr_tail_sha256: textOrNull,
  preview_stdout: text,
  preview_stderr: text,
  encoding,
  ok_preview: flag,
  contract: { expected: '"toolspan/1"', test: (v) => v === "toolspan/1" },
  run_id: text,
  span_id: text,
  parent_span_id: textOrNull,
  started_at: { expected: "an RFC 3339 timestamp", test: (v) => typeof v === "string" && RFC3339.test(v) },
  duration_ms: { expected: "a number >= 0", test: (v) => typeof v === "number" && Number.isFinite(v) && v >= 0 },
  signal: textOrNull,
  timed_out: flag,
  stalled: flag,
  error: textOrNull,
  stdout_keep: keep,
  stderr_keep: keep,
  stdout_kept_sha256: text,
  stderr_kept_sha256: text,
  stdout_stream_sha256: text,
  stderr_stream_sha256: text,
  stdout_encoding: encoding,
  stderr_encoding: encoding,
  hash_window: { expected: "an integer > 0", test: (v) => Number.isSafeInteger(v) && (v as number) > 0 },
  preview_chars: count,
  preview_redactions: count,
  argv_redactions: count,
  stdout_blob: textOrNull,
  stderr_blob: textOrNull,
  redaction: { expected: '"on" or "off"', test: (v) => v === "on" || v === "off" },
  stdout_notice_bytes: count,
  stderr_notice_bytes: count,
  harness: nonEmptyText,
  reader_gone: { expected: '"stdout" or "stderr"', test: (v) => v === "stdout" || v === "stderr" },
  stdout_delivered_bytes: count,
  stderr_delivered_bytes: count,
  stdout_blob_error: nonEmptyText,
  stderr_blob_error: nonEmptyText,
  normalization: nonEmptyText,
  stdout_normalized_sha256: textOrNull,
  stderr_normalized_sha256: textOrNull,
  rerun_of: nonEmptyText,
  rerun_verdict: {
    expected: `${RERUN_VERDICTS.slice(0, -1).map((v) => `"${v}"`).join(", ")} or "${RERUN_VERDICTS.at(-1)}"`,
    test: (v) => (RERUN_VERDICTS as readonly unknown[]).includes(v),
  },
  source: { expected: "an object", test: (v) => isObject(v) },
  clip_evidence: { expected: "an object or null", test: (v) => v === null || isObject(v) },
};

/** Keys that hold a sha256 (every key named `*_sha256`): 64 lowercase hex when not null. */
export const HASH_KEYS: readonly KeyName[] = [...CORE_KEYS, ...OWN_KEYS].filter((key) => key.endsWith("_sha256"));

/** Keys that name a blob: `sha256:` and 64 lowercase hex when not null. */
export const BLOB_KEYS = ["stdout_blob", "stderr_blob"] as const satisfies readonly KeyName[];

// CONTRACT.md: "The published example record omits stderr_head_sha256 / stderr_tail_sha256 and argv; a record
// without them is still read, and the missing hashes matter only where that stream is clipped." The published example
// has no returncode either. Head and tail hashes are required on a clipped stream, by their own rule.
const OPTIONAL_CORE_KEYS: ReadonlySet<string> = new Set([
  "argv",
  "returncode",
  "stdout_head_sha256",
  "stdout_tail_sha256",
  "stderr_head_sha256",
  "stderr_tail_sha256",
]);

/** The keys a tool span must have: the core keys of the example record published in Tool Previews Lie. */
export const REQUIRED_KEYS: readonly KeyName[] = CORE_KEYS.filter((key) => !OPTIONAL_CORE_KEYS.has(key));
