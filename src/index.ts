// The library: what `import … from "toolspan"` gives, one group a feature, and nothing else. docs/api.md lists these
// names and test/api/public-surface.test.ts keeps the two equal, so an internal cannot leak out by being re-exported.

// The contract: the span's keys, figures and types.
export {
  CONTRACT_ID,
  DEFAULT_CAP,
  DEFAULT_HASH_WINDOW,
  DEFAULT_PREVIEW_CHARS,
  EMPTY_SHA256,
  ENCODINGS,
  KEEP_POLICIES,
  RERUN_VERDICTS,
  STREAMS,
  VERIFIED_VERDICTS,
} from "./contract/constants.js";
export { AUDIT_KEYS, CORE_KEYS, OWN_KEYS, RERUN_KEYS } from "./contract/keys.js";
export type {
  ClipEvidence,
  CoreSpan,
  Encoding,
  KeepPolicy,
  OwnSpanKeys,
  RerunVerdict,
  SpanSource,
  StreamName,
  ToolSpan,
} from "./contract/span.js";

// Expected failures: each names the argument or file; anything else thrown is a bug.
export { ToolspanError } from "./util/errors.js";

// wrap: run one command, measure its streams, keep what the cap keeps.
export { runTool, type KeptSink, type RunToolOptions, type RunToolResult } from "./run/run-tool.js";
export { ToolspanOptionError } from "./run/validate-options.js";
export { RunFile } from "./run/append-record.js";
export { StreamMeter, measureBuffer, type StreamMeasure, type StreamMeterOptions } from "./meter/stream-meter.js";

// Reading run files: one reader for toolspan JSONL, OTLP/JSON lines and pretty-printed documents.
export { UnreadableInput } from "./formats/jsonl-lines.js";

// lint: the contract's rules over run files or one span.
export { lintFiles, type LintFilesOptions, type LintSummary } from "./lint/lint-files.js";
export { lintSpan } from "./lint/lint-line.js";
export { RULES } from "./lint/rules/index.js";
export { RULE_IDS, type RuleId } from "./lint/rule-ids.js";
export type { Finding } from "./lint/finding.js";
export type { Rule, Severity } from "./lint/rule.js";
export type { Severities } from "./lint/severities.js";

// triage: what to distrust, most misleading first, and what to do next.
export { triageFile, type TriageFileOptions, type TriageResult } from "./triage/triage-file.js";
export type { TriagedSpan } from "./triage/triage-line.js";
export { TRIAGE_TABLE } from "./triage/table.js";
export type { TriageRow } from "./triage/row.js";
export { ROW_IDS, type RowId } from "./triage/row-ids.js";
export { NEXT_STEPS, type NextStep } from "./triage/next-step.js";

// rerun: one span again with no cap, once the user consents, and what the cap hid.
export { locateSpan, parseSpanRef, type LocatedSpan, type SpanRef } from "./rerun/locate-span.js";
export { describeRerun } from "./rerun/consent.js";
export { rerunSpan, type RerunOptions, type RerunResult } from "./rerun/rerun-span.js";
export { RerunRefused } from "./rerun/rerun-refused.js";
export { storedStreams, type StoredStreams } from "./rerun/from-blob.js";

// debug and report: the loop over one run file, and its tallies.
export { debugRun, type DebugOptions, type DebugReport } from "./debug/debug-run.js";
export { nextStep } from "./debug/next-step.js";
export { reportFile, type RunReport } from "./report/report-file.js";
export { reportRecord } from "./report/render-json.js";

// audit: the clips in transcripts agents already wrote.
export { auditTranscript, type AuditedCall, type TranscriptAudit, type Verdict } from "./audit/audit-transcript.js";
export { UnrecognisedTranscript } from "./formats/transcripts/read-transcript.js";
export { CLIP_MARKERS, findClipMarker, type ClipMarker } from "./formats/clip-markers.js";

// convert and OpenTelemetry.
export { convertFile, type ConvertFileOptions } from "./convert/convert-file.js";
export { CONVERT_TARGETS, type ConvertTarget } from "./formats/otlp/convert-record.js";
export { ATTRIBUTE_TABLE } from "./formats/otlp/attribute-map.js";
export { contractAttributes, recordFromAttributes } from "./formats/otlp/contract-attributes.js";
export { spansFromLine, type OtlpSpan } from "./formats/otlp/spans-from-line.js";
export { requestFromRecord } from "./formats/otlp/request-from-record.js";

// The blob store: whole streams, content-addressed, verified before they are read.
export { BlobWriter, type BlobOutcome, type BlobStoreOptions } from "./store/blob-store.js";
export { blobPath } from "./store/blob-path.js";
export { verifyBlob, BlobProblem, type VerifiedBlob } from "./store/verify-blob.js";
export { collectGarbage, type GcOptions, type GcResult } from "./store/gc.js";

// Secrets: previews may hold them.
export { BUILTIN_RULES, type RedactRule } from "./redact/rules.js";
export { redactText } from "./redact/redact-text.js";
export { ruleSet, RedactConfigError, type RedactConfig } from "./redact/rule-set.js";
