import * as crypto from "node:crypto";

// crypto.hash (Node 20.12+) skips the Hash object, which matters once per span; older 20.x falls back.
const oneShot = (crypto as { hash?: (algorithm: string, data: string) => string }).hash;
const sha256 = oneShot
  ? (text: string): string => oneShot("sha256", text)
  : (text: string): string => crypto.createHash("sha256").update(text, "utf8").digest("hex");
import type { SpanRule } from "../rule.js";
import { hashWindow, isCount, isHash, previewByteLength } from "../span-fields.js";

// When the preview is the whole stream, its hash is checkable: a mismatch means the preview or the hash lies.
export const previewHashMismatch: SpanRule = {
  id: "preview-hash-mismatch",
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
      const digest = sha256(s.preview);
      const data = { stream: s.stream, bytes: s.bytes };
      if (checkFull && s.sha256 !== digest) report({ messageId: "full", stream: s.stream, data });
      if (checkHead && s.headSha256 !== digest) report({ messageId: "head", stream: s.stream, data });
    }
  },
};
