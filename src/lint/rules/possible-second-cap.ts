import { WELL_KNOWN_CAPS, findClipMarker } from "../../formats/clip-markers.js";
import { knownAttributeCut } from "../../formats/otlp/attribute-limits.js";
import type { SpanRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";
import { isCount, keptBytes, previewChars } from "../../contract/span-fields.js";

const HIGH_SURROGATE = /[\uD800-\uDBFF]/;

// Code points, not UTF-16 units; a text without surrogates (nearly all) is answered without a count.
const codePoints = (text: string): number => {
  if (!HIGH_SURROGATE.test(text)) return text.length;
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) count--;
  }
  return count;
};

// A cap inside the command (a nested wrapper, a harness, a collector) clips without touching this span's flags.
export const possibleSecondCap: SpanRule = {
  id: RULE_IDS.possibleSecondCap,
  severity: "warning",
  description: "a second, silent cap downstream: a short preview, another tool's truncation marker, or a byte count on a well-known cap",
  messages: {
    shortPreview:
      "preview_{stream} has {chars} characters ({previewBytes} bytes) although {kept} bytes were kept and the limit is {limit}: something cut it",
    shortPreviewAtLimit:
      "preview_{stream} has {chars} characters ({previewBytes} bytes) although {kept} bytes were kept and the limit is {limit}: cut to the length of {layer}",
    marker: "preview_{stream} holds a {harness} truncation marker: the output passed another cap",
    exactCap: "{stream}_bytes is exactly {bytes}, a well-known cap size, with no truncation flag: it may have been cut before this wrapper",
  },
  check({ span, streams, transcript }, report) {
    // Only a record that states its preview limit can be caught with a preview shorter than it, and a preview
    // whose secrets were replaced is expected to differ in length.
    const redacted = isCount(span.preview_redactions) && span.preview_redactions > 0;
    const limit = isCount(span.preview_chars) && !redacted ? previewChars(span) : null;
    for (const s of streams) {
      const data = { stream: s.stream };
      // A transcript span's markers were judged by audit, which says what it found in clip_evidence: a marker
      // there is the clip being reported (or a file quoting one), not a cap the record does not know of.
      if (s.preview !== undefined && !transcript) {
        // toolspan's own marker is this record's cap speaking, not a second one.
        const marker = findClipMarker(s.preview, "toolspan");
        if (marker) report({ messageId: "marker", stream: s.stream, data: { ...data, harness: marker.harness } });
      }
      const kept = keptBytes(s);
      if (limit !== null && s.preview !== undefined && kept !== undefined && s.encoding === "utf-8") {
        // The most bytes the preview can stand for: each U+FFFD counted as 3, what a literal U+FFFD takes and
        // the most an invalid sequence it replaces can. A slack of 9 bytes (three characters) more, so only a
        // clearly shorter preview is reported. Bytes first: they clear a complete stream's preview cheaply.
        const previewBytes = Buffer.byteLength(s.preview, "utf8");
        if (previewBytes + 9 < kept) {
          const chars = codePoints(s.preview);
          if (chars < limit) {
            const layer = knownAttributeCut(s.preview);
            const messageId = layer === null ? "shortPreview" : "shortPreviewAtLimit";
            report({ messageId, stream: s.stream, data: { ...data, chars, previewBytes, kept, limit, layer: layer ?? "" } });
          }
        }
      }
      if (s.bytes !== undefined && s.truncated === false && WELL_KNOWN_CAPS.has(s.bytes)) {
        report({ messageId: "exactCap", stream: s.stream, data: { ...data, bytes: s.bytes } });
      }
    }
  },
};
