// Audit for scripts: one JSON object per finding and per skipped record, no summary line.
import { jsonText } from "../formats/safe-text.js";
import type { AuditedCall, TranscriptAudit } from "./audit-transcript.js";

/** A finding as one record. */
export function findingRecord(audit: TranscriptAudit, call: AuditedCall): Record<string, unknown> {
  return {
    type: "finding",
    file: audit.file,
    format: audit.format,
    harness_version: audit.harnessVersion,
    line: call.span.source.line,
    index: call.span.source.index,
    call_id: call.span.source.call_id,
    span_id: call.span.span_id,
    tool_name: call.span.tool_name,
    ...(call.span.argv ? { argv: call.span.argv } : {}),
    ...(call.span.source.command !== undefined ? { command: call.span.source.command } : {}),
    verdict: call.verdict,
    reason: call.reason,
    declared_success: call.declaredSuccess,
    clip_evidence: call.span.clip_evidence,
    stdout_bytes: call.span.stdout_bytes,
    stdout_cap: call.span.stdout_cap,
    first_action: call.firstAction?.action ?? null,
    row: call.firstAction?.row ?? null,
  };
}

/** A transcript's records, findings most urgent first, then the skipped records. */
export function* transcriptJsonl(audit: TranscriptAudit): Iterable<string> {
  for (const call of audit.findings) yield `${jsonText(findingRecord(audit, call))}\n`;
  for (const problem of audit.problems) {
    yield `${jsonText({ type: "skipped", file: audit.file, format: audit.format, line: problem.line, index: problem.index, message: problem.message })}\n`;
  }
}
