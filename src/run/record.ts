// Turns what a run observed into one contract record, every key of both groups present.
import { CONTRACT_ID } from "../contract/constants.js";
import { NORMALIZATION_ID } from "../meter/normalize.js";
import type { StreamName, ToolSpan } from "../contract/span.js";
import type { StreamMeasure } from "../meter/stream-meter.js";
import type { BlobOutcome } from "../store/blob-store.js";

/** Everything a run observed besides the two streams. */
export interface RunFacts {
  runId: string;
  spanId: string;
  parentSpanId: string | null;
  toolName: string;
  argv: string[];
  cwd: string;
  startedAt: Date;
  durationMs: number;
  returncode: number | null;
  signal: string | null;
  timedOut: boolean;
  stalled: boolean;
  error: string | null;
  /** Whether the previews were redacted. */
  redaction: "on" | "off";
  /** Secrets replaced in `argv`; null when argv redaction was not asked for (the key is then left out). */
  argvRedactions: number | null;
  /** What a blob store made of each stream; null when none was asked for. */
  blobs: { stdout: BlobOutcome; stderr: BlobOutcome } | null;
  /** The harness profile the caps were sized for; null outside a harness (the key is then left out). */
  harness?: string | null;
  /** Which reader went away first and the kept bytes each reader took; null when none went away (the keys are
   * then left out). */
  delivered?: { gone: StreamName; stdout: number; stderr: number } | null;
}

// `{s}_blob_error` is written only when a store was asked for and did not keep the stream.
// `{s}_notice_bytes` is written only when toolspan added bytes to what it handed on (a clip marker, a notice).
const noticeBytes = (key: "stdout_notice_bytes" | "stderr_notice_bytes", measure: StreamMeasure) =>
  measure.addedBytes > 0 ? { [key]: measure.addedBytes } : {};

const blobError = (key: "stdout_blob_error" | "stderr_blob_error", outcome: BlobOutcome | undefined) =>
  outcome?.error ? { [key]: outcome.error } : {};

type IdentityFacts = Pick<RunFacts, "runId" | "spanId" | "parentSpanId" | "toolName" | "argv" | "cwd" | "startedAt">;

// The keys that say which call a record is about, first in every record toolspan writes.
const identity = <T extends string>(facts: IdentityFacts, spanType: T) => ({
  contract: CONTRACT_ID as typeof CONTRACT_ID,
  span_type: spanType,
  run_id: facts.runId,
  span_id: facts.spanId,
  parent_span_id: facts.parentSpanId,
  tool_name: facts.toolName,
  argv: facts.argv,
  cwd: facts.cwd,
  started_at: facts.startedAt.toISOString(),
});

/** The record `wrap` writes. Key order follows CONTRACT.md: identity, outcome, then each stream's figures. */
export function buildSpan(facts: RunFacts, stdout: StreamMeasure, stderr: StreamMeasure): ToolSpan {
  const okPreview =
    facts.returncode === 0 && !stdout.truncated && !stderr.truncated && !facts.timedOut && !facts.stalled;
  return {
    ...identity(facts, "tool"),
    duration_ms: facts.durationMs,
    returncode: facts.returncode,
    signal: facts.signal,
    timed_out: facts.timedOut,
    stalled: facts.stalled,
    error: facts.error,
    ok_preview: okPreview,
    encoding: stdout.encoding === "binary" || stderr.encoding === "binary" ? "binary" : "utf-8",
    hash_window: stdout.hashWindow,
    preview_chars: stdout.previewChars,
    preview_redactions: stdout.redactions + stderr.redactions,
    redaction: facts.redaction,
    normalization: NORMALIZATION_ID,
    ...(facts.argvRedactions === null ? {} : { argv_redactions: facts.argvRedactions }),
    ...(facts.harness ? { harness: facts.harness } : {}),
    ...(facts.delivered ? { reader_gone: facts.delivered.gone } : {}),
    stdout_bytes: stdout.bytes,
    stdout_cap: stdout.cap,
    stdout_truncated: stdout.truncated,
    stdout_keep: stdout.keep,
    stdout_sha256: stdout.sha256,
    stdout_stream_sha256: stdout.streamSha256,
    stdout_normalized_sha256: stdout.normalizedSha256,
    stdout_head_sha256: stdout.headSha256,
    stdout_tail_sha256: stdout.tailSha256,
    stdout_kept_sha256: stdout.keptSha256,
    ...noticeBytes("stdout_notice_bytes", stdout),
    ...(facts.delivered ? { stdout_delivered_bytes: facts.delivered.stdout } : {}),
    stdout_encoding: stdout.encoding,
    stdout_blob: facts.blobs?.stdout.blob ?? null,
    ...blobError("stdout_blob_error", facts.blobs?.stdout),
    preview_stdout: stdout.preview,
    stderr_bytes: stderr.bytes,
    stderr_cap: stderr.cap,
    stderr_truncated: stderr.truncated,
    stderr_keep: stderr.keep,
    stderr_sha256: stderr.sha256,
    stderr_stream_sha256: stderr.streamSha256,
    stderr_normalized_sha256: stderr.normalizedSha256,
    stderr_head_sha256: stderr.headSha256,
    stderr_tail_sha256: stderr.tailSha256,
    stderr_kept_sha256: stderr.keptSha256,
    ...noticeBytes("stderr_notice_bytes", stderr),
    ...(facts.delivered ? { stderr_delivered_bytes: facts.delivered.stderr } : {}),
    stderr_encoding: stderr.encoding,
    stderr_blob: facts.blobs?.stderr.blob ?? null,
    ...blobError("stderr_blob_error", facts.blobs?.stderr),
    preview_stderr: stderr.preview,
  };
}

/** The record a guard leaves when toolspan is killed before the command ends: the span's identity and what ran, and
 * no outcome, since none was seen. Its own span type, so every check passes over it (CONTRACT.md). */
export function unfinishedRecord(facts: IdentityFacts): string {
  return JSON.stringify({
    ...identity(facts, "tool_unfinished"),
    error: "toolspan ended before the command did; the command's process group was stopped and no span was written",
  });
}
