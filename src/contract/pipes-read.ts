// Whether the span's writer says both pipes were read to their end, so empty streams mean the command printed
// nothing (`mkdir`, `touch`, a redirect the command line shows), not a lost pipe. Lint's possible-pipe-stall and
// triage's empty-streams-ok row ask this one question, so the two agree.
import { CONTRACT_ID } from "./constants.js";
import { isTranscriptSpan, unverifiableReason } from "./transcript-span.js";

type SpanObject = Record<string, unknown>;

/** toolspan's wrapper says so with `stalled: false`. A transcript span whose call the harness saw end (a returncode,
 * stated or read from the harness's failure flag; not killed at a time limit, not still running, not otherwise
 * unverifiable) holds what the harness handed the model at the command's end: an empty result is what the model
 * read, and nothing in the span tells a silent command from a pipe the harness lost, so it is not warned of. */
export function pipesReadToEnd(span: SpanObject): boolean {
  if (span.contract === CONTRACT_ID && span.stalled === false) return true;
  return isTranscriptSpan(span) && span.timed_out !== true && unverifiableReason(span) === null && typeof span.returncode === "number";
}
