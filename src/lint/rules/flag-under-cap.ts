import type { SpanRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";

// A flag that cries wolf sends a reviewer re-running tools that kept everything. A transcript span's null cap on a
// clipped stream is a cap the transcript cannot state: the span view reads it as unknown, so only a stated cap
// the bytes do not exceed is reported there.
export const flagUnderCap: SpanRule = {
  id: RULE_IDS.flagUnderCap,
  severity: "error",
  description: "the truncation flag is true but bytes <= cap, or the cap is null",
  messages: {
    underCap: "{stream}_truncated is true but {bytes} bytes <= cap {cap}",
    noCap: "{stream}_truncated is true but {stream}_cap is null (nothing was capped)",
  },
  check({ streams }, report) {
    for (const s of streams) {
      if (s.truncated !== true) continue;
      if (s.cap === null) report({ messageId: "noCap", stream: s.stream, data: { stream: s.stream } });
      else if (s.cap !== undefined && s.bytes !== undefined && s.bytes <= s.cap) {
        report({ messageId: "underCap", stream: s.stream, data: { stream: s.stream, bytes: s.bytes, cap: s.cap } });
      }
    }
  },
};
