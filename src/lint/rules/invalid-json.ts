import type { SpanRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";

// Reported by the engine when a line does not parse to an object; the rule holds its metadata and wording.
export const invalidJson: SpanRule = {
  id: RULE_IDS.invalidJson,
  severity: "error",
  description: "the line is not a JSON object",
  messages: {
    syntax: "not JSON: {reason}",
    notObject: "a JSON {kind}, not an object",
  },
  check() {},
};
