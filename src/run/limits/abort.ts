// RunToolOptions.signal: the caller may stop the command at any time, even before it started.
import type { LimitHost } from "./stop.js";

/** Stops the command with cause `abort` when `signal` aborts (at once if it already has), unless cleared first. */
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
