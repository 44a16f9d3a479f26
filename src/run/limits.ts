// The limits that stop a command (--timeout, --idle-timeout, the caller's AbortSignal), each a small function on one
// host, as execa's terminate/ modules share one kill and one termination reason: the first limit to fire stops the
// command's group and names the cause; a later one finds it stopped and changes nothing. One module, not one each:
// every wrap loads all of them, and each module costs start-up time (BENCHMARKS.md).
import { terminateGroup } from "./kill-group.js";
import { quietTimer, type PausedPipes, type QuietTimer } from "./quiet-timer.js";

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

/** --timeout: the command may run this long in all. Stops the command with cause `timeout` once `ms` have passed
 * (null: no limit), unless cleared first. */
export function stopOnTimeout(ms: number | null, host: LimitHost): void {
  if (ms === null) return;
  const timer = setTimeout(() => host.stop("timeout"), ms);
  host.cleared.addEventListener("abort", () => clearTimeout(timer), { once: true });
}

/** --idle-timeout: the command may be silent this long; time a pipe is paused for a slow consumer is not its silence.
 * Stops the command with cause `idle` after `ms` without output (null: no limit), unless cleared first; `touch`
 * the result for each chunk the command writes. */
export function stopOnIdle(ms: number | null, host: LimitHost, paused: PausedPipes): QuietTimer | null {
  if (ms === null) return null;
  const timer = quietTimer(ms, () => host.stop("idle"), paused);
  host.cleared.addEventListener("abort", () => timer.clear(), { once: true });
  return timer;
}

/** RunToolOptions.signal: the caller may stop the command at any time, even before it started. Stops the command
 * with cause `abort` when `signal` aborts (at once if it already has), unless cleared first. */
export function stopOnAbort(signal: AbortSignal | undefined, host: LimitHost): void {
  if (!signal) return;
  const onAbort = (): void => host.stop("abort");
  if (signal.aborted) {
    // A turn later, as a live abort would come: the caller has set up everything else first.
    queueMicrotask(() => {
      if (!host.cleared.aborted) onAbort();
    });
    return;
  }
  signal.addEventListener("abort", onAbort, { once: true });
  host.cleared.addEventListener("abort", () => signal.removeEventListener("abort", onAbort), { once: true });
}
