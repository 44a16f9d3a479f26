// Forwards SIGINT, SIGTERM, SIGHUP and SIGQUIT received by this process to the process groups of running commands.
// One listener per signal for the whole process, however many commands run at once (no MaxListeners warning).
import { killGroup } from "./kill-group.js";

const FORWARDED: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT"];
const groups = new Set<number>();

function forward(signal: NodeJS.Signals): void {
  for (const pid of groups) killGroup(pid, signal);
}

/** Starts forwarding to the group led by `pid`; call the result once the command has exited. */
export function forwardSignalsTo(pid: number): () => void {
  if (groups.size === 0) for (const signal of FORWARDED) process.on(signal, forward);
  groups.add(pid);
  return () => {
    if (!groups.delete(pid)) return;
    if (groups.size === 0) for (const signal of FORWARDED) process.off(signal, forward);
  };
}
