// Signals go to the command's whole process group, so its children stop with it.

/** Sends `signal` to every process in the group led by `pid`; a group that is already gone is not an error. */
export function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

/** SIGTERM now, SIGKILL after `killAfterMs` unless cancelled (call the result when the process has exited). */
export function terminateGroup(pid: number, killAfterMs: number): () => void {
  killGroup(pid, "SIGTERM");
  const timer = setTimeout(() => killGroup(pid, "SIGKILL"), killAfterMs);
  return () => clearTimeout(timer);
}
