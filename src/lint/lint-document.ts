// Lints a file that is one pretty-printed JSON document rather than JSON Lines: parsed whole, each OTLP span
// named at the line of its spanId; a document that does not parse is linted line by line after all.
import { normaliseId } from "../formats/otlp/decode.js";
import { isOtlpRequest, type OtlpSpan } from "../formats/otlp/spans-from-line.js";
import { lintLineInto, lintValueInto } from "./lint-line.js";
import { lintOtlpInto } from "./lint-otlp.js";
import type { ActiveRule, LintSink } from "./lint-span.js";
import type { Severity } from "./rule.js";
import type { SpanObject } from "../contract/span-fields.js";

const SPAN_ID = /"spanId"\s*:\s*"([^"]*)"/;
// A span's `links` name other spans by spanId: their lines are not where those spans stand.
const LINKS_OPEN = /^(\s*)"links"\s*:\s*\[\s*$/;

// Each spanId's lines, found in one pass (lines inside a `links` array passed over); spans come in document order,
// so a span takes the first of its id's lines after the last span placed, or its first.
export function spanLines(lines: readonly string[], firstLine: number): (span: OtlpSpan) => number {
  let byId: Map<string, number[]> | null = null;
  let cursor = 0;
  return (span) => {
    if (byId === null) {
      byId = new Map();
      let linksIndent: string | null = null;
      lines.forEach((text, index) => {
        if (linksIndent !== null) {
          if (text.startsWith(`${linksIndent}]`)) linksIndent = null;
          return;
        }
        const links = LINKS_OPEN.exec(text);
        if (links) {
          linksIndent = links[1]!;
          return;
        }
        const raw = SPAN_ID.exec(text)?.[1];
        const id = raw === undefined ? null : normaliseId(raw, 8);
        if (id === null) return;
        const found = byId!.get(id);
        if (found === undefined) byId!.set(id, [index]);
        else found.push(index);
      });
    }
    const candidates = span.spanId === null ? undefined : byId.get(span.spanId);
    if (candidates === undefined) return firstLine;
    const index = candidates.find((at) => at >= cursor) ?? candidates[0]!;
    cursor = index + 1;
    return firstLine + index;
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
  if (isOtlpRequest(value)) {
    lintOtlpInto(sink, value as SpanObject, firstLine, rules, spanLines(lines, firstLine));
  } else lintValueInto(sink, value, firstLine, rules, invalidJsonSeverity);
}
