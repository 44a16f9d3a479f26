// OpenHands trajectories: a JSON array of events. A `run` action (execute_bash) is answered by a `run`
// observation whose `cause` is the action's id; `extras.metadata.exit_code` is -1 when the command timed out or
// was still running. A `finish` action is the agent declaring it is done.
import { CallLog } from "./call-log.js";
import type { TranscriptRead } from "./call.js";
import { integerOr, isObject, stringOr } from "./json-values.js";

const RUNS = new Set(["run", "run_ipython"]);

/** Reads an OpenHands event list. */
export function readOpenHands(events: readonly unknown[]): TranscriptRead {
  const log = new CallLog();
  events.forEach((event, position) => {
    const index = position + 1;
    if (!isObject(event)) return log.problem(null, index, "an event that is not a JSON object; skipped");
    const action = stringOr(event.action);
    const observation = stringOr(event.observation);
    const args = isObject(event.args) ? event.args : {};
    if (action !== null && RUNS.has(action)) {
      const metadata = isObject(event.tool_call_metadata) ? event.tool_call_metadata : {};
      const command = stringOr(args.command) ?? stringOr(args.code);
      log.call({
        callId: event.id === undefined ? null : String(event.id),
        toolName: stringOr(metadata.function_name, action)!,
        // execute_bash runs in OpenHands' bash session; run_ipython's code is no shell's.
        ...(command !== null ? { command, ...(action === "run" ? { shell: "bash" } : {}) } : {}),
        cwd: null,
        line: null,
        index,
      });
    } else if (action === "finish") log.declareSuccess();
    else if (action === "message" && event.source === "agent") log.assistantText(stringOr(args.content) ?? stringOr(event.message, "")!);
    else if (observation !== null && RUNS.has(observation)) {
      const cause = event.cause === undefined ? null : String(event.cause);
      const extras = isObject(event.extras) ? event.extras : {};
      const metadata = isObject(extras.metadata) ? extras.metadata : {};
      const code = integerOr(metadata.exit_code);
      const matched =
        cause !== null &&
        log.result(cause, () => ({
          stdout: stringOr(event.content, "")!,
          ...(code !== undefined && code !== -1 ? { returncode: code } : {}),
          unverifiable: code === -1 ? "exit code -1: the command timed out or was still running" : null,
          cwd: stringOr(metadata.working_dir),
        }));
      if (!matched) log.problem(null, index, `observation '${observation}' (cause ${JSON.stringify(cause)}) has no matching call; skipped`);
    } else if (action === null && observation === null) log.problem(null, index, "an event with neither action nor observation; skipped");
  });
  return { format: "openhands", harnessVersion: null, sessionId: null, calls: log.end(), problems: log.problems };
}
