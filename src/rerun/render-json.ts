// The rerun's report as one JSON object, for scripts: the same facts as the text report, bytes as text or base64.
import { jsonText } from "../formats/safe-text.js";
import type { RerunResult } from "./rerun-span.js";

/** One JSON line (with its newline); unseen bytes are `text` (UTF-8) or, for a binary stream, `base64`. */
export function renderRerunJson(result: RerunResult, appendedTo?: string): string {
  const { span } = result;
  const bytes = (data: Buffer, binary: boolean) => (binary ? { base64: data.toString("base64") } : { text: data.toString("utf8") });
  const report = {
    verdict: result.verdict,
    rerun_of: span.rerun_of,
    file: result.of.path,
    line: result.of.line,
    span_id: span.span_id,
    appended_to: appendedTo ?? null,
    from_blob: result.fromBlob,
    streams: result.streams.map((v) => ({
      stream: v.stream,
      verdict: v.verdict,
      matched: v.matched,
      mismatched: v.mismatched,
      old_bytes: v.oldBytes ?? null,
      new_bytes: v.newBytes,
      normalized_sha256: v.normalized?.new ?? null,
      old_normalized_sha256: v.normalized?.old ?? null,
      normalized_match: v.normalized?.match ?? null,
      normalized_note: v.normalizedNote,
    })),
    incomplete: result.incomplete,
    returncode: span.returncode,
    old_returncode: result.of.span.returncode ?? null,
    clipped: span.stdout_truncated || span.stderr_truncated,
    timed_out: span.timed_out,
    stalled: span.stalled,
    error: span.error,
    unseen: result.unseen.map((u) => ({
      stream: u.stream,
      cap: u.cap,
      keep: u.keep,
      keep_assumed: u.keepAssumed,
      cap_unknown: u.capUnknown,
      result_unknown: u.resultUnknown,
      on_new_length: u.onNewLength,
      encoding: u.encoding,
      ranges: u.shown.map((shown) => ({
        start: shown.start,
        end: shown.end,
        omitted: shown.omitted,
        head: bytes(shown.head, u.encoding === "binary"),
        tail: bytes(shown.tail, u.encoding === "binary"),
      })),
    })),
    diff: result.diffs,
    saved: result.saved,
    span,
  };
  return `${jsonText(report)}\n`;
}
