import { KEY_TYPES } from "../../contract/key-types.js";
import type { StreamName } from "../../contract/span.js";
import { showValue, type SpanRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";

// span_type is what makes a line a tool span at all, so it is never "of the wrong type" here.
const CHECKED = new Map(
  Object.entries(KEY_TYPES)
    .filter(([key]) => key !== "span_type")
    .map(([key, type], order) => [
      key,
      { key, order, type, stream: (key.includes("stdout") ? "stdout" : key.includes("stderr") ? "stderr" : undefined) as StreamName | undefined },
    ]),
);

type CheckedKey = NonNullable<ReturnType<typeof CHECKED.get>>;

// Every key that is present is checked, even when others are missing: a wrong type hides every other finding.
// The span's own keys are walked (a for-in reads each value from V8's enum cache) rather than every contract key
// looked up by name, which costs a keyed load per key whether present or not; findings keep the contract's key
// order, whatever order the writer used.
export const invalidType: SpanRule = {
  id: RULE_IDS.invalidType,
  severity: "error",
  description: "a key has the wrong type or range",
  messages: { wrongType: "'{key}' must be {expected}, got {actual}" },
  check({ span }, report) {
    let wrong: CheckedKey[] | null = null;
    for (const key in span) {
      const checked = CHECKED.get(key);
      if (checked === undefined) continue;
      const value = span[key];
      if (value !== undefined && !checked.type.test(value)) (wrong ??= []).push(checked);
    }
    if (wrong === null) return;
    for (const { key, type, stream } of wrong.sort((a, b) => a.order - b.order)) {
      const data = { key, expected: type.expected, actual: showValue(span[key]) };
      report(stream ? { messageId: "wrongType", data, stream } : { messageId: "wrongType", data });
    }
  },
};
