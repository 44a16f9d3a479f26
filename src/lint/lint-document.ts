// Lints a file that is one pretty-printed JSON document rather than JSON Lines: parsed whole, each OTLP span
// named at the line of its spanId; a document that does not parse is linted line by line after all.
import { normaliseId } from "../formats/otlp/decode.js";
import { isOtlpRequest, type OtlpSpan } from "../formats/otlp/spans-from-line.js";
import { lintLineInto, lintValueInto } from "./lint-line.js";
import { lintOtlpInto } from "./lint-otlp.js";
import type { ActiveRule, LintSink } from "./lint-span.js";
import type { Severity, SpanObject } from "./rule.js";

const SPAN_ID = /"spanId"\s*:\s*"([^"]*)"/;

// Spans come in document order, so each search starts where the last one stopped.
export function spanLines(lines: readonly string[], firstLine: number): (span: OtlpSpan) => number {
  let cursor = 0;
  return (span) => {
    for (let index = cursor; index < lines.length; index++) {
      const id = SPAN_ID.exec(lines[index]!)?.[1];
      if (id !== undefined && normaliseId(id, 8) === span.spanId) {
        cursor = index + 1;
        return firstLine + index;
      }
    }
    return firstLine;
  };
}

export function lintDocumentInto(
  sink: LintSink,
  lines: readonly string[],
  firstLine: number,
  rules: readonly ActiveRule[],
  invalidJsonSeverity: Severity | "off",
): void {
  let value: unknown;
  try {
    value = JSON.parse(lines.join("\n"));
  } catch {
    lines.forEach((text, index) => lintLineInto(sink, text, firstLine + index, rules, invalidJsonSeverity));
    return;
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value) && isOtlpRequest(value as SpanObject)) {
    lintOtlpInto(sink, value as SpanObject, firstLine, rules, spanLines(lines, firstLine));
  } else lintValueInto(sink, value, firstLine, rules, invalidJsonSeverity);
}
