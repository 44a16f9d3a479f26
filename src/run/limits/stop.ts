// What the limits share, as execa's terminate/ modules share one kill and one termination reason: the first limit
// to fire stops the command's group and names the cause; a later one finds it stopped and changes nothing.
import { terminateGroup } from "../kill-group.js";

/** Why toolspan stopped the command: the limit that fired first. */
export type StopCause = "timeout" | "idle" | "abort";

/** What a limit is given: the call that stops the command, and a signal aborted when the limit must clear itself. */
export interface LimitHost {
  stop(cause: StopCause): void;
  readonly cleared: AbortSignal;
}

/** The limits' host for one command's group. */
export interface GroupStop extends LimitHost {
  /** The first limit that fired; null while none has. */
  readonly cause: StopCause | null;
  /** The command exited: every limit is cleared and `stop` does nothing more. A SIGKILL already on its way stays
   * armed, for group members that ignored SIGTERM and still hold the pipes. */
  exited(): void;
  /** toolspan is done with the command: a pending SIGKILL is cancelled. */
  done(): void;
}

/** Stops the group led by `pid` with SIGTERM, then SIGKILL after `killAfterMs`, once, for the first cause given. */
export function stopGroup(pid: number, killAfterMs: number): GroupStop {
  const limits = new AbortController();
  let cause: StopCause | null = null;
  let cancelKill: (() => void) | null = null;
  return {
    get cause() {
      return cause;
    },
    cleared: limits.signal,
    stop(first) {
      if (cause !== null || limits.signal.aborted) return;
      cause = first;
      cancelKill = terminateGroup(pid, killAfterMs);
    },
    exited: () => limits.abort(),
    done() {
      limits.abort();
      cancelKill?.();
    },
  };
}
