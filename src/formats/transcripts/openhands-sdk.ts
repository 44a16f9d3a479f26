// OpenHands V1 conversations (the software-agent-sdk, OpenHands/software-agent-sdk): each event is one pydantic
// model serialised with its class in `kind` (openhands-sdk/openhands/sdk/event/). LocalConversation keeps them
// under ~/.openhands/conversations/<id>/events/, one compact JSON file an event, `event-{idx:05d}-{event_id}.json`
// (conversation/persistence_const.py, event_store.py); exports write them as a JSON array or a line each.
// - ActionEvent {tool_name, tool_call_id, action: {kind, …}}: a call; `action.command` is the terminal's command
//   line (TerminalAction; ExecuteBashAction of tool `execute_bash` before 1.3). A `finish` call is the agent
//   declaring it is done.
// - ObservationEvent {tool_name, tool_call_id, action_id, observation: {kind, content: [{type: "text", text}],
//   is_error, …}} answers it; before 1.0 the text was `observation.output`. TerminalObservation adds `exit_code`
//   (null where the command never ran; -1 where the timeout hit and it still runs, or no exit code could be read),
//   `timeout`, and `metadata` {working_dir, prefix, suffix}:
//   the model reads prefix + text + suffix (tools/terminal/definition.py, to_llm_content).
// - AgentErrorEvent {tool_call_id, error} and UserRejectObservation {tool_call_id, rejection_reason} answer a call
//   that did not run: the model reads the error, or "Action rejected: <reason>".
// - MessageEvent {source, llm_message: {role, content}}: what the agent said.
// The SDK cuts a file view to 16,000 characters (MAX_RESPONSE_LEN_CHAR) with maybe_truncate
// (openhands-sdk/openhands/sdk/utils/truncate.py), which keeps head and tail around `<response clipped><NOTE>…`:
// that notice is in the text the event holds. A terminal result past 30,000 characters (MAX_CMD_OUTPUT_SIZE) and
// a tool's text past 50,000 are held whole and cut on their way to the model: the reader makes the same cut
// (openhands-truncate.ts), so the model's copy and the whole are both known.
import { CallLog, type CallResult } from "./call-log.js";
import type { TranscriptCall, TranscriptRead, TranscriptReader } from "./call.js";
import { contentText, integerOr, isObject, parseObjectLine, stringOr, type JsonObject } from "./json-values.js";
import { grouped } from "../plural.js";
import { firstCodePoints } from "../../util/code-points.js";
import { sdkTruncate, type SdkCut } from "./openhands-truncate.js";

const SOURCES: ReadonlySet<unknown> = new Set(["agent", "user", "environment", "hook"]);
const TERMINAL_TOOLS: ReadonlySet<string> = new Set(["terminal", "execute_bash"]);

// tools/terminal/constants.py MAX_CMD_OUTPUT_SIZE, applied again by TerminalObservation.to_llm_content.
const TERMINAL_LIMIT = 30_000;
// utils/truncate.py DEFAULT_TEXT_CONTENT_LIMIT: llm/message.py cuts any tool result's text to it.
const TEXT_LIMIT = 50_000;

/** A record of a V1 conversation: the SDK's event envelope, {kind, id, timestamp, source}. */
export const isSdkEvent = (value: unknown): value is JsonObject =>
  isObject(value) && typeof value.kind === "string" && typeof value.id === "string" && typeof value.timestamp === "string" && SOURCES.has(value.source);

/** Where an event sits: its line in a JSON-lines file, or its position (from 1) in an array or events directory. */
interface EventPlace {
  line: number | null;
  index: number | null;
}

/** Reads V1 events one at a time, in the order they were written. */
class SdkEvents {
  readonly log = new CallLog();
  // Calls by their ActionEvent's id (what an observation's action_id names); the tool_call_id pairs the rest.
  private readonly byAction = new Map<string, TranscriptCall>();
  // The finish calls' ids: their observation only echoes the agent's message.
  private readonly finishes = new Set<string>();

  event(event: unknown, place: EventPlace): void {
    if (!isSdkEvent(event)) return this.log.problem(place.line, place.index, "not an OpenHands SDK event ({kind, id, timestamp, source}); skipped");
    if (event.kind === "ActionEvent") this.action(event, place);
    else if (event.kind === "MessageEvent") this.message(event);
    else if (typeof event.tool_call_id === "string" && typeof event.tool_name === "string") this.result(event, place);
  }

  private action(event: JsonObject, place: EventPlace): void {
    const toolName = stringOr(event.tool_name, "(unnamed tool)")!;
    const callId = stringOr(event.tool_call_id);
    const action = isObject(event.action) ? event.action : {};
    if (toolName === "finish" || action.kind === "FinishAction") {
      if (callId !== null) this.finishes.add(callId);
      return this.log.declareSuccess();
    }
    // With is_input the text goes to the command still running (an empty one waits for its output): no command
    // line of its own, nothing to rerun.
    const command = TERMINAL_TOOLS.has(toolName) && action.is_input !== true ? stringOr(action.command) : null;
    const call = this.log.call({ callId, toolName, ...(command !== null ? { command, shell: "bash" } : {}), cwd: null, line: place.line, index: place.index });
    this.byAction.set(event.id as string, call);
  }

  private message(event: JsonObject): void {
    const message = isObject(event.llm_message) ? event.llm_message : {};
    if (event.source === "agent") this.log.assistantText(contentText(message.content));
  }

  private result(event: JsonObject, place: EventPlace): void {
    const callId = event.tool_call_id as string;
    if (this.finishes.delete(callId)) return;
    const result = observationResult(event);
    const call = typeof event.action_id === "string" ? this.byAction.get(event.action_id) : undefined;
    if (call !== undefined) {
      this.byAction.delete(event.action_id as string);
      return this.log.resultFor(call, result);
    }
    if (!this.log.result(callId, () => result)) {
      this.log.problem(place.line, place.index, `${String(event.kind)} for tool_call_id ${JSON.stringify(callId)} has no matching ActionEvent; skipped`);
    }
  }
}

// What the model read of an observation, error or rejection, with the terminal's exit code and directory.
function observationResult(event: JsonObject): CallResult {
  if (event.kind === "AgentErrorEvent") return { stdout: stringOr(event.error, "")! };
  if (event.kind === "UserRejectObservation") return { stdout: `Action rejected: ${stringOr(event.rejection_reason, "User rejected the action")}` };
  const observation = isObject(event.observation) ? event.observation : {};
  const parts = Array.isArray(observation.content) ? observation.content.map((part) => contentText(part)) : [stringOr(observation.output, "")!];
  if (observation.kind !== "TerminalObservation" && observation.kind !== "ExecuteBashObservation") return messageCut(parts);
  const metadata = isObject(observation.metadata) ? observation.metadata : {};
  const stdout = `${stringOr(metadata.prefix, "")}${parts.join("\n")}${stringOr(metadata.suffix, "")}`;
  // The observation's own: metadata.exit_code defaults to -1, also where the command never ran (an error). Before
  // 1.0 (the text in `output`) the observation's own was always null and metadata.exit_code held the code, -1 where
  // the command was still running at the timeout or never ran (`error: true`: a command refused before it started).
  const code = integerOr(observation.exit_code) ?? (typeof observation.output === "string" && observation.error !== true ? integerOr(metadata.exit_code) : undefined);
  const running = code === -1 || observation.timeout === true;
  const figures = {
    ...(code !== undefined && code !== -1 ? { returncode: code } : {}),
    cwd: stringOr(metadata.working_dir),
  };
  if (running) return { stdout, ...figures, unverifiable: "exit code -1: the command was still running at the SDK's timeout, or its exit code could not be read" };
  // to_llm_content cuts what the model reads, the lines it adds included; its notice names the file the whole went
  // to, where the observation has a full_output_save_dir.
  const read = `${stdout}${terminalTrailer(metadata)}`;
  const cut = alreadyClipped(read) ? "fits" : sdkTruncate(read, TERMINAL_LIMIT, stringOr(observation.full_output_save_dir), "terminal");
  return cut === "fits" ? { stdout, ...figures } : { ...cutOnTheWay(read, cut), ...figures };
}

// The lines to_llm_content adds after prefix + text + suffix before it cuts at the limit (openhands-tools
// terminal/definition.py, read at 146906ad): they count toward the limit, so a text just under it was cut too.
// metadata.exit_code defaults to -1 (CmdOutputMetadata), which adds no line.
function terminalTrailer(metadata: JsonObject): string {
  const workingDir = stringOr(metadata.working_dir);
  const interpreter = stringOr(metadata.py_interpreter_path);
  // The SDK's exit code is an int or None; a value of any other type (a hostile event's) adds no line, and is never
  // String() of an object, which may throw.
  const code = metadata.exit_code;
  const exitCode = code === null ? "None" : typeof code === "number" && code !== -1 ? String(code) : null;
  return `${workingDir ? `\n[Current working directory: ${workingDir}]` : ""}${interpreter ? `\n[Python interpreter: ${interpreter}]` : ""}${exitCode !== null ? `\n[Command finished with exit code ${exitCode}]` : ""}`;
}

// A text the tool cut already carries its notice: its marker is the evidence, and what it dropped is not here.
const alreadyClipped = (text: string): boolean => text.includes("<response clipped>");

// The model's copy of a text the event holds whole: the SDK's cut, made again, with the whole beside it.
function cutOnTheWay(whole: string, cut: SdkCut, clipNote?: string): CallResult {
  return { stdout: cut.copy, fullOutput: whole, keptOutput: `${cut.head}${cut.tail}`, keep: "head+tail", ...(clipNote !== undefined ? { clipNote } : {}) };
}

// llm/message.py (from SDK 1.11.1) cuts each text of a tool's message past 50,000 characters where it sends the
// texts as a list, and the texts joined with newlines where the provider takes one string: which one the event
// does not say, so only a single text's cut is known.
function messageCut(parts: readonly string[]): CallResult {
  const text = parts.join("\n");
  const over = (part: string): boolean => !alreadyClipped(part) && firstCodePoints(part, TEXT_LIMIT).length < part.length;
  if (parts.length === 1) {
    const cut = over(text) ? sdkTruncate(text, TEXT_LIMIT) : "fits";
    if (cut === "fits") return { stdout: text };
    return cutOnTheWay(text, cut, "cut on its way to the model as OpenHands SDK 1.11.1 and later cut a tool's text (llm/message.py); an earlier SDK passed it whole");
  }
  if (!parts.some(over) && !over(text)) return { stdout: text };
  return {
    stdout: text,
    unverifiable: `the event holds more than the ${grouped(TEXT_LIMIT)} characters the OpenHands SDK passes to the model, in ${parts.length} texts: the model read each text cut or all of them joined and cut, and the event does not say which`,
  };
}

/** Reads V1 events, already parsed: a JSON array, or an events directory's files in index order. */
export function readOpenHandsSdk(events: readonly unknown[], sessionId: string | null = null): TranscriptRead {
  const reader = new SdkEvents();
  events.forEach((event, position) => reader.event(event, { line: null, index: position + 1 }));
  return { format: "openhands-sdk", harnessVersion: null, sessionId, calls: reader.log.end(), problems: reader.log.problems };
}

/** An evaluation output's line whose history holds V1 events (OpenHands/benchmarks' output.jsonl: instance_id,
 * history, metadata, …), as opposed to a V0 instance's history of action and observation events. */
export const isSdkInstance = (record: JsonObject): boolean => Array.isArray(record.history) && record.history.some(isSdkEvent);

/** V1 events one a line, or evaluation instances one a line, each with its history of V1 events. */
export class OpenHandsSdkReader implements TranscriptReader {
  readonly format = "openhands-sdk" as const;
  private readonly events = new SdkEvents();

  line(text: string, line: number): void {
    if (text.trim() === "") return;
    const record = parseObjectLine(text);
    if (typeof record === "string") return this.events.log.unparsedLine(line, record);
    // An instance's events (none, where the run failed to start) are placed at its line, by their position in its
    // history; an event's envelope has no history but a kind.
    if (Array.isArray(record.history) && typeof record.kind !== "string") {
      (record.history as unknown[]).forEach((event, position) => this.events.event(event, { line, index: position + 1 }));
      return;
    }
    this.events.event(record, { line, index: null });
  }

  end(): TranscriptRead {
    return { format: this.format, harnessVersion: null, sessionId: null, calls: this.events.log.end(), problems: this.events.log.problems };
  }
}
