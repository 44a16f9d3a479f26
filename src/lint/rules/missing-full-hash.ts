import type { SpanRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";
import { wasClipped } from "../../contract/span-fields.js";

// A complete stream's hash is free to compute and is the exact target of a re-run.
export const missingFullHash: SpanRule = {
  id: RULE_IDS.missingFullHash,
  severity: "warning",
  description: "a complete, non-empty stream without its sha256",
  messages: { missing: "{stream} is complete ({bytes} bytes) but {stream}_sha256 is {value}" },
  check({ streams }, report) {
    for (const s of streams) {
      if (s.bytes === undefined || s.bytes === 0 || s.truncated !== false || wasClipped(s) !== false) continue;
      const present = s.hasSha256Key;
      if (present && s.sha256 !== null) continue;
      report({ messageId: "missing", stream: s.stream, data: { stream: s.stream, bytes: s.bytes, value: present ? "null" : "absent" } });
    }
  },
};
