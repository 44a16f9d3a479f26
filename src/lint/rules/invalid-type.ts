import { KEY_TYPES } from "../../contract/key-types.js";
import type { StreamName } from "../../contract/span.js";
import { showValue, type SpanRule } from "../rule.js";

// span_type is what makes a line a tool span at all, so it is never "of the wrong type" here.
const CHECKED = Object.entries(KEY_TYPES)
  .filter(([key]) => key !== "span_type")
  .map(([key, type]) => ({
    key,
    type,
    stream: (key.includes("stdout") ? "stdout" : key.includes("stderr") ? "stderr" : undefined) as StreamName | undefined,
  }));

// Every key that is present is checked, even when others are missing: a wrong type hides every other finding.
export const invalidType: SpanRule = {
  id: "invalid-type",
  severity: "error",
  description: "a key has the wrong type or range",
  messages: { wrongType: "'{key}' must be {expected}, got {actual}" },
  check({ span }, report) {
    for (const { key, type, stream } of CHECKED) {
      const value = span[key];
      if (value === undefined || type.test(value)) continue;
      const data = { key, expected: type.expected, actual: showValue(value) };
      report(stream ? { messageId: "wrongType", data, stream } : { messageId: "wrongType", data });
    }
  },
};
