// --timeout: the command may run this long in all.
import type { LimitHost } from "./stop.js";

/** Stops the command with cause `timeout` once `ms` have passed (null: no limit), unless cleared first. */
export function stopOnTimeout(ms: number | null, host: LimitHost): void {
  if (ms === null) return;
  const timer = setTimeout(() => host.stop("timeout"), ms);
  host.cleared.addEventListener("abort", () => clearTimeout(timer), { once: true });
}
