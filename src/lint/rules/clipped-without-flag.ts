import { showValue, type SpanRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";

// Tool Previews Lie's first failure: more bytes than the cap, and nothing says so.
export const clippedWithoutFlag: SpanRule = {
  id: RULE_IDS.clippedWithoutFlag,
  severity: "error",
  description: "bytes > cap but the truncation flag is not true",
  messages: { clipped: "{stream} clipped without flag: {bytes} bytes > cap {cap} but {stream}_truncated is {flag}" },
  check({ streams }, report) {
    for (const s of streams) {
      if (s.bytes === undefined || typeof s.cap !== "number" || s.bytes <= s.cap) continue;
      const flag = s.truncatedValue;
      if (flag === true) continue;
      report({ messageId: "clipped", stream: s.stream, data: { stream: s.stream, bytes: s.bytes, cap: s.cap, flag: showValue(flag ?? null) } });
    }
  },
};
