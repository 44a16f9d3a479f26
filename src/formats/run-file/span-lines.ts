// Where each span of a pretty-printed OTLP document stands: the line holding its spanId, as an editor shows it.
import { normaliseId } from "../otlp/decode.js";
import type { SpanLine } from "./items.js";

const SPAN_ID = /"spanId"\s*:\s*"([^"]*)"/;
// A span's `links` name other spans by spanId: their lines are not where those spans stand.
const LINKS_OPEN = /^(\s*)"links"\s*:\s*\[\s*$/;

// Each spanId's lines, found in one pass (lines inside a `links` array passed over); spans come in document order,
// so a span takes the first of its id's lines after the last span placed, or its first.
/** Places spans of the document whose lines are `lines`, the first at `firstLine`; asked in document order. */
export function spanLines(lines: readonly string[], firstLine: number): SpanLine {
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
