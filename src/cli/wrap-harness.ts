// wrap's harness mode: caps sized to what the harness passes on, decided after the command exits, a notice at the
// head of clipped output, the span in the session's run file and the streams in the home store.
import { accessSync, constants, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { clipNotice, FOLLOW_UP_BYTES, noticeAllowance, type NoticeContext } from "../harness/notice.js";
import { planKeep } from "../harness/keep-plan.js";
import { HARNESS_IDS, PROFILES, type HarnessId } from "../harness/profiles.js";
import { RunFile } from "../run/append-record.js";
import type { RunToolOptions } from "../run/run-tool.js";
import { DEFAULT_SESSION_STORE_MAX, homeStore, sessionRunFile, toolspanHome } from "../store/home.js";
import { sweepHomeWhenDue } from "../store/home-sweep.js";
import type { OptionSpec, ParsedValue } from "./option-parser.js";
import { selfInvocation } from "./self-invocation.js";
import { UsageError } from "./usage-error.js";

export const HARNESS_OPTIONS: readonly OptionSpec[] = [
  {
    name: "harness",
    kind: "choice",
    value: "ID",
    choices: HARNESS_IDS,
    help: "keep what this harness passes on (claude-code, codex, gemini), decided once the command exits; clipped output starts with a notice that says how to read the rest; the span goes to the session's run file under $TOOLSPAN_HOME (docs/harnesses.md)",
  },
  { name: "session", kind: "string", value: "ID", help: "with --harness: the harness's session id, the span's run_id and its run file" },
  { name: "harness-limit", kind: "count", value: "N", min: 1, help: "with --harness: what the harness passes on of a call's output, in characters, when its settings change the profile's (the hook reads them)" },
];

// The options whose work --harness does itself.
const DECIDED_BY_HARNESS = ["cap", "no-cap", "stdout-cap", "stderr-cap", "keep", "marker", "json"];

function writableFolder(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** What harness mode sets: the run options, the run file, and what to do once the span is written; null without
 * --harness. */
export function harnessRunOptions(
  options: Map<string, ParsedValue>,
  env: NodeJS.ProcessEnv,
): { run: Partial<RunToolOptions>; runFile: string | null; afterSpan: () => Promise<void> } | null {
  const id = options.get("harness") as HarnessId | undefined;
  if (id === undefined) {
    for (const name of ["session", "harness-limit"]) if (options.has(name)) throw new UsageError(`--${name} goes with --harness`);
    return null;
  }
  for (const name of DECIDED_BY_HARNESS) if (options.has(name)) throw new UsageError(`--${name} and --harness contradict each other: the harness profile decides it`);
  const session = options.get("session") as string | undefined;
  if (!session) throw new UsageError("--harness needs --session ID (the harness's session id)");
  const profile = PROFILES[id];
  const home = toolspanHome(env);
  const path = (options.get("out") as string | undefined) ?? sessionRunFile(home, id, session);
  // A sandbox that forbids writing the home (Codex's read-only one) must not stop the call: it runs, capped as the
  // harness needs, and the notice says the rest was not stored; only the span is lost.
  const runFile = writableFolder(dirname(path)) ? path : null;
  const context: NoticeContext = { invocation: selfInvocation(env), runFile: path, rangeBytes: FOLLOW_UP_BYTES };
  const allowance = noticeAllowance(context);
  const limit = options.get("harness-limit") as number | undefined;
  const budget = (returncode: number | null) => (limit ?? profile.limit({ returncode }, env)) - profile.framing - allowance;
  return {
    runFile,
    afterSpan: () => sweepHomeWhenDue(home, env),
    run: {
      harness: `${id}@${profile.verified}`,
      runId: (options.get("run-id") as string | undefined) ?? session,
      store: { dir: (options.get("store") as string | undefined) ?? homeStore(home), maxBytes: (options.get("store-max") as number | undefined) ?? DEFAULT_SESSION_STORE_MAX },
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
