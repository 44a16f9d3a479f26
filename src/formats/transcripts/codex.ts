// Codex CLI rollouts (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl): lines {timestamp, type, payload}.
// Calls are response_item function_call / custom_tool_call / local_shell_call; results function_call_output /
// custom_tool_call_output with the same call_id; newer versions add event_msg exec_command_end with exit_code.
// Unified exec's sessions are joined in codex-sessions.ts, code mode's exec cells in codex-cells.ts.
import { CallLog } from "./call-log.js";
import { CLIP_MARKERS, findClipMatch } from "../clip-markers.js";
import type { TranscriptCall, TranscriptRead, TranscriptReader } from "./call.js";
import { parseCodexOutput } from "./codex-output.js";
import { CodeCells, cellCommand, parseCellOutput } from "./codex-cells.js";
import { ExecSessions } from "./codex-sessions.js";
import { contentText, integerOr, isObject, parseObject, parseObjectLine, stringOr, type JsonObject } from "./json-values.js";
import { shortened } from "../../util/code-points.js";

// The rollout line types (RolloutItem's variants, as Codex 0.171's binary names them); only some hold calls.
const TOP_TYPES = new Set([
  "session_meta", "dynamic_tools_updated", "response_item", "inter_agent_communication", "inter_agent_communication_metadata",
  "compacted", "turn_context", "token_usage_record", "world_state", "security_risk_score", "event_msg", "realtime_item", "id_allocation",
]);
// Codex 0.171's cut of what it writes to the session log, from the marker table.
const PERSISTENCE_CUT = CLIP_MARKERS.find((marker) => marker.id === "codex-persistence-truncated")!.pattern;
// What Codex 0.171 puts before a cut output's head (measured in the lab).
const TRUNCATION_HEADER = /^Warning: truncated output \(original token count: \d{1,12}\)\nTotal output lines: \d{1,12}\n\n/;
const CALLS = new Set(["function_call", "custom_tool_call", "local_shell_call"]);
// Codex's answer to a call the user interrupted (codex-rs core/src/tools, abort_message): a shell tool's
// "Wall time: S seconds\naborted by user", any other's "aborted by user after Ss" (a real 0.144.1 code-mode cell).
const ABORTED = /^(?:Wall time: (\d{1,9}(?:\.\d{1,3})?) seconds\naborted by user|aborted by user after (\d{1,9}(?:\.\d{1,3})?)s)$/;
// The user's shell, as the environment context Codex gives the model names it.
const ENVIRONMENT_SHELL = /<environment_context>[^]{0,4096}?<shell>([^<\n]{1,200})<\/shell>/;
// The response_item payloads that hold no call audit reads: ResponseItem's other variants in openai/codex's
// codex-rs/protocol/src/models.rs, and those the 0.146 schema fixture shows (web search, image generation and tool
// search run on the server and return no command output). Any other payload type is counted with the unknown
// record types.
const OTHER_ITEMS = new Set([
  "message", "reasoning", "web_search_call", "image_generation_call", "tool_search_call", "tool_search_output", "ghost_snapshot",
  "compaction", "compaction_summary", "additional_tools", "agent_message", "other",
]);
const OUTPUTS = new Set(["function_call_output", "custom_tool_call_output"]);
// Rollouts before the {timestamp, type, payload} lines (mid-2025): a first line {id, timestamp, instructions},
// then the response items themselves, one a line, and {record_type: "state"} lines.
const LEGACY_ITEMS = new Set(["message", "reasoning", ...CALLS, ...OUTPUTS]);

export class CodexReader implements TranscriptReader {
  readonly format = "codex" as const;
  private readonly log = new CallLog();
  private version: string | null = null;
  private sessionId: string | null = null;
  private cwd: string | null = null;
  // The user's shell the latest environment context names (`<shell>powershell</shell>`): a command string
  // (shell_command's, exec_command's without a shell of its own) runs in it, on Windows too.
  private userShell: string | null = null;
  // exec_command_end may come before or after the output the model got; its exit code fills in either way.
  private readonly exitCodes = new Map<string, number>();
  // Codex 0.171's item_completed CommandExecution: the command's whole merged output as the log keeps it.
  private readonly logCopies = new Map<string, string>();
  private readonly sessions = new ExecSessions();
  private readonly cells = new CodeCells();
  // The calls of the turn under way: a turn_aborted stops these, not those of turns that ended before it.
  private turnCalls: TranscriptCall[] = [];

  line(text: string, line: number): void {
    if (text.trim() === "") return;
    const record = parseObjectLine(text);
    if (typeof record === "string") return this.log.unparsedLine(line, record);
    if (record.record_type === "state") return;
    if (!("payload" in record) && typeof record.type === "string" && LEGACY_ITEMS.has(record.type)) return this.item(record, line);
    if (isLegacyMeta(record)) return this.context({ ...record, cli_version: null });
    if (typeof record.type !== "string" || !TOP_TYPES.has(record.type)) return this.log.unknownRecord(line, record.type);
    if (!isObject(record.payload)) {
      if (record.type !== "compacted") this.log.problem(line, null, `a ${record.type} line has no payload; skipped`);
      return;
    }
    const payload = record.payload;
    if (record.type === "session_meta" || record.type === "turn_context") this.context(payload);
    else if (record.type === "response_item") this.item(payload, line);
    else if (record.type === "event_msg") this.event(payload, line);
  }

  private context(payload: JsonObject): void {
    this.version ??= stringOr(payload.cli_version);
    this.sessionId ??= stringOr(payload.id);
    this.cwd = stringOr(payload.cwd) ?? this.cwd;
  }

  private item(payload: JsonObject, line: number): void {
    const type = stringOr(payload.type, "")!;
    if (type === "message" && payload.role === "assistant") return this.log.assistantText(contentText(payload.content));
    if (type === "message") this.userShell = ENVIRONMENT_SHELL.exec(contentText(payload.content))?.[1] ?? this.userShell;
    if (CALLS.has(type)) return this.call(payload, type, line);
    if (!OUTPUTS.has(type)) {
      if (!OTHER_ITEMS.has(type)) this.log.unknownRecord(line, payload.type, "response_item");
      return;
    }
    const id = stringOr(payload.call_id);
    const matched =
      id !== null &&
      this.log.result(id, (call) => {
        // Code mode's exec and wait answer with a script's status, not a process's.
        const cell = call.toolName === "exec" || call.toolName === "wait" ? parseCellOutput(payload.output) : null;
        if (cell !== null) {
          this.cells.output(call, cell);
          return { stdout: cell.text, unverifiable: cell.status === "running" ? "still running when its output was taken" : null };
        }
        const aborted = typeof payload.output === "string" ? ABORTED.exec(payload.output) : null;
        // A poll or wait the user interrupted ends its session's or cell's result, which says so: no finding of its own.
        if (aborted) {
          if (!this.sessions.interrupted(call)) this.cells.interrupted(call);
          return { stdout: payload.output as string, unverifiable: `interrupted: the user stopped it after ${aborted[1] ?? aborted[2]} s, before it finished` };
        }
        const output = parseCodexOutput(payload.output);
        this.sessions.output(call, output);
        // An exit code recorded apart (exec_command_end) is filled in at the end, whichever came first.
        const returncode = output.returncode;
        return {
          stdout: output.text,
          ...(returncode !== undefined ? { returncode } : {}),
          ...(output.wallTimeMs !== undefined ? { durationMs: output.wallTimeMs } : {}),
          ...(output.figures !== undefined ? { headerFigures: output.figures } : {}),
          ...(output.timedOutMs !== undefined
            ? {
                unverifiable: `timed out after ${output.timedOutMs} ms (Codex's command time limit, the call's timeout_ms): killed mid-run, its output stops where it was killed`,
                timedOut: true,
                durationMs: output.timedOutMs,
              }
            : { unverifiable: output.running ? "still running when its output was taken" : null }),
        };
      });
    if (!matched) this.log.problem(line, null, `${type} ${JSON.stringify(id)} has no matching call; skipped`);
  }

  private call(payload: JsonObject, type: string, line: number): void {
    const args = type === "local_shell_call" ? (isObject(payload.action) ? payload.action : {}) : parseArguments(payload.arguments ?? payload.input);
    const command = args.command ?? args.cmd;
    const argv = Array.isArray(command) && command.every((part) => typeof part === "string") ? (command as string[]) : undefined;
    const name = stringOr(payload.name, type === "local_shell_call" ? "local_shell" : "unknown")!;
    const session = name === "write_stdin" && (typeof args.session_id === "number" || typeof args.session_id === "string") ? String(args.session_id) : null;
    const polled = session === null ? undefined : this.sessions.poll(session);
    // Code mode: the script an exec runs is shown, never as a shell command line (a rerun must refuse it); a wait
    // on a running cell is about that cell's script.
    const script = type === "custom_tool_call" && name === "exec" && typeof payload.input === "string" ? cellCommand(payload.input) : undefined;
    const cell = name === "wait" && (typeof args.cell_id === "string" || typeof args.cell_id === "number") ? String(args.cell_id) : null;
    const cellScript = script ?? (cell === null ? undefined : this.cells.command(cell));
    const made = this.log.call({
      callId: stringOr(payload.call_id),
      toolName: name,
      // A command line as one string (exec_command's cmd) runs in a login shell, the user's by default: bash unless
      // the call named another.
      ...(argv ? { argv } : typeof command === "string" ? { command, shell: shellName(stringOr(args.shell) || this.userShell) } : cellScript !== undefined ? { command: cellScript } : {}),
      cwd: stringOr(args.workdir) ?? stringOr(args.working_directory) ?? this.cwd,
      // A poll of a running session is that session's command.
      ...polled,
      line,
      index: null,
    });
    this.turnCalls.push(made);
    if (session !== null) this.sessions.polled(made, session);
    if (cell !== null) this.cells.waited(made, cell);
  }

  private event(payload: JsonObject, line: number): void {
    if (payload.type === "agent_message") this.log.assistantText(stringOr(payload.message, "")!);
    // The user stopped the turn (reason "interrupted"; 0.116 writes it after the call it left without an output).
    else if (payload.type === "turn_aborted") {
      this.log.stopped(this.turnCalls, `no result: the turn was aborted (${shortReason(payload.reason)}) at line ${line}, before it came`);
      this.turnCalls = [];
    } else if (payload.type === "task_complete") {
      this.log.assistantText(stringOr(payload.last_agent_message, "")!);
      this.turnCalls = [];
    } else if (payload.type === "task_started" || payload.type === "user_message") this.turnCalls = [];
    else if (payload.type === "item_completed" && isObject(payload.item) && payload.item.type === "CommandExecution") {
      const id = stringOr(payload.item.id);
      const output = stringOr(payload.item.aggregated_output);
      if (id !== null && output !== null) this.logCopies.set(id, output);
    } else if (payload.type === "exec_command_end") {
      const id = stringOr(payload.call_id);
      const code = integerOr(payload.exit_code);
      if (id === null || code === undefined) return;
      this.exitCodes.set(id, code);
    }
  }

  end(): TranscriptRead {
    const logged = this.log.end();
    for (const call of logged) {
      const code = call.callId !== null ? this.exitCodes.get(call.callId) : undefined;
      if (call.returncode === undefined && code !== undefined) call.returncode = code;
    }
    // After the exit codes: a session the model never saw end may have one from exec_command_end.
    const calls = this.cells.end(this.sessions.end(logged));
    for (const call of calls) {
      const copy = call.callId !== null ? this.logCopies.get(call.callId) : undefined;
      if (copy !== undefined) compareLogCopy(call, copy);
    }
    return { format: this.format, harnessVersion: this.version, sessionId: this.sessionId, calls, problems: this.log.problems };
  }
}

/**
 * The model got `call.stdout`, cut by Codex's model-facing cap where it holds Codex's marker; the log's copy of the
 * whole output is a second, larger cut (65,536 characters, measured with 0.171). Where the model's copy was cut
 * and the log's was not, the log's is the whole stream: exact figures, as SWE-agent's two copies give, once the
 * model's head and tail are found at its ends. Where the log's was cut too, nothing holds the rest: the clip's
 * evidence says so.
 */
function compareLogCopy(call: TranscriptCall, copy: string): void {
  const seen = findClipMatch(call.stdout);
  if (seen === null || seen.marker.harness !== "Codex CLI") return;
  if (PERSISTENCE_CUT.test(copy)) {
    call.clipNote = noteMore(
      call.clipNote,
      "the session log kept only 65,536 characters of the whole output (its item_completed copy is cut at '... command output truncated for persistence ...'): no file holds the rest, so the bytes written are unknown",
    );
    return;
  }
  const cut = seen.marker.pattern.exec(call.stdout)!;
  const head = call.stdout.slice(0, cut.index).replace(TRUNCATION_HEADER, "");
  const tail = call.stdout.slice(cut.index + cut[0].length);
  if (head.length + tail.length < copy.length && copy.startsWith(head) && copy.endsWith(tail)) {
    call.fullOutput = copy;
    call.keptOutput = head + tail;
    call.keep = "head+tail";
  }
}

// The reason a turn_aborted names, as the file spells it (cut short: it is the file's), or that it names none.
function shortReason(reason: unknown): string {
  const text = stringOr(reason);
  if (text === null || text === "") return "no reason given";
  return shortened(text);
}

const noteMore = (note: string | undefined, more: string): string => (note === undefined ? more : `${note}; ${more}`);

/** The first line of a rollout written before the {timestamp, type, payload} lines. */
export const isLegacyMeta = (record: JsonObject): boolean => "id" in record && "timestamp" in record && !("type" in record);

function parseArguments(value: unknown): JsonObject {
  if (isObject(value)) return value;
  return typeof value === "string" ? (parseObject(value) ?? {}) : {};
}

// The shell's program name, from a path of either system (`/bin/zsh`, `C:\\…\\pwsh.exe`), as a rerun runs it; bash
// where none is named. A name not in TRANSCRIPT_SHELLS (powershell, pwsh, cmd) is kept as it is: a rerun refuses it.
function shellName(value: unknown): string {
  const named = stringOr(value);
  if (named === null || named === "") return "bash";
  return named.slice(Math.max(named.lastIndexOf("/"), named.lastIndexOf("\\")) + 1).replace(/\.exe$/i, "");
}
