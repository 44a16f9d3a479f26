// --idle-timeout: the command may be silent this long; time a pipe is paused for a slow consumer is not its silence.
import { quietTimer, type PausedPipes, type QuietTimer } from "../quiet-timer.js";
import type { LimitHost } from "./stop.js";

/** Stops the command with cause `idle` after `ms` without output (null: no limit), unless cleared first; `touch`
 * the result for each chunk the command writes. */
export function stopOnIdle(ms: number | null, host: LimitHost, paused: PausedPipes): QuietTimer | null {
  if (ms === null) return null;
  const timer = quietTimer(ms, () => host.stop("idle"), paused);
  host.cleared.addEventListener("abort", () => timer.clear(), { once: true });
  return timer;
}
