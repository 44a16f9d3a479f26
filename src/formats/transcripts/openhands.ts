// OpenHands histories, in the three shapes it has written them:
// - a JSON array of events (the trajectory a session saves, and `history` in newer evaluation output): a `run`
//   action (execute_bash) is answered by a `run` observation whose `cause` is the action's id;
//   `extras.metadata.exit_code` is -1 when the command timed out or was still running;
// - older histories with no `id` or `cause`: an observation answers the oldest action still waiting (OpenHands
//   runs one command at a time), and its exit code is `extras.exit_code` (or, with no `args` and `extras`, the
//   event's own keys: `command` / `code` beside `action`, `exit_code` beside `observation`);
// - the oldest evaluation output, `history` as [action, observation] pairs: each pair is a call and its result.
// Evaluation runs are published as `output.jsonl`, one instance a line with its `history` (OpenHands'
// evaluation/utils/shared.py, EvaluationOutput: instance_id, instruction, history, metadata, test_result); its
// issue resolver writes an `output.jsonl` the same way, one issue a line.
// A `finish` action is the agent declaring it is done. File views and edits (`read` / `edit` actions, the
// str_replace_editor tool) are calls too: OpenHands clips a long view with `<response clipped>` before the model
// sees it, as it clips a command's output.
import { CallLog } from "./call-log.js";
import type { TranscriptCall, TranscriptRead, TranscriptReader } from "./call.js";
import { integerOr, isObject, parseObjectLine, stringOr, type JsonObject } from "./json-values.js";
import { isSdkInstance, OpenHandsSdkReader } from "./openhands-sdk.js";

const RUNS = new Set(["run", "run_ipython"]);
const FILE_ACTIONS = new Set(["read", "edit"]);
const CALLS: ReadonlySet<string> = new Set([...RUNS, ...FILE_ACTIONS]);

/** Where a history sits: the line of an output.jsonl instance (null in a trajectory file), and what tells its
 * event ids from another instance's. */
interface HistoryPlace {
  line: number | null;
  idPrefix: string;
}

/** An array of [action, observation] pairs: the oldest evaluation output. */
export const isPairHistory = (history: readonly unknown[]): boolean =>
  history.length > 0 && history.every((entry) => Array.isArray(entry) && entry.length === 2 && entry.some(isObject));

/** Reads an OpenHands history into `log`. */
function readHistory(history: readonly unknown[], log: CallLog, place: HistoryPlace): void {
  // Calls without an id, in the order made: an observation without a cause answers the first.
  const waiting: TranscriptCall[] = [];
  const pairs = isPairHistory(history);
  const events = pairs ? history.flatMap((pair) => pair as unknown[]) : history;
  events.forEach((event, position) => {
    // A pair's two events share its position: the index names the pair.
    const index = (pairs ? Math.floor(position / 2) : position) + 1;
    if (!isObject(event)) return log.problem(place.line, index, "an event that is not a JSON object; skipped");
    const action = stringOr(event.action);
    const observation = stringOr(event.observation);
    // The oldest output (the resolver's of mid-2024) wrote each event flat: its arguments beside `action`.
    const args = isObject(event.args) ? event.args : "args" in event ? {} : event;
    if (action !== null && CALLS.has(action)) {
      const metadata = isObject(event.tool_call_metadata) ? event.tool_call_metadata : {};
      // A file action's `command` is str_replace_editor's sub-command (`view`, `str_replace`), not a command line.
      const command = RUNS.has(action) ? (stringOr(args.command) ?? stringOr(args.code)) : null;
      const call = log.call({
        callId: eventId(event.id, place.idPrefix),
        toolName: stringOr(metadata.function_name, action)!,
        // execute_bash runs in OpenHands' bash session; run_ipython's code is no shell's.
        ...(command !== null ? { command, ...(action === "run" ? { shell: "bash" } : {}) } : {}),
        cwd: null,
        line: place.line,
        index,
      });
      if (call.callId === null || pairs) waiting.push(call);
    } else if (action === "finish") log.declareSuccess();
    else if (action === "message" && event.source === "agent") log.assistantText(stringOr(args.content) ?? stringOr(event.message, "")!);
    else if (observation !== null && CALLS.has(observation)) {
      const cause = eventId(event.cause, place.idPrefix);
      const result = observationResult(event);
      // In a pair, the observation is its own action's; else the cause names it, or the oldest call waiting.
      const call = pairs || cause === null ? waiting.shift() : undefined;
      if (call !== undefined) log.resultFor(call, result);
      else if (!(cause !== null && log.result(cause, () => result))) {
        log.problem(place.line, index, `observation '${observation}' (cause ${JSON.stringify(cause)}) has no matching call; skipped`);
      }
    } else if (action === null && observation === null) log.problem(place.line, index, "an event with neither action nor observation; skipped");
  });
}

function observationResult(event: JsonObject) {
  const extras = isObject(event.extras) ? event.extras : {};
  const metadata = isObject(extras.metadata) ? extras.metadata : {};
  const code = integerOr(metadata.exit_code) ?? integerOr(extras.exit_code) ?? integerOr(event.exit_code);
  return {
    stdout: stringOr(event.content, "")!,
    ...(code !== undefined && code !== -1 ? { returncode: code } : {}),
    unverifiable: code === -1 ? "exit code -1: the command timed out or was still running" : null,
    cwd: stringOr(metadata.working_dir),
  };
}

/** Reads an OpenHands event list (or list of pairs). */
export function readOpenHands(events: readonly unknown[]): TranscriptRead {
  const log = new CallLog();
  readHistory(events, log, { line: null, idPrefix: "" });
  return { format: "openhands", harnessVersion: null, sessionId: null, calls: log.end(), problems: log.problems };
}

// The issue OpenHands' resolver worked on (openhands/resolver/interfaces/issue.py, Issue: owner, repo, number, …).
const isResolverIssue = (issue: unknown): boolean =>
  isObject(issue) && typeof issue.owner === "string" && typeof issue.repo === "string" && typeof issue.number === "number";

/** An output.jsonl line: an evaluation instance with its history, or the resolver's output for one issue
 * (openhands/resolver/resolver_output.py, ResolverOutput: issue, …, history, success). */
export const isEvaluationInstance = (record: JsonObject): boolean =>
  (typeof record.instance_id === "string" || isResolverIssue(record.issue) || isKeyedById(record)) && Array.isArray(record.history);

// Benchmarks other than SWE-bench named the instance `id` in mid-2024 output (OpenDevin's logic_reasoning,
// ProntoQA: {id, instance, instruction, history, …}), beside the instance itself and the prompt it got.
const isKeyedById = (record: JsonObject): boolean =>
  (typeof record.id === "string" || typeof record.id === "number") && isObject(record.instance) && typeof record.instruction === "string";

/** OpenHands evaluation output (`output.jsonl`): each line's history, its calls placed at that line. An SDK run's
 * output is detected by its first instance; one whose first instances have no history (runs that failed to start)
 * is handed to the SDK reader at its first instance of V1 events. */
export class OpenHandsEvalReader implements TranscriptReader {
  readonly format = "openhands" as const;
  private readonly log = new CallLog();
  private version: string | null = null;
  private sawV0Events = false;
  private sdk: OpenHandsSdkReader | null = null;

  line(text: string, line: number): void {
    if (this.sdk !== null) return this.sdk.line(text, line);
    if (text.trim() === "") return;
    const record = parseObjectLine(text);
    if (typeof record === "string") return this.log.unparsedLine(line, record);
    if (!isEvaluationInstance(record)) return this.log.problem(line, null, "no instance_id (or id and instance, or resolver issue) and history (a predictions line, not an agent's run); skipped");
    if (isSdkInstance(record)) {
      if (this.sawV0Events) return this.log.problem(line, null, "its history holds OpenHands SDK (V1) events, but the file's first instance is V0's: audit the V1 lines apart; skipped");
      this.sdk = new OpenHandsSdkReader();
      return this.sdk.line(text, line);
    }
    const metadata = isObject(record.metadata) ? record.metadata : {};
    // The OpenHands commit the run was made with is the nearest thing to a version the output names.
    this.version ??= stringOr(metadata.git_commit);
    const history = record.history as unknown[];
    if (history.length > 0) this.sawV0Events = true;
    // Event ids start again in every instance: the line keeps them apart.
    readHistory(history, this.log, { line, idPrefix: `${line}:` });
  }

  end(): TranscriptRead {
    const v0 = { format: this.format, harnessVersion: this.version, sessionId: null, calls: this.log.end(), problems: this.log.problems };
    if (this.sdk === null) return v0;
    // Before the SDK's instances only empty histories and skipped lines came: their problems stay, in line order.
    const sdk = this.sdk.end();
    return { ...sdk, problems: [...v0.problems, ...sdk.problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0)) };
  }
}

// An event's id or cause as OpenHands writes it, a number (or a string in some exports); any other value names no
// event. Never String() of an object: a hostile one's own toString (or none) would throw or speak for it.
function eventId(value: unknown, prefix: string): string | null {
  if (typeof value === "string") return `${prefix}${value}`;
  return typeof value === "number" && Number.isFinite(value) ? `${prefix}${value}` : null;
}
