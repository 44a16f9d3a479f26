import { FingerprintSet } from "../fingerprint-set.js";
import { showValue, type FileRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";

// Two spans with one id break every link between a span, its parent and its re-run.
export const duplicateSpanId: FileRule = {
  id: RULE_IDS.duplicateSpanId,
  severity: "warning",
  description: "a span_id seen twice",
  messages: { repeated: "span_id {spanId} was already used on line {firstLine}" },
  start() {
    const seen = new FingerprintSet();
    return ({ line, spanId }) => {
      if (spanId === null) return [];
      const firstLine = seen.add(spanId, line);
      return firstLine === null ? [] : [{ messageId: "repeated", data: { spanId: showValue(spanId), firstLine } }];
    };
  },
};
