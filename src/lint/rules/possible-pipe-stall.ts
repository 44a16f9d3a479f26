import type { SpanRule } from "../rule.js";

// A test run that printed nothing and "passed" more often lost its pipe than had nothing to say.
export const possiblePipeStall: SpanRule = {
  id: "possible-pipe-stall",
  severity: "warning",
  description: "both byte counts 0 with returncode 0",
  messages: { empty: "both streams are empty and returncode is 0: check for a pipe stall" },
  check({ span }, report) {
    if (span.stdout_bytes === 0 && span.stderr_bytes === 0 && span.returncode === 0) report({ messageId: "empty" });
  },
};
