// One JSON object per finding, for scripts: file, line, rule, severity, message, and stream and OTLP span ids where
// it concerns one.
import type { Reporter, Write } from "./reporter.js";

export function jsonlReporter(write: Write): Reporter {
  return {
    finding(file, finding) {
      const record: Record<string, string | number> = {
        file,
        line: finding.line,
        rule: finding.rule,
        severity: finding.severity,
        message: finding.message,
        message_id: finding.messageId,
      };
      if (finding.stream) record.stream = finding.stream;
      if (finding.traceId) record.trace_id = finding.traceId;
      if (finding.spanId) record.span_id = finding.spanId;
      write(`${JSON.stringify(record)}\n`);
    },
    end() {},
  };
}
