// wrap's harness mode: caps sized to what the harness passes on, decided after the command exits, a notice at the
// head of clipped output, the span in the session's run file and the streams in the home store.
import { accessSync, constants } from "node:fs";
import { dirname } from "node:path";
import { clipNotice, FOLLOW_UP_BYTES, noticeAllowance, type NoticeContext } from "../harness/notice.js";
import { planKeep } from "../harness/keep-plan.js";
import { HARNESS_IDS, PROFILES } from "../harness/profiles.js";
import { RunFile } from "../run/append-record.js";
import type { RunToolOptions } from "../run/run-tool.js";
import { DEFAULT_SESSION_STORE_MAX, homeStore, sessionRunFile, toolspanHome } from "../store/home.js";
import { sweepHomeWhenDue } from "../store/home-sweep.js";
import type { OptionSpec, ParsedOptions } from "./option-parser.js";
import { selfInvocation } from "./self-invocation.js";
import { UsageError } from "./usage-error.js";
import { makeFolder } from "../util/make-folder.js";

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

function writableFolder(dir: string): boolean {
  try {
    makeFolder(dir, 0o700);
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** What harness mode sets: the run options, the run file, and what to do once the span is written; null without
 * --harness. */
export function harnessRunOptions(
  options: HarnessInput,
  env: NodeJS.ProcessEnv,
): { run: Partial<RunToolOptions>; runFile: string | null; afterSpan: () => Promise<void> } | null {
  const id = options.harness;
  if (id === undefined) {
    if (options.session !== undefined) throw new UsageError("--session goes with --harness");
    if (options.harnessLimit !== undefined) throw new UsageError("--harness-limit goes with --harness");
    return null;
  }
  for (const [key, flag] of DECIDED_BY_HARNESS) {
    if (options[key] !== undefined) throw new UsageError(`--${flag} and --harness contradict each other: the harness profile decides it`);
  }
  const session = options.session;
  if (!session) throw new UsageError("--harness needs --session ID (the harness's session id)");
  const profile = PROFILES[id];
  const home = toolspanHome(env);
  const path = options.out ?? sessionRunFile(home, id, session);
  // A sandbox that forbids writing the home (Codex's read-only one) must not stop the call: it runs, capped as the
  // harness needs, and the notice says the rest was not stored; only the span is lost.
  const runFile = writableFolder(dirname(path)) ? path : null;
  const context: NoticeContext = { invocation: selfInvocation(env), runFile: path, rangeBytes: FOLLOW_UP_BYTES };
  const allowance = noticeAllowance(context);
  const limit = options.harnessLimit;
  const budget = (returncode: number | null) => (limit ?? profile.limit({ returncode }, env)) - profile.framing - allowance;
  return {
    runFile,
    afterSpan: () => sweepHomeWhenDue(home, env),
    run: {
      harness: `${id}@${profile.verified}`,
      runId: options.runId ?? session,
      store: { dir: options.store ?? homeStore(home), maxBytes: options.storeMax ?? DEFAULT_SESSION_STORE_MAX },
      deferredKeep: {
        maxCap: Math.max(0, budget(0), budget(1)),
        settle: (ended) => planKeep(budget(ended.returncode), { stdout: ended.stdoutBytes, stderr: ended.stderrBytes }),
        notice: (figures) => clipNotice(figures, context),
      },
    },
  };
}

/** The session's run file opened for appending, or null when it cannot be (the call runs all the same). */
export function openHarnessRunFile(path: string | null): RunFile | null {
  if (path === null) return null;
  try {
    return RunFile.open(path);
  } catch {
    return null;
  }
}
