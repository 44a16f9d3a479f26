// The report of one run file: triage's reading of it (every format it reads), with every tool span tallied.
import { triageFile, type TriageResult } from "../triage/triage-file.js";
import { addSpan, newTally, type RunTally } from "./tally.js";

export interface RunReport {
  triage: TriageResult;
  tally: RunTally;
}

/** Rejects with UnreadableInput when the file cannot be read, like triageFile. */
export async function reportFile(path: string): Promise<RunReport> {
  const tally = newTally();
  const triage = await triageFile(path, (facts, lint, triaged) => addSpan(tally, facts, lint, triaged));
  return { triage, tally };
}
