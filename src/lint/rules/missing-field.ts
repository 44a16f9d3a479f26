import { REQUIRED_KEYS } from "../../contract/key-types.js";
import type { SpanRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";

// The published schema's keys are the least a tool span must say; without one, its figures cannot be checked.
export const missingField: SpanRule = {
  id: RULE_IDS.missingField,
  severity: "error",
  description: "a required key of the contract is absent",
  messages: { missing: "required key '{key}' is absent" },
  check({ span }, report) {
    for (const key of REQUIRED_KEYS) if (!(key in span)) report({ messageId: "missing", data: { key } });
  },
};
