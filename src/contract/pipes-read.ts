// Whether the span's writer says both pipes were read to their end, so empty streams mean the command printed
// nothing (`mkdir`, `touch`, a redirect the command line shows), not a lost pipe. Lint's possible-pipe-stall and
// triage's empty-streams-ok row ask this one question, so the two agree.
import { CONTRACT_ID } from "./constants.js";
import { isTranscriptSpan, unverifiableReason } from "./transcript-span.js";

type SpanObject = Record<string, unknown>;

/** toolspan's wrapper says so with `stalled: false`. A harness whose transcript shows the call end (an exit code
 * the model got: not killed at a time limit, not still running, not otherwise unverifiable) waited for the
 * command's exit and handed on what it printed: a pipe it lost would have shown as a timeout or a running call. */
export function pipesReadToEnd(span: SpanObject): boolean {
  if (span.contract === CONTRACT_ID && span.stalled === false) return true;
  return isTranscriptSpan(span) && span.timed_out !== true && unverifiableReason(span) === null && typeof span.returncode === "number";
}
