import type { SpanRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";
import { wasClipped } from "../../contract/span-fields.js";

// Tool Previews Lie's incident: the preview looked like success, and the failure was past the cap.
export const okPreviewWhileTruncated: SpanRule = {
  id: RULE_IDS.okPreviewWhileTruncated,
  severity: "error",
  description: "ok_preview true while a stream is clipped",
  messages: { clipped: "ok_preview is true but {stream} was clipped: the agent saw only part of it" },
  check({ span, streams }, report) {
    if (span.ok_preview !== true) return;
    for (const s of streams) {
      if (s.truncated === true || wasClipped(s) === true) report({ messageId: "clipped", stream: s.stream, data: { stream: s.stream } });
    }
  },
};
