// The library entry: re-exports only.
export {
  CONTRACT_ID,
  DEFAULT_CAP,
  DEFAULT_HASH_WINDOW,
  DEFAULT_PREVIEW_CHARS,
  EMPTY_SHA256,
  ENCODINGS,
  KEEP_POLICIES,
  STREAMS,
} from "./contract/constants.js";
export type { CoreSpan, Encoding, KeepPolicy, OwnSpanKeys, StreamName, ToolSpan } from "./contract/span.js";
export { StreamMeter, measureBuffer, type StreamMeasure, type StreamMeterOptions } from "./meter/stream-meter.js";
export { Utf8Check } from "./meter/utf8-check.js";
export { buildPreview } from "./meter/preview.js";
export { runTool, type KeptSink, type RunToolOptions, type RunToolResult } from "./run/run-tool.js";
export { ToolspanOptionError } from "./run/validate-options.js";
export { ToolspanError } from "./util/errors.js";
export { RunFile } from "./run/append-record.js";
export { CORE_KEYS, OWN_KEYS } from "./contract/keys.js";
export { clipMarker } from "./run/marker.js";
export { triageFile, byMisleading, type TriageResult, type TriageFileOptions } from "./triage/triage-file.js";
export { triageLine, type TriagedSpan, type SpanObserver } from "./triage/triage-line.js";
export { reportFile, type RunReport } from "./report/report-file.js";
export { reportRecord } from "./report/render-json.js";
export type { RunTally, StreamTally, ToolTally, LargestClip } from "./report/tally.js";
export { TRIAGE_TABLE, TRIAGE_ROWS_BY_ID } from "./triage/table.js";
export type { TriageRow, SpanLint } from "./triage/row.js";
export type { TriageMatch } from "./triage/match.js";
export { spanFacts, type SpanFacts, type StreamFacts } from "./triage/facts.js";
export { isTestRun, commandRunsTests } from "./triage/is-test-run.js";
export { UnreadableInput } from "./formats/jsonl-lines.js";
export type { RerunVerdict } from "./contract/span.js";
export { RERUN_VERDICTS, VERIFIED_VERDICTS } from "./contract/constants.js";
export { RERUN_KEYS } from "./contract/keys.js";
export { locateSpan, parseSpanRef, spanProblems, type LocatedSpan, type SpanRef } from "./rerun/locate-span.js";
export { assertRunnable, consentMode, describeRerun, NOT_CONFIRMED, type ConsentMode } from "./rerun/consent.js";
export {
  rerunSpan,
  DEFAULT_SHOW_BYTES,
  type RerunOptions,
  type RerunResult,
  type UnseenStream,
} from "./rerun/rerun-span.js";
export { RerunRefused, type RefusalReason } from "./rerun/rerun-refused.js";
export { verdictFor, streamVerdict, overallVerdict, freshStream, type FreshStream, type StreamVerdict, type RerunVerdicts } from "./rerun/verdict.js";
export { unseenRanges, keptRanges, unseenPlan, type ByteRange, type UnseenPlan } from "./rerun/unseen.js";
export {
  normalizeForDiff,
  NORMALIZATIONS,
  NormalizedHash,
  NORMALIZATION_ID,
  NORMALIZE_MAX_BYTES,
  NORMALIZE_LINE_BYTES,
  type Normalization,
} from "./meter/normalize.js";
export { previewDiff, type PreviewDiff, type PreviewDiffInput } from "./rerun/preview-diff.js";
export type { ShownRange } from "./rerun/read-ranges.js";
export { renderRerunText } from "./rerun/render-text.js";
export { renderRerunJson } from "./rerun/render-json.js";
export { debugRun, SHOWN_LINT_ERRORS, type DebugOptions, type DebugReport, type DebugStep } from "./debug/debug-run.js";
export { nextStep } from "./debug/next-step.js";
export type { NextStep } from "./triage/next-step.js";
export { renderSummary } from "./debug/render-summary.js";
export { auditTranscript, auditRead, type AuditedCall, type TranscriptAudit, type Verdict } from "./audit/audit-transcript.js";
export { toSpan, type AuditSpan } from "./audit/to-span.js";
export { readTranscript, UnrecognisedTranscript, DOCUMENT_LIMIT_BYTES } from "./formats/transcripts/read-transcript.js";
export type { TranscriptCall, TranscriptFormat, TranscriptRead, TranscriptProblem } from "./formats/transcripts/call.js";
export { CLIP_MARKERS, findClipMarker, findClipMatch, type ClipMarker, type ClipMatch } from "./formats/clip-markers.js";
export { AUDIT_KEYS } from "./contract/keys.js";
export type { AuditSpanKeys, ClipEvidence, SpanSource } from "./contract/span.js";
export { ATTRIBUTE_TABLE, attributeName, contractKey } from "./formats/otlp/attribute-map.js";
export { contractAttributes, recordFromAttributes, type AttributeValue } from "./formats/otlp/contract-attributes.js";
export { decodeAnyValue, decodeAttributes, normaliseId } from "./formats/otlp/decode.js";
export { isOtlpRequest, spansFromLine, spansFromRequest, type OtlpSpan } from "./formats/otlp/spans-from-line.js";
export { requestFromRecord } from "./formats/otlp/request-from-record.js";
export { CONVERT_TARGETS, convertValue, type ConvertTarget } from "./formats/otlp/convert-record.js";
export { opensDocument } from "./formats/json-document.js";
export type { TraceOptions } from "./run/otel/tool-trace.js";
export { BUILTIN_RULES, SEAM_RULES, type BuiltinRule, type RedactRule } from "./redact/rules.js";
export { redactText, redactPreview, findRedactions, REDACTION_LOOKAHEAD_CHARS, type Redaction } from "./redact/redact-text.js";
export { ruleSet, hasNestedQuantifier, RedactConfigError, type RedactConfig } from "./redact/rule-set.js";
export { REDACTION_KEYS, ARGV_REDACTION_KEYS, BLOB_ERROR_KEYS, NORMALIZED_KEYS, UNSHARED_KEYS } from "./contract/keys.js";
export { redactArgv } from "./redact/redact-argv.js";
export { BlobWriter, type BlobStoreOptions, type BlobOutcome } from "./store/blob-store.js";
export { blobPath, blobName, blobHex } from "./store/blob-path.js";
export { verifyBlob, BlobProblem, type VerifiedBlob } from "./store/verify-blob.js";
export { collectGarbage, referencedBlobs, type GcOptions, type GcResult } from "./store/gc.js";
export { storedStreams, spanFromBlobs, type StoredStreams } from "./rerun/from-blob.js";
