import { sha256OfText } from "../../meter/sha256.js";
import type { SpanRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";
import { hashWindow, isCount, isHash, previewByteLength } from "../../contract/span-fields.js";

// When the preview is the whole stream, its hash is checkable: a mismatch means the preview or the hash lies.
export const previewHashMismatch: SpanRule = {
  id: RULE_IDS.previewHashMismatch,
  severity: "error",
  description: "the whole stream is in the preview, and its sha256 is not sha256",
  messages: {
    full: "preview_{stream} is the whole stream ({bytes} bytes) but its sha256 is not {stream}_sha256",
    head: "preview_{stream} is the whole stream ({bytes} bytes) but its sha256 is not {stream}_head_sha256",
  },
  check({ span, streams }, report) {
    // A preview whose secrets were replaced is no longer the stream's bytes.
    if (isCount(span.preview_redactions) && span.preview_redactions > 0) return;
    for (const s of streams) {
      if (s.truncated !== false || s.encoding !== "utf-8" || s.preview === undefined || s.bytes === undefined || s.bytes === 0) continue;
      const checkFull = isHash(s.sha256);
      const checkHead = s.bytes <= hashWindow(span) && isHash(s.headSha256);
      if (!(checkFull || checkHead) || previewByteLength(s.preview) !== s.bytes || s.preview.includes("\uFFFD")) continue;
      const digest = sha256OfText(s.preview);
      const data = { stream: s.stream, bytes: s.bytes };
      if (checkFull && s.sha256 !== digest) report({ messageId: "full", stream: s.stream, data });
      if (checkHead && s.headSha256 !== digest) report({ messageId: "head", stream: s.stream, data });
    }
  },
};
