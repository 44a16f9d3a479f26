// Gemini CLI sessions (~/.gemini/tmp/<project>/chats/session-*): 0.61 writes JSON lines, a metadata record
// {sessionId, projectHash, startTime, lastUpdated, kind}, then each message as a record with its `id` (a message
// written again with the same id replaces the earlier one: a `gemini` message is written once bare, then with
// its `toolCalls`), and `{$set: {...}}` updates (`messages` among them). Older versions wrote one JSON document
// {sessionId, projectHash, startTime, lastUpdated, messages}. A tool call keeps its result beside it:
// toolCalls[i] = {id, name, args, result: [{functionResponse: {response: {output | error}}}], status}. A shell
// result is `Output: …` with `Exit Code: N` (only when not 0), `Signal: N`, `Process Group PGID: N` lines
// (packages/core/src/tools/shell.ts), wrapped in <untrusted_context> in 0.61.
import { findClipMatch } from "../clip-markers.js";
import { CallLog, type CallResult } from "./call-log.js";
import type { TranscriptCall, TranscriptRead, TranscriptReader } from "./call.js";
import { contentText, isObject, parseObjectLine, stringOr, type JsonObject } from "./json-values.js";

/** A record of the metadata a session opens with. */
export const isGeminiMetadata = (record: JsonObject): boolean => typeof record.sessionId === "string" && typeof record.projectHash === "string";

/** A saved session of the older, whole-document layout. */
export const isGeminiDocument = (doc: JsonObject): boolean => isGeminiMetadata(doc) && Array.isArray(doc.messages);

const SHELL_TOOLS = new Set(["run_shell_command"]);
const EXIT_CODE = /(?:^|\n)Exit Code: (\d{1,3})(?:\n|$)/;
const SIGNAL = /(?:^|\n)Signal: ([A-Z0-9]{1,12})(?:\n|$)/;
// A finished shell command's result always names its process group; one without it did not finish here.
const PGID = /(?:^|\n)Process Group PGID: \d{1,10}(?:\n|$)/;
const TIMED_OUT = /^Command was automatically cancelled because it exceeded the timeout/;
const CANCELLED = /^Command was cancelled by user/;
// Where the command had started, Gemini CLI says so and hands on what it wrote until then (seen in real sessions of
// blind round 9).
const CANCELLED_RUNNING = /^Command was cancelled by user before it could complete\. Below is the output before it was cancelled:/;
// The user said no at the confirmation prompt: the command never ran, and the model was told so whole (a real
// session of 2026-06 holds it with status "cancelled").
const DENIED = /^\[Operation Cancelled\] Reason: User denied execution\b/;
const BACKGROUND = /^Command moved to background \(PID: (\d{1,10})\)/;
// 0.61 wraps a tool's result in <untrusted_context>: its opening line comes before the result's own first line.
const UNTRUSTED_OPEN = /^<untrusted_context>\n/;
// The marker of read_background_output's tail of a log (read-background-output.ts), in the marker table.
const BACKGROUND_TAIL_MARKER = "gemini-cli-background-log-tail";
// It loads only the log's last 64 KiB (MAX_BUFFER_LOAD_CAP_BYTES) before counting: a longer log has more lines.
const BACKGROUND_TAIL_NOTE = "the line count is of the log's last 64 KiB, all read_background_output loads: a longer log had more lines than it says";
// read_file's notice (packages/core/src/tools/read-file.ts), written whenever it shows less than the whole file,
// and its mark on a line cut at 2,000 characters (utils/fileUtils.ts).
const READ_NOTICE = /^\nIMPORTANT: The file content has been truncated\.\nStatus: Showing lines (\d{1,12})-(\d{1,12}) of (\d{1,12}) total lines\./;
const LINE_SHORTENED = /\.\.\. \[truncated\](?:\r?\n|$)/;

interface Message {
  record: JsonObject;
  line: number | null;
  index: number | null;
}

/** Collects a session's messages, by id, in the order each first appeared. */
class Messages {
  private readonly byId = new Map<string, Message>();
  private readonly order: Message[] = [];

  add(record: JsonObject, line: number | null, index: number | null): void {
    const id = stringOr(record.id);
    const message = { record, line, index };
    const earlier = id === null ? undefined : this.byId.get(id);
    if (earlier !== undefined) {
      Object.assign(earlier, message);
      return;
    }
    if (id !== null) this.byId.set(id, message);
    this.order.push(message);
  }

  /** Every message, read into calls in order. */
  read(log: CallLog): void {
    // The calls moved to the background, by PID: a later read_background_output of one is where the model saw it.
    const backgrounded = new Map<string, TranscriptCall>();
    for (const { record, line, index } of this.order) {
      if (record.type !== "gemini") continue;
      const text = contentText(record.content);
      const calls = Array.isArray(record.toolCalls) ? record.toolCalls : [];
      for (const call of calls) if (isObject(call)) toolCall(log, call, line, index, backgrounded);
      if (text !== "") log.assistantText(text);
    }
  }
}

function toolCall(log: CallLog, call: JsonObject, line: number | null, index: number | null, backgrounded: Map<string, TranscriptCall>): void {
  const name = stringOr(call.name, "unknown")!;
  const args = isObject(call.args) ? call.args : {};
  const command = SHELL_TOOLS.has(name) ? stringOr(args.command) : null;
  const started = log.call({
    callId: stringOr(call.id),
    toolName: name,
    // run_shell_command runs its command line with bash -c (powershell on Windows).
    ...(command !== null ? { command, shell: "bash" } : {}),
    cwd: stringOr(args.dir_path) ?? stringOr(args.directory),
    line,
    index,
  });
  if (call.result === undefined && call.status !== "cancelled") return;
  const result = resultOf(call, command !== null);
  log.resultFor(started, result);
  const pid = backgroundPid(result.stdout);
  if (pid !== undefined && typeof result.unverifiable === "string") backgrounded.set(pid, started);
  if (name === "read_background_output") {
    // The first read is named: the model saw part of the log there, at the earliest.
    const read = typeof args.pid === "number" || typeof args.pid === "string" ? String(args.pid) : null;
    const background = read === null ? undefined : backgrounded.get(read);
    if (background !== undefined && background.unverifiable !== null) {
      background.unverifiable = `${background.unverifiable}; read_background_output read its log at ${where(line, index)}`;
      backgrounded.delete(read!);
    }
    // The agent named how many lines it wanted: the tail it got is what it asked for, not Gemini CLI's default.
    const tail = findClipMatch(result.stdout)?.marker.id === BACKGROUND_TAIL_MARKER;
    if (tail && typeof args.lines === "number") started.requestedPart = `the last ${args.lines} lines of the log, as the read asked`;
    else if (tail) started.clipNote = BACKGROUND_TAIL_NOTE;
  } else if (name === "read_file") {
    const part = requestedPart(args, result.stdout);
    if (part !== null) started.requestedPart = part;
    // The notice's figures count lines, so a read of every line says nothing of the lines it cut short.
    else if (READ_NOTICE.test(result.stdout) && LINE_SHORTENED.test(result.stdout)) started.clipNote = "lines longer than 2,000 characters were cut short, each ending in '... [truncated]'";
  }
}

/** The PID a result of a command moved to the background names. */
const backgroundPid = (text: string): string | undefined => BACKGROUND.exec(text.replace(UNTRUSTED_OPEN, ""))?.[1];

const where = (line: number | null, index: number | null): string => (line !== null ? `line ${line}` : `#${index ?? "?"}`);

/** The lines a read_file showed, where they are all the agent asked for: it named where to stop (`limit`, or
 * `end_line` in newer versions) or the read ran to the file's end, and no line was shortened. Null where Gemini
 * CLI cut more than asked (its 2,000-line default, a line past 2,000 characters). */
function requestedPart(args: JsonObject, text: string): string | null {
  const notice = READ_NOTICE.exec(text);
  if (notice === null || LINE_SHORTENED.test(text)) return null;
  const [first, last, total] = [Number(notice[1]), Number(notice[2]), Number(notice[3])];
  const offset = typeof args.offset === "number" ? args.offset : 0;
  const askedEnd = typeof args.limit === "number" ? offset + args.limit : typeof args.end_line === "number" ? args.end_line : null;
  if (last !== total && last !== askedEnd) return null;
  return `lines ${first}-${last} of ${total}, as the read asked`;
}

function resultOf(call: JsonObject, shell: boolean): CallResult {
  const parts = Array.isArray(call.result) ? call.result : [];
  const texts = parts.flatMap((part) => {
    const response = isObject(part) && isObject(part.functionResponse) && isObject(part.functionResponse.response) ? part.functionResponse.response : null;
    if (response === null) return isObject(part) && typeof part.text === "string" ? [part.text] : [];
    const out = stringOr(response.output) ?? stringOr(response.error) ?? stringOr(response.content);
    return out === null ? [] : [out];
  });
  const text = texts.join("\n");
  const result: CallResult = { stdout: text };
  const body = text.replace(UNTRUSTED_OPEN, "");
  const pid = backgroundPid(text);
  if (DENIED.test(body)) return result;
  if (CANCELLED_RUNNING.test(body)) result.unverifiable = "cancelled by the user while it ran: the output up to then is shown, not the rest";
  else if (call.status === "cancelled" || CANCELLED.test(body)) result.unverifiable = "cancelled: stopped before it finished, or before it started; the transcript does not say which";
  else if (TIMED_OUT.test(body)) {
    result.unverifiable = "timed out (Gemini CLI's shell time limit, with no output for that long): killed mid-run";
    result.timedOut = true;
  } else if (pid !== undefined) result.unverifiable = `moved to the background (PID ${pid}): the model never saw its output here`;
  if (!shell || result.unverifiable) return result;
  const exit = EXIT_CODE.exec(text);
  const signal = SIGNAL.exec(text);
  if (exit) result.returncode = Number(exit[1]);
  // Gemini CLI writes the exit code only when it is not 0: a finished command's result without one exited 0.
  else if (signal === null && PGID.test(text)) result.returncode = 0;
  return result;
}

/** Gemini CLI 0.61's JSON-lines session. */
export class GeminiReader implements TranscriptReader {
  readonly format = "gemini" as const;
  private readonly log = new CallLog();
  private readonly messages = new Messages();
  private sessionId: string | null = null;

  line(text: string, line: number): void {
    if (text.trim() === "") return;
    const record = parseObjectLine(text);
    if (typeof record === "string") return this.log.unparsedLine(line, record);
    if (isGeminiMetadata(record)) {
      this.sessionId ??= stringOr(record.sessionId);
      return;
    }
    if (isObject(record.$set)) {
      const set = record.$set;
      if (Array.isArray(set.messages)) for (const message of set.messages) if (isObject(message)) this.messages.add(message, line, null);
      return;
    }
    if (typeof record.type === "string" && "id" in record) return this.messages.add(record, line, null);
    this.log.unknownRecord(line, record.type);
  }

  end(): TranscriptRead {
    this.messages.read(this.log);
    return { format: this.format, harnessVersion: null, sessionId: this.sessionId, calls: this.log.end(), problems: this.log.problems };
  }
}

/** An older Gemini CLI session document. */
export function readGeminiDocument(doc: JsonObject): TranscriptRead {
  const log = new CallLog();
  const messages = new Messages();
  (doc.messages as unknown[]).forEach((message, position) => {
    if (isObject(message)) messages.add(message, null, position + 1);
    else log.problem(null, position + 1, "a message that is not a JSON object; skipped");
  });
  messages.read(log);
  return { format: "gemini", harnessVersion: null, sessionId: stringOr(doc.sessionId), calls: log.end(), problems: log.problems };
}
