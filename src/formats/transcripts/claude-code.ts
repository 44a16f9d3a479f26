// Claude Code sessions (~/.claude/projects/<project>/<session>.jsonl): one record a line. tool_use blocks in
// assistant lines, tool_result blocks in user lines, and beside them `toolUseResult` with the Bash tool's
// stdout/stderr, `interrupted`, `backgroundTaskId`, `returnCodeInterpretation` (a plain "Error: …" string on
// some failures). Claude Code records no exit code except "Exit code N" at the start of newer failed results.
import { CallLog, type CallResult } from "./call-log.js";
import type { TranscriptCall, TranscriptRead, TranscriptReader } from "./call.js";
import { contentText, countOr, isObject, parseObjectLine, stringOr, type JsonObject } from "./json-values.js";

// Record types that hold no tool call, skipped without a word: those of older sessions, and every type Claude Code
// 2.1.332's bundle routes besides user and assistant (its table of entry types: attachment, api-request, cost-state,
// last-prompt, …). Any other type is counted and summed up in one line.
export const CLAUDE_RECORD_TYPES: readonly string[] = [
  "agent-color", "agent-name", "agent-setting", "ai-title", "api-request", "api-request-blob", "api-request-resumed",
  "api-request-shape", "artifact-autoreact-ledger", "artifact-comment-monitor", "atis-latch", "attachment",
  "attribution-snapshot", "bridge-session", "content-replacement", "continued-in", "cost-state", "custom-title",
  "data-flow-incomplete", "data-flow-records", "derived-from", "dev-mods", "ended-by-model", "file-history-delta",
  "file-history-snapshot", "fork-context-ref", "frame-link", "history-suppression", "isolation-latch", "last-prompt",
  "memory-mode", "mode", "observer-ref", "permission-mode", "pr-link", "progress", "queue-operation", "relocated",
  "resume-head-vouch", "session-owner", "summary", "system", "tag", "tools-used", "worktree-state",
];
const OTHER_TYPES: ReadonlySet<string> = new Set(CLAUDE_RECORD_TYPES);

// Claude Code's Bash tool keeps 30,000 characters of output; a result that long may have been cut without a mark.
const BASH_CAP_CHARS = 30_000;

const EXIT_CODE = /^Exit code (\d{1,3})\b/;
// From 2.1.98, Claude Code adds a line naming the call for its rerun ("[rerun: b8]") under every Bash result.
const RERUN_LINE = /\n\[rerun: [a-z0-9]{1,12}\]$/;
const BASH_INPUT = /^<bash-input>([^]{0,65536})<\/bash-input>$/;
const BASH_OUTPUT = /^<bash-stdout>([^]*?)<\/bash-stdout>(?:<bash-stderr>([^]*?)<\/bash-stderr>)?$/;
// The Bash tool's own time limit: "Command timed out after 2m 0.0s" (1.x, 2.0), "Exit code 143\nCommand timed out
// after 1s" (2.1.332, measured in the lab); what was printed before the kill is all there is.
const TIMED_OUT = /(?:^|\n)Command timed out after (\d{1,6}(?:\.\d{1,3})?[hms](?: \d{1,6}(?:\.\d{1,3})?[ms]){0,2})/;

export class ClaudeCodeReader implements TranscriptReader {
  readonly format = "claude-code" as const;
  private readonly log = new CallLog();
  private version: string | null = null;
  private sessionId: string | null = null;
  private bashInput: TranscriptCall | null = null;
  // The API message id of the last assistant line with a call: the lines of one response share it.
  private lastResponseId: string | null = null;

  line(text: string, line: number): void {
    if (text.trim() === "") return;
    const record = parseObjectLine(text);
    if (typeof record === "string") return this.log.unparsedLine(line, record);
    this.record(record, line);
  }

  /** One record already parsed (an event of a JSON array of them), read as its line would be. */
  record(record: JsonObject, line: number): void {
    // `claude -p --output-format stream-json` streams the same records with snake_case keys (session_id,
    // tool_use_result), opened by a system init event naming claude_code_version, closed by a result event.
    this.version ??= stringOr(record.version) ?? stringOr(record.claude_code_version);
    this.sessionId ??= stringOr(record.sessionId) ?? stringOr(record.session_id);
    if (record.type === "assistant") this.assistant(record, line);
    else if (record.type === "user") this.user(record, line);
    else if (record.type === "result") return;
    else if (typeof record.type !== "string" || !OTHER_TYPES.has(record.type)) this.log.unknownRecord(line, record.type);
  }

  private assistant(record: JsonObject, line: number): void {
    const content = isObject(record.message) ? record.message.content : undefined;
    const responseId = isObject(record.message) ? stringOr(record.message.id) : null;
    if (typeof content === "string") return this.log.assistantText(content);
    if (!Array.isArray(content)) return;
    for (const block of content) {
      if (!isObject(block)) continue;
      if (block.type === "text") this.log.assistantText(stringOr(block.text, "")!);
      else if (block.type === "tool_use") {
        const input = isObject(block.input) ? block.input : {};
        const command = stringOr(input.command);
        const sameTurn = responseId !== null && responseId === this.lastResponseId;
        this.lastResponseId = responseId;
        this.log.call({
          callId: stringOr(block.id),
          toolName: stringOr(block.name, "unknown")!,
          // The Bash tool runs its command line with bash; other tools' `command` (a Task's, a plugin's) is no shell's.
          ...(command !== null ? { command, ...(block.name === "Bash" ? { shell: "bash" } : {}) } : {}),
          cwd: stringOr(record.cwd),
          line,
          index: null,
        }, sameTurn);
      }
    }
  }

  private user(record: JsonObject, line: number): void {
    const content = isObject(record.message) ? record.message.content : undefined;
    if (typeof content === "string") return this.bashMode(content, record, line);
    if (!Array.isArray(content)) return;
    for (const block of content) {
      if (!isObject(block) || block.type !== "tool_result") continue;
      const id = stringOr(block.tool_use_id);
      const unmatched = (): void => this.log.problem(line, null, `tool result ${JSON.stringify(id)} has no matching call; skipped`);
      if (id === null) unmatched();
      else this.log.resultInAnyOrder(id, (call) => toResult(call, block, record.toolUseResult ?? record.tool_use_result), unmatched);
    }
  }

  // A command the user ran with `!` (bash mode): a user message `<bash-input>COMMAND</bash-input>`, then one with
  // `<bash-stdout>…</bash-stdout><bash-stderr>…</bash-stderr>`. The model reads both in its context like a result.
  private bashMode(content: string, record: JsonObject, line: number): void {
    const input = BASH_INPUT.exec(content);
    if (input) {
      this.bashInput = this.log.call({ callId: null, toolName: "bash-mode", command: input[1]!, shell: "bash", cwd: stringOr(record.cwd), line, index: null });
      return;
    }
    const output = BASH_OUTPUT.exec(content);
    if (!output || this.bashInput === null) return;
    const stderr = output[2] ?? "";
    const timeout = TIMED_OUT.exec(stderr);
    this.log.resultFor(this.bashInput, {
      stdout: output[1]!,
      stderr,
      ...(timeout
        ? { unverifiable: `timed out after ${timeout[1]} (Claude Code's Bash time limit): killed mid-run, its output stops where it was killed`, timedOut: true }
        : {}),
    });
    this.bashInput = null;
  }

  end(): TranscriptRead {
    const calls = this.log.end();
    return { format: this.format, harnessVersion: this.version, sessionId: this.sessionId, calls, problems: this.log.problems };
  }
}

/** A stream-json init event: `claude -p --output-format stream-json` opens with it. */
export const isStreamInit = (record: JsonObject): boolean => record.type === "system" && record.subtype === "init" && typeof record.session_id === "string";

/** The stream-json events collected in one JSON array (`--output-format json --verbose`, and claude-code-action's
 * execution file): each read as its line would be, placed by its position in the array. */
export function readClaudeEvents(events: readonly unknown[]): TranscriptRead {
  const reader = new ClaudeCodeReader();
  // An object is read as it is; anything else goes through the line reader for its message.
  events.forEach((event, position) => (isObject(event) ? reader.record(event, position + 1) : reader.line(JSON.stringify(event), position + 1)));
  const read = reader.end();
  const byIndex = <T extends { line: number | null; index: number | null }>(item: T): T => ({ ...item, index: item.line, line: null });
  return { ...read, calls: read.calls.map(byIndex), problems: read.problems.map(byIndex) };
}

function toResult(call: TranscriptCall, block: JsonObject, extra: unknown): CallResult {
  const bash = call.toolName === "Bash";
  // Claude Code's own line under a Bash result is no byte the command wrote, as Codex's header is not.
  const text = bash ? contentText(block.content).replace(RERUN_LINE, "") : contentText(block.content);
  const details = isObject(extra) ? extra : {};
  const result: CallResult = { stdout: text, unverifiable: unverifiable(details, text, bash) };
  const timeout = bash && block.is_error === true ? TIMED_OUT.exec(text) : null;
  if (timeout && !result.unverifiable) {
    result.unverifiable = `timed out after ${timeout[1]} (Claude Code's Bash time limit): killed mid-run, its output stops where it was killed`;
    result.timedOut = true;
  }
  const persisted = countOr(details.persistedOutputSize);
  if (persisted !== undefined) result.totalBytes = persisted;
  const preview = persistedPreview(text);
  if (preview !== null) result.keptHeadBytes = Buffer.byteLength(preview);
  // Grep's pagination marker names only its limit; its record says how many lines there were in all.
  const kept = countOr(details.numLines);
  const total = countOr(details.totalLines);
  if (call.toolName === "Grep" && kept !== undefined && total !== undefined && total > kept) result.lineCounts = { kept, total };
  const exit = EXIT_CODE.exec(text);
  if (exit) result.returncode = Number(exit[1]);
  // Claude Code reports every non-zero exit as an error, except the ones it names in returnCodeInterpretation
  // (grep's 1 is "No matches found"): a Bash result that is neither is an exit 0.
  else if (bash && block.is_error !== true && isObject(extra) && details.returnCodeInterpretation === undefined && !result.unverifiable) {
    result.returncode = 0;
  }
  // Where the result is exactly the two streams Claude Code kept apart, record them apart.
  const stdout = stringOr(details.stdout);
  const stderr = stringOr(details.stderr);
  if (stdout !== null && stderr !== null && stderr !== "" && (text === `${stdout}\n${stderr}` || text === `${stdout}${stderr}`)) {
    result.stdout = stdout;
    result.stderr = stderr;
  }
  return result;
}

// A persisted result: "<persisted-output>\nOutput too large (…). Full output saved to: …\n\nPreview (first 2KB):\n",
// the output's head, "\n...\n</persisted-output>" (2.1.7 and 2.1.332 alike): the head is all of it the model saw.
const PREVIEW_OPENS = "\n\nPreview (first 2KB):\n";
const PREVIEW_ENDS = "\n...\n</persisted-output>";

/** The head of the output a persisted result shows the model, or null where the result is not one. */
function persistedPreview(text: string): string | null {
  if (!text.startsWith("<persisted-output>\n") || !text.endsWith(PREVIEW_ENDS)) return null;
  const opens = text.indexOf(PREVIEW_OPENS);
  return opens < 0 ? null : text.slice(opens + PREVIEW_OPENS.length, text.length - PREVIEW_ENDS.length);
}

function unverifiable(details: JsonObject, text: string, bash: boolean): string | null {
  if (details.interrupted === true) return "interrupted: the command was stopped before it finished";
  const background = stringOr(details.backgroundTaskId);
  if (background !== null || text.startsWith("Command running in background")) {
    return `moved to the background${background ? ` (task ${background})` : ""}: the model never saw its output here`;
  }
  if (countOr(details.persistedOutputSize) !== undefined && !text.includes("<persisted-output>")) {
    return "output persisted to a file and not shown in the result";
  }
  if (bash && text.length >= BASH_CAP_CHARS) return `${text.length} characters, at Claude Code's 30,000-character Bash cap: it may have been cut`;
  return null;
}
