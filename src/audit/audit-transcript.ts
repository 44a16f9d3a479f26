// One transcript audited: every call converted to a span, judged clipped, unverifiable or clean, ranked.
import type { TranscriptFormat, TranscriptProblem, TranscriptRead } from "../formats/transcripts/call.js";
import { readTranscript } from "../formats/transcripts/read-transcript.js";
import { firstAction, type FirstAction } from "./first-action.js";
import { rankFindings } from "./rank.js";
import { toSpan, type AuditSpan } from "./to-span.js";
import type { RedactRule } from "../redact/rules.js";

/** clipped: the model saw part of the result; unverifiable: the transcript cannot show the result at all. */
export type Verdict = "clipped" | "unverifiable" | "clean";

/** One call with its span and verdict. */
export interface AuditedCall {
  span: AuditSpan;
  verdict: Verdict;
  /** Why the result is unverifiable; null otherwise. */
  reason: string | null;
  /** The agent declared success right after this result. */
  declaredSuccess: boolean;
  /** The decision table's first action; null where no row applies. */
  firstAction: FirstAction | null;
}

/** A transcript's audit. */
export interface TranscriptAudit {
  file: string;
  format: TranscriptFormat;
  harnessVersion: string | null;
  /** Every call, in transcript order. */
  calls: AuditedCall[];
  /** The clipped and unverifiable calls, most urgent first. */
  findings: AuditedCall[];
  /** Records that were skipped, and why. */
  problems: TranscriptProblem[];
}

/** Audits what a reader took from `file`; the spans' previews are redacted with `redact` (default the built-ins). */
export function auditRead(read: TranscriptRead, file: string, redact?: readonly RedactRule[]): TranscriptAudit {
  const calls = read.calls.map((call, i): AuditedCall => {
    const span = toSpan(call, read, { file, position: i + 1 }, redact);
    const verdict: Verdict = span.clip_evidence !== null ? "clipped" : call.unverifiable !== null ? "unverifiable" : "clean";
    return {
      span,
      verdict,
      reason: call.unverifiable,
      declaredSuccess: call.declaredSuccess,
      firstAction: verdict === "clean" ? null : firstAction(span),
    };
  });
  return { file, format: read.format, harnessVersion: read.harnessVersion, calls, findings: rankFindings(calls), problems: read.problems };
}

/** Reads and audits one transcript; rejects with UnreadableInput or UnrecognisedTranscript. */
export async function auditTranscript(file: string, redact?: readonly RedactRule[]): Promise<TranscriptAudit> {
  return auditRead(await readTranscript(file), file, redact);
}
