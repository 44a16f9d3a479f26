// The report of one run file: triage's reading of it (every format it reads), with every tool span tallied.
import type { ReadProgress } from "../formats/jsonl-lines.js";
import { triageFile, type TriageResult } from "../triage/triage-file.js";
import { FIRST_SPANS } from "./figures.js";
import { addSpan, newTally, type RunTally } from "./tally.js";

export interface RunReport {
  triage: TriageResult;
  tally: RunTally;
}

/** Rejects with UnreadableInput when the file cannot be read, like triageFile; `onProgress` hears of each chunk. */
export async function reportFile(path: string, onProgress?: ReadProgress): Promise<RunReport> {
  const tally = newTally();
  // Only the spans the report shows are kept: its memory stays flat however many need action.
  const triage = await triageFile(path, { observe: (facts, lint, triaged) => addSpan(tally, facts, lint, triaged), keep: FIRST_SPANS, ...(onProgress ? { onProgress } : {}) });
  return { triage, tally };
}
