// Exit statuses as a shell reports them, and the status `wrap` itself exits with.
import { constants } from "node:os";

/** 128+N for a process killed by signal N, else its own code; null when it never ran. */
export function shellReturnCode(code: number | null, signal: string | null): number | null {
  if (signal !== null) {
    const number = (constants.signals as Record<string, number | undefined>)[signal];
    return 128 + (number ?? 0);
  }
  return code;
}

/** The figures of a finished run that decide `wrap`'s own exit status. */
export interface ExitFacts {
  returncode: number | null;
  error: string | null;
  timed_out: boolean;
  stalled: boolean;
  idleTimedOut: boolean;
  /** The command was not found (as opposed to found but not startable, or a bad working directory). */
  notFound: boolean;
}

/** 124 when toolspan's timeout fired, 127 when the command was not found, 126 when it could not start, else the returncode. */
export function wrapExitCode(facts: ExitFacts): number {
  if (facts.timed_out || facts.idleTimedOut) return 124;
  if (facts.returncode === null) return facts.notFound ? 127 : 126;
  return facts.returncode;
}
