import type { SpanRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";
import { keptBytes, previewByteLength } from "../../contract/span-fields.js";

// A preview longer than what was kept did not come from this stream, or the byte counts are wrong.
export const previewExceedsKept: SpanRule = {
  id: RULE_IDS.previewExceedsKept,
  severity: "error",
  description: "the preview holds more bytes than were kept",
  messages: { exceeds: "preview_{stream} holds {previewBytes} bytes but only {kept} were kept" },
  check({ streams }, report) {
    for (const s of streams) {
      const kept = keptBytes(s);
      if (kept === undefined || s.preview === undefined) continue;
      const previewBytes = previewByteLength(s.preview);
      if (previewBytes > kept) report({ messageId: "exceeds", stream: s.stream, data: { stream: s.stream, previewBytes, kept } });
    }
  },
};
