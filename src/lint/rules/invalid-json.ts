import type { SpanRule } from "../rule.js";

// Reported by the engine when a line does not parse to an object; the rule holds its metadata and wording.
export const invalidJson: SpanRule = {
  id: "invalid-json",
  severity: "error",
  description: "the line is not a JSON object",
  messages: {
    syntax: "not JSON: {reason}",
    notObject: "a JSON {kind}, not an object",
  },
  check() {},
};
