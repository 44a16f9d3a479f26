import { showValue, type SpanRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";

// ok_preview is what the agent saw; it cannot be success when the process failed, timed out or stalled.
export const okPreviewOnFailure: SpanRule = {
  id: RULE_IDS.okPreviewOnFailure,
  severity: "error",
  description: "ok_preview true with a returncode other than 0, or timed out, or stalled",
  messages: {
    returncode: "ok_preview is true but returncode is {returncode}",
    timedOut: "ok_preview is true but the command timed out",
    stalled: "ok_preview is true but the pipe stalled",
  },
  check({ span }, report) {
    if (span.ok_preview !== true) return;
    if ("returncode" in span && span.returncode !== 0) report({ messageId: "returncode", data: { returncode: showValue(span.returncode) } });
    if (span.timed_out === true) report({ messageId: "timedOut" });
    if (span.stalled === true) report({ messageId: "stalled" });
  },
};
