// One renderer per output format, as a map: a new format is one entry.
import type { TranscriptAudit } from "./audit-transcript.js";
import { transcriptJsonl } from "./render-jsonl.js";
import { auditSummary, transcriptText } from "./render-text.js";

export interface AuditRenderer {
  transcript(audit: TranscriptAudit): Iterable<string>;
  /** The text after every transcript; "" for none. */
  summary(audits: readonly TranscriptAudit[]): string;
}

export const AUDIT_RENDERERS: Record<string, AuditRenderer> = {
  text: { transcript: transcriptText, summary: auditSummary },
  jsonl: { transcript: transcriptJsonl, summary: () => "" },
};

export const AUDIT_FORMATS = Object.keys(AUDIT_RENDERERS);
