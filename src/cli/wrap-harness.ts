// wrap's harness mode: caps sized to what the harness passes on, decided after the command exits, a notice at the
// head of clipped output, the span in the session's run file and the streams in the home store.
import { accessSync, constants } from "node:fs";
import { dirname } from "node:path";
import { clipNotice, FOLLOW_UP_BYTES, noticeAllowance, type NoticeContext } from "../harness/notice.js";
import { planKeep } from "../harness/keep-plan.js";
import { PROFILES } from "../harness/profiles.js";
import { RunFile } from "../run/append-record.js";
import type { RunToolOptions } from "../run/run-tool.js";
import { DEFAULT_SESSION_STORE_MAX, homeStore, sessionRunFile, toolspanHome } from "../store/home.js";
import { sweepHomeWhenDue } from "../store/home-sweep.js";
import { selfInvocation } from "./self-invocation.js";
import type { HarnessInput } from "./wrap-harness-options.js";
import { makeFolder } from "../util/make-folder.js";

function writableFolder(dir: string): boolean {
  try {
    makeFolder(dir, 0o700);
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** What harness mode sets once harnessGiven has checked the options: the run options, the run file, and what to do
 * once the span is written. */
export function harnessRunOptions(
  options: HarnessInput & { harness: NonNullable<HarnessInput["harness"]>; session: string },
  env: NodeJS.ProcessEnv,
): { run: Partial<RunToolOptions>; openRunFile: () => RunFile | null; afterSpan: () => Promise<void> } {
  const id = options.harness;
  const session = options.session;
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
    openRunFile: () => openRunFile(runFile),
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

// The session's run file opened for appending, or null when it cannot be (the call runs all the same).
function openRunFile(path: string | null): RunFile | null {
  if (path === null) return null;
  try {
    return RunFile.open(path);
  } catch {
    return null;
  }
}
