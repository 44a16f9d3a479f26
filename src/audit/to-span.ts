// A transcript's call as a toolspan/1 span. What the transcript cannot know stays null or absent:
// - no clip evident: the text the model saw is, as far as the transcript knows, the whole stream, so its byte
//   count and sha256 are written (a silent cap would make them wrong; audit reports results at a known silent
//   cap as unverifiable). No `*_stream_sha256`: that would claim every byte written.
// - a clip evident from a marker: stdout_truncated true, stdout_bytes null (unknown) unless the marker or the
//   harness states it (Claude Code's persistedOutputSize), stdout_cap the marker's byte cap, or the head the
//   result shows where it marks that head's end (Claude Code's persisted preview), or null (unknown);
//   full/head/tail hashes null. A transcript span's unknowns are no lint errors (docs/transcript-spans.md).
// - SWE-agent, where the trajectory holds the whole observation: exact bytes and hashes of both copies.
// - no clip evident but the result unverifiable (no result recorded, still running, moved to the background,
//   interrupted or cancelled, killed at a time limit): what the command wrote is not what the transcript holds,
//   so both streams' byte counts and hashes are null and `source.unverifiable` says why. Written as counts, an
//   empty result would read as a command that printed nothing, and triage would find nothing to do.
import { CONTRACT_ID, DEFAULT_HASH_WINDOW, DEFAULT_PREVIEW_CHARS } from "../contract/constants.js";
import type { AuditSpanKeys, ClipEvidence, CoreSpan, OwnSpanKeys } from "../contract/span.js";
import type { TranscriptCall, TranscriptRead } from "../formats/transcripts/call.js";
import { sha256OfText } from "../meter/sha256.js";
import { measureBuffer, type StreamMeasure } from "../meter/stream-meter.js";
import { clipEvidence, isExactClip } from "./evidence.js";
import { BUILTIN_RULES, type RedactRule } from "../redact/rules.js";

/** A converted span: the contract's keys audit can fill, with unknowns as null or absent. */
export type AuditSpan = Omit<CoreSpan, "stdout_bytes" | "stderr_bytes" | "argv" | "returncode"> &
  Partial<Pick<CoreSpan, "argv" | "returncode">> &
  Pick<OwnSpanKeys, "contract" | "run_id" | "span_id" | "hash_window" | "preview_chars" | "preview_redactions" | "redaction"> &
  Partial<Pick<OwnSpanKeys, "stdout_kept_sha256" | "stdout_stream_sha256" | "stdout_keep" | "timed_out" | "duration_ms" | "argv_redactions">> &
  AuditSpanKeys & { stdout_bytes: number | null; stderr_bytes: number | null };

// 12 hex digits (48 bits) of the content's hash in each span id: no two transcripts of one audit meet by chance.
const CONTENT_ID_CHARS = 12;

/** Where the call sits: the file as named, and its position among the transcript's calls (from 1). */
export interface SpanPlace {
  file: string;
  position: number;
}

// Previews are redacted as wrap redacts them (docs/secrets.md): a transcript's output holds the same tokens, and
// the spans audit writes travel as far as wrap's. Hashes and byte counts stay over the raw text.
const measurer =
  (redact: readonly RedactRule[]) =>
  (text: string): StreamMeasure =>
    measureBuffer(Buffer.from(text, "utf8"), { cap: null, hashWindow: DEFAULT_HASH_WINDOW, previewChars: DEFAULT_PREVIEW_CHARS, redact });

/** Converts one call of `read`, its previews redacted with `redact` (default the built-in rules, as wrap). */
export function toSpan(call: TranscriptCall, read: TranscriptRead, place: SpanPlace, redact: readonly RedactRule[] = BUILTIN_RULES): AuditSpan {
  const evidence = clipEvidence(call, read.format, read.harnessVersion);
  const runId = read.sessionId ?? place.file.slice(place.file.lastIndexOf("/") + 1);
  // Two transcripts may share a file name (a run folder per attempt, one file per instance) or a session id (Claude
  // Code's subagent files carry their parent's): the content tells them apart.
  const content = read.contentSha256 ?? sha256OfText(JSON.stringify(read.calls));
  const measure = measurer(redact);
  const stderr = measure(call.stderr);
  const unverifiable = evidence === null ? call.unverifiable : null;
  const stdout = unverifiable === null ? stdoutFigures(call, evidence, measure) : unknownStdout(measure(call.stdout));
  const clipped = stdout.keys.stdout_truncated;
  return {
    contract: CONTRACT_ID,
    span_type: "tool",
    run_id: runId,
    span_id: `${runId}/${content.slice(0, CONTENT_ID_CHARS)}/${place.position}`,
    tool_name: call.toolName,
    ...(call.argv ? { argv: call.argv } : {}),
    cwd: call.cwd ?? "",
    ...(call.returncode !== undefined ? { returncode: call.returncode } : {}),
    ok_preview: call.returncode === 0 && !clipped && call.unverifiable === null,
    // Only where the harness's time limit is known to have killed the command; the transcript says nothing else.
    ...(call.timedOut ? { timed_out: true } : {}),
    ...(call.durationMs !== undefined ? { duration_ms: call.durationMs } : {}),
    encoding: "utf-8",
    hash_window: DEFAULT_HASH_WINDOW,
    preview_chars: DEFAULT_PREVIEW_CHARS,
    preview_redactions: stdout.redactions + stderr.redactions,
    redaction: redact.length > 0 ? "on" : "off",
    ...stdout.keys,
    stderr_bytes: unverifiable === null ? stderr.bytes : null,
    stderr_cap: null,
    stderr_truncated: false,
    stderr_sha256: unverifiable === null ? stderr.sha256 : null,
    stderr_head_sha256: unverifiable === null ? stderr.headSha256 : null,
    stderr_tail_sha256: unverifiable === null ? stderr.tailSha256 : null,
    preview_stderr: stderr.preview,
    source: {
      format: read.format,
      file: place.file,
      line: call.line,
      index: call.index,
      call_id: call.callId,
      ...(call.command !== undefined ? { command: call.command } : {}),
      ...(call.command !== undefined && call.shell !== undefined ? { shell: call.shell } : {}),
      harness_version: read.harnessVersion,
      ...(unverifiable !== null ? { unverifiable } : {}),
      transcript_sha256: content,
    },
    clip_evidence: evidence,
  };
}

type StdoutKeys = Pick<
  AuditSpan,
  | "stdout_bytes"
  | "stdout_cap"
  | "stdout_truncated"
  | "stdout_sha256"
  | "stdout_head_sha256"
  | "stdout_tail_sha256"
  | "stdout_kept_sha256"
  | "stdout_stream_sha256"
  | "stdout_keep"
  | "preview_stdout"
>;

/** stdout's keys where the transcript cannot show the result: the text it holds is only previewed. No kept hash
 * either: a result the transcript lacks may still have reached the model. */
function unknownStdout(seen: StreamMeasure): { keys: StdoutKeys; redactions: number } {
  const keys: StdoutKeys = {
    stdout_bytes: null,
    stdout_cap: null,
    stdout_truncated: false,
    stdout_sha256: null,
    stdout_head_sha256: null,
    stdout_tail_sha256: null,
    preview_stdout: seen.preview,
  };
  return { keys, redactions: seen.redactions };
}

/** stdout's keys, and the secrets replaced in its preview. */
function stdoutFigures(call: TranscriptCall, evidence: ClipEvidence | null, measure: (text: string) => StreamMeasure): { keys: StdoutKeys; redactions: number } {
  if (isExactClip(call)) {
    const whole = measure(call.fullOutput);
    const kept = measure(call.keptOutput);
    const keys: StdoutKeys = {
      stdout_bytes: whole.bytes,
      // The bytes the model's copy kept: SWE-agent's limit is in characters, this is what it came to.
      stdout_cap: kept.bytes,
      stdout_truncated: true,
      stdout_keep: call.keep ?? "head",
      stdout_sha256: null,
      stdout_stream_sha256: whole.streamSha256,
      stdout_head_sha256: whole.headSha256,
      stdout_tail_sha256: whole.tailSha256,
      stdout_kept_sha256: kept.streamSha256,
      preview_stdout: kept.preview,
    };
    return { keys, redactions: kept.redactions };
  }
  const seen = measure(call.fullOutput ?? call.stdout);
  if (evidence === null) {
    const keys: StdoutKeys = {
      stdout_bytes: seen.bytes,
      stdout_cap: null,
      stdout_truncated: false,
      stdout_sha256: seen.sha256,
      stdout_head_sha256: seen.headSha256,
      stdout_tail_sha256: seen.tailSha256,
      stdout_kept_sha256: seen.keptSha256,
      preview_stdout: seen.preview,
    };
    return { keys, redactions: seen.redactions };
  }
  const total = call.totalBytes ?? evidence.groups.totalBytes;
  // The head the model's copy showed, where the result marks its end (Claude Code's persisted preview): its bytes
  // are what the model kept, as Codex's and SWE-agent's exact spans say it.
  const cap = call.keptHeadBytes ?? evidence.groups.capBytes ?? evidence.groups.keptBytes;
  const keys: StdoutKeys = {
    stdout_bytes: typeof total === "number" ? total : null,
    stdout_cap: typeof cap === "number" ? cap : null,
    ...(call.keptHeadBytes !== undefined ? { stdout_keep: "head" as const } : {}),
    stdout_truncated: true,
    stdout_sha256: null,
    stdout_head_sha256: null,
    stdout_tail_sha256: null,
    stdout_kept_sha256: seen.keptSha256,
    preview_stdout: seen.preview,
  };
  return { keys, redactions: seen.redactions };
}
