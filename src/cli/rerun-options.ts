// The options `rerun` and `debug` share, for how each rerun runs and what it keeps: one table and one mapping to the
// library's rerun options, so the two commands cannot drift apart.
import { DEFAULT_SHOW_BYTES, type RerunOptions } from "../rerun/rerun-span.js";
import { MAX_LINE_OPTION } from "./max-line-option.js";
import type { OptionSpec, ParsedOptions } from "./option-parser.js";

export const RERUN_OPTIONS = [
  { name: "yes", kind: "flag", help: "rerun without asking (without it, a terminal is asked before each rerun and anything else runs nothing)" },
  { name: "out", kind: "string", value: "RUN", help: "append each rerun's full span, with rerun_of and rerun_verdict, to the run file RUN" },
  { name: "save", kind: "string", value: "DIR", help: "write each rerun's full streams to DIR/<new span id>.stdout and .stderr" },
  { name: "no-normalize", kind: "flag", help: "diff previews as they are: keep timestamps, durations, addresses, pids and temp paths" },
  { name: "show-bytes", kind: "count", value: "N", min: 1, help: `bytes shown of each unseen range: its first and last half when longer (default ${DEFAULT_SHOW_BYTES})` },
  { name: "timeout", kind: "seconds", value: "SECONDS", positive: true, help: "stop each rerun after this long (SIGTERM, then SIGKILL), as in wrap" },
  { name: "idle-timeout", kind: "seconds", value: "SECONDS", positive: true, help: "stop a rerun that prints nothing for this long, as in wrap" },
  MAX_LINE_OPTION,
] as const satisfies readonly OptionSpec[];

/** How each rerun runs, from the shared options. */
export function rerunRunOptions(options: ParsedOptions<typeof RERUN_OPTIONS>): Pick<RerunOptions, "timeoutSeconds" | "idleTimeoutSeconds" | "saveDir" | "showBytes" | "normalize" | "forwardSignals"> {
  return {
    timeoutSeconds: options.timeout,
    idleTimeoutSeconds: options.idleTimeout,
    saveDir: options.save,
    showBytes: options.showBytes,
    normalize: options.noNormalize !== true,
    forwardSignals: true,
  };
}
