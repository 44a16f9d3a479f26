import type { FileRule } from "../rule.js";

// Bounds the memory a file of unrelated runs can cost; past it, one more finding says so.
const MAX_TRACKED_RUNS = 1000;

// One file per agent run: mixing runs makes "the first clipped span" of an incident ambiguous.
export const mixedRuns: FileRule = {
  id: "mixed-runs",
  severity: "warning",
  description: "more than one run_id in one file (one file per agent run)",
  messages: {
    another: "run_id {runId} differs from {firstRunId} (line {firstLine}): one file should hold one agent run",
    tooMany: "more than {max} run_ids in this file; further ones are not reported",
  },
  start() {
    const seen = new Set<string>();
    let first: { runId: string; line: number } | null = null;
    let gaveUp = false;
    return ({ line, runId }) => {
      if (runId === null) return [];
      if (first === null) {
        first = { runId, line };
        seen.add(runId);
        return [];
      }
      if (seen.has(runId) || gaveUp) return [];
      if (seen.size >= MAX_TRACKED_RUNS) {
        gaveUp = true;
        return [{ messageId: "tooMany", data: { max: MAX_TRACKED_RUNS } }];
      }
      seen.add(runId);
      return [{ messageId: "another", data: { runId: JSON.stringify(runId), firstRunId: JSON.stringify(first.runId), firstLine: first.line } }];
    };
  },
};
