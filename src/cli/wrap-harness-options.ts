// The options of `wrap --harness`, and their checks: loaded with every wrap, while what harness mode does is loaded
// only when it is asked for (./wrap-harness.ts), so a plain wrap does not pay for it at start-up.
import { HARNESS_IDS } from "../harness/profiles.js";
import type { OptionSpec, ParsedOptions } from "./option-parser.js";
import { UsageError } from "./usage-error.js";

export const HARNESS_OPTIONS = [
  {
    name: "harness",
    kind: "choice",
    value: "ID",
    choices: HARNESS_IDS,
    help: "keep what this harness passes on (claude-code, codex, gemini), decided once the command exits; clipped output starts with a notice that says how to read the rest; the span goes to the session's run file under $TOOLSPAN_HOME (docs/harnesses.md)",
  },
  { name: "session", kind: "string", value: "ID", help: "with --harness: the harness's session id, the span's run_id and its run file" },
  { name: "harness-limit", kind: "count", value: "N", min: 1, help: "with --harness: what the harness passes on of a call's output, in characters, when its settings change the profile's (the hook reads them)" },
] as const satisfies readonly OptionSpec[];

// The options whose work --harness does itself, by parsed name and flag.
const DECIDED_BY_HARNESS = [
  ["cap", "cap"],
  ["noCap", "no-cap"],
  ["stdoutCap", "stdout-cap"],
  ["stderrCap", "stderr-cap"],
  ["keep", "keep"],
  ["marker", "marker"],
  ["json", "json"],
] as const;

/** What harness mode reads of wrap's options: its own, those it decides, and where the span and streams go. */
export type HarnessInput = ParsedOptions<typeof HARNESS_OPTIONS> & { [Key in (typeof DECIDED_BY_HARNESS)[number][0]]?: unknown } & {
  out?: string;
  runId?: string;
  store?: string;
  storeMax?: number;
};

/** Whether --harness was given, once the options that go with it are checked (usage errors otherwise). */
export function harnessGiven(options: HarnessInput): options is HarnessInput & { harness: NonNullable<HarnessInput["harness"]>; session: string } {
  if (options.harness === undefined) {
    if (options.session !== undefined) throw new UsageError("--session goes with --harness");
    if (options.harnessLimit !== undefined) throw new UsageError("--harness-limit goes with --harness");
    return false;
  }
  for (const [key, flag] of DECIDED_BY_HARNESS) {
    if (options[key] !== undefined) throw new UsageError(`--${flag} and --harness contradict each other: the harness profile decides it`);
  }
  if (!options.session) throw new UsageError("--harness needs --session ID (the harness's session id)");
  return true;
}
