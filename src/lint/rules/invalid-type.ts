import { KEY_TYPES } from "../../contract/key-types.js";
import { TRANSCRIPT_KEY_TYPES } from "../../contract/transcript-span.js";
import type { StreamName } from "../../contract/span.js";
import { showValue, type SpanRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";

// span_type is what makes a line a tool span at all, so it is never "of the wrong type" here.
const checkedKeys = (types: typeof KEY_TYPES) =>
  new Map(
    Object.entries(types)
      .filter(([key]) => key !== "span_type")
      .map(([key, type], order) => [
        key,
        { key, order, type, stream: (key.includes("stdout") ? "stdout" : key.includes("stderr") ? "stderr" : undefined) as StreamName | undefined },
      ]),
  );
const CHECKED = checkedKeys(KEY_TYPES);
// A transcript span's unknown byte counts are null (docs/transcript-spans.md).
const CHECKED_TRANSCRIPT = checkedKeys(TRANSCRIPT_KEY_TYPES);

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
  check({ span, transcript }, report) {
    const table = transcript ? CHECKED_TRANSCRIPT : CHECKED;
    let wrong: CheckedKey[] | null = null;
    for (const key in span) {
      const checked = table.get(key);
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
