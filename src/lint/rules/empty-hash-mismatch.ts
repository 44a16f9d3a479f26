import { EMPTY_SHA256 } from "../../contract/constants.js";
import type { SpanRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";
import { isHash } from "../../contract/span-fields.js";

// Zero bytes have exactly one sha256; any other value was computed over something else.
export const emptyHashMismatch: SpanRule = {
  id: RULE_IDS.emptyHashMismatch,
  severity: "error",
  description: "0 bytes but a sha256 other than the empty stream's",
  messages: { mismatch: "{stream} has 0 bytes but {stream}_sha256 is not the empty stream's hash (e3b0c442…b855)" },
  check({ streams }, report) {
    for (const s of streams) {
      if (s.bytes === 0 && isHash(s.sha256) && s.sha256 !== EMPTY_SHA256) report({ messageId: "mismatch", stream: s.stream, data: { stream: s.stream } });
    }
  },
};
