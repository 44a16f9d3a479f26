// What a rule's report becomes once it has a place: the line, and for a span of an OTLP file, the span.
import type { StreamName } from "../contract/span.js";
import { formatMessage, type Report, type Severity } from "./rule.js";

/** One finding, as every reporter receives it. */
export interface Finding {
  line: number;
  rule: string;
  severity: Severity;
  message: string;
  messageId: string;
  stream?: StreamName;
  /** The OpenTelemetry trace of the span, when the line is an OTLP request (lowercase hex). */
  traceId?: string;
  /** The OpenTelemetry span the finding is about, when the line is an OTLP request: one line can hold many. */
  spanId?: string;
}

/** Where in an OTLP line a span sits; ids are null when the file left them out or malformed. */
export interface TraceIdentity {
  traceId: string | null;
  spanId: string | null;
}

export function toFinding(
  line: number,
  ruleId: string,
  severity: Severity,
  messages: Record<string, string>,
  report: Report,
  trace?: TraceIdentity,
): Finding {
  const finding: Finding = {
    line,
    rule: ruleId,
    severity,
    messageId: report.messageId,
    message: formatMessage(messages[report.messageId] ?? report.messageId, report.data),
  };
  if (report.stream) finding.stream = report.stream;
  if (trace?.traceId) finding.traceId = trace.traceId;
  if (trace?.spanId) finding.spanId = trace.spanId;
  return finding;
}
