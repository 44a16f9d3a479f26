// A host for one limit under test: it records the causes the limit stops with, and clears it on demand.
import type { LimitHost, StopCause } from "../../src/run/limits.js";

export function recordingHost(): { host: LimitHost; causes: StopCause[]; clear: () => void } {
  const causes: StopCause[] = [];
  const limits = new AbortController();
  return { host: { stop: (cause) => void causes.push(cause), cleared: limits.signal }, causes, clear: () => limits.abort() };
}
