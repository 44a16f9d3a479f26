import type { SpanRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";

// A full-stream hash on a clipped stream cannot come from a wrapper that dropped bytes: it is wrong, or it hashes the kept part.
export const fullHashOnClipped: SpanRule = {
  id: RULE_IDS.fullHashOnClipped,
  severity: "error",
  description: "a full-stream sha256 on a clipped stream",
  messages: { fullHash: "{stream}_sha256 is set on a clipped stream; it must be null (the kept bytes are not the stream)" },
  check({ streams }, report) {
    for (const s of streams) {
      if (s.truncated === true && typeof s.sha256 === "string") report({ messageId: "fullHash", stream: s.stream, data: { stream: s.stream } });
    }
  },
};
