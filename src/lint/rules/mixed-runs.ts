import { FingerprintSet } from "../fingerprint-set.js";
import { showValue, type FileRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";

// Bounds the memory a file of unrelated runs can cost; past it, one more finding says so.
const MAX_TRACKED_RUNS = 1000;

// One file per agent run: mixing runs makes "the first clipped span" of an incident ambiguous.
export const mixedRuns: FileRule = {
  id: RULE_IDS.mixedRuns,
  severity: "warning",
  description: "more than one run_id in one file (one file per agent run)",
  messages: {
    another: "run_id {runId} differs from {firstRunId} (line {firstLine}): one file should hold one agent run",
    tooMany: "more than {max} run_ids in this file; further ones are not reported",
  },
  start() {
    // Fingerprints, not the ids: a file of huge run_ids costs no more than one of short ones.
    const seen = new FingerprintSet();
    let first: { shown: string; line: number } | null = null;
    let distinct = 0;
    return ({ line, runId }) => {
      if (runId === null || distinct > MAX_TRACKED_RUNS) return [];
      if (seen.add(runId, line) !== null) return [];
      distinct++;
      if (first === null) {
        first = { shown: showValue(runId), line };
        return [];
      }
      if (distinct > MAX_TRACKED_RUNS) return [{ messageId: "tooMany", data: { max: MAX_TRACKED_RUNS } }];
      return [{ messageId: "another", data: { runId: showValue(runId), firstRunId: first.shown, firstLine: first.line } }];
    };
  },
};
