// toolspan's own folder for the spans and streams of harness sessions: $TOOLSPAN_HOME, else ~/.toolspan. One run
// file per agent session under runs/<harness>/, every stream in one blob store, so gc can keep the whole within a budget.
import { createHash } from "node:crypto";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** The folder: TOOLSPAN_HOME when set, else `.toolspan` in the user's home. */
export function toolspanHome(env: NodeJS.ProcessEnv): string {
  return resolve(env.TOOLSPAN_HOME || join(env.HOME || homedir(), ".toolspan"));
}

/** The blob store the harness sessions' streams go to. */
export const homeStore = (home: string): string => join(home, "store");

/** Streams of a session longer than this are not stored (the span says so): one call may not fill the disk. */
export const DEFAULT_SESSION_STORE_MAX = 1024 ** 3;

/** The folder that holds one run file per session, per harness. */
export const homeRuns = (home: string): string => join(home, "runs");

// A session id is the harness's: it becomes a file name only when it is a plain, short word.
const PLAIN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** The name a session's run file takes: the id itself when plain, else a hash of it (never a path). */
export function sessionFileName(sessionId: string): string {
  const stem = PLAIN_ID.test(sessionId) ? sessionId : `id-${createHash("sha256").update(sessionId).digest("hex").slice(0, 32)}`;
  return `${stem}.jsonl`;
}

/** The run file of one agent session of one harness. */
export const sessionRunFile = (home: string, harness: string, sessionId: string): string =>
  join(homeRuns(home), harness, sessionFileName(sessionId));
