import type { SpanRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";
import { pipesReadToEnd } from "../../contract/pipes-read.js";

// A test run that printed nothing and "passed" more often lost its pipe than had nothing to say. Not on a span whose
// writer read both pipes to their end (toolspan's wrapper, a harness that saw the call end): there the command said
// nothing. triage's empty-streams-ok row asks the same question, so the two agree.
export const possiblePipeStall: SpanRule = {
  id: RULE_IDS.possiblePipeStall,
  severity: "warning",
  description: "both byte counts 0 with returncode 0, on a span whose writer does not say it read both pipes to the end",
  messages: { empty: "both streams are empty and returncode is 0: check for a pipe stall" },
  check({ span }, report) {
    if (pipesReadToEnd(span)) return;
    if (span.stdout_bytes === 0 && span.stderr_bytes === 0 && span.returncode === 0) report({ messageId: "empty" });
  },
};
