// One descriptor per transcript format: its id, the harness its markers are filed under in the marker table
// (src/formats/clip-markers.ts), the tools whose output is a file's text, its readers and its detection rules.
// Adding a harness is its reader file, its entry here and its markers. Rules carry an explicit order because
// look-alike formats are told apart only by which check runs first; detect.ts runs them by that order.
import type { TranscriptFormat, TranscriptRead, TranscriptReader } from "./call.js";
import { CLAUDE_RECORD_TYPES, ClaudeCodeReader, isStreamInit, readClaudeEvents } from "./claude-code.js";
import { CodexReader, isLegacyMeta } from "./codex.js";
import { GeminiReader, isGeminiDocument, isGeminiMetadata, readGeminiDocument } from "./gemini.js";
import { isObject, type JsonObject } from "./json-values.js";
import { readMiniSweAgent } from "./mini-swe-agent.js";
import { isEvaluationInstance, OpenHandsEvalReader, readOpenHands } from "./openhands.js";
import { isSdkEvent, isSdkInstance, OpenHandsSdkReader, readOpenHandsSdk } from "./openhands-sdk.js";
import { readSweAgent } from "./swe-agent.js";

/** What a rule says of the content: its format's (true), refused with a reason (it looks like its format but is
 * not), or not its concern (null: the next rule decides). */
export type RuleVerdict = true | string | null;

/** One detection check; the lowest order runs first, across all formats. */
export interface DetectionRule<Input> {
  order: number;
  /** Names the check in tests and in the documented order. */
  name: string;
  test: (input: Input, line: number) => RuleVerdict;
}

const CLAUDE_TYPES: ReadonlySet<string> = new Set(["user", "assistant", ...CLAUDE_RECORD_TYPES]);
// Record types only Claude Code writes; they may open a session before any record with a sessionId.
const CLAUDE_ONLY_TYPES = new Set(["summary", "file-history-snapshot", "queue-operation"]);

export interface TranscriptFormatDescriptor {
  id: TranscriptFormat;
  /** The harness as the marker table names it: its own markers are the clip, not a second cap. */
  harness: string;
  /** Tools whose output is a file's text or a search's hits: another harness's marker there is most likely a file
   * quoting it (this repository's own sources, say), not a second cap. */
  fileTools: readonly string[];
  /** A reader fed line by line, for a line-based transcript of this format. */
  lineReader?: () => TranscriptReader;
  /** Reads a whole-document transcript of this format, already parsed and told apart by detect.ts. */
  readDocument?: (doc: unknown) => TranscriptRead;
  /** Checks of the first record of a line-based file (already parsed). */
  lineRules?: readonly DetectionRule<JsonObject>[];
  /** Checks of a whole JSON document: an array with an object in it, or an object. */
  documentRules?: readonly DetectionRule<unknown>[];
}

export const TRANSCRIPT_FORMATS: Record<TranscriptFormat, TranscriptFormatDescriptor> = {
  "claude-code": {
    id: "claude-code",
    harness: "Claude Code",
    fileTools: ["Read", "Grep", "Glob", "Write", "Edit", "MultiEdit", "NotebookEdit", "NotebookRead", "WebFetch", "TodoWrite"],
    lineReader: () => new ClaudeCodeReader(),
    readDocument: (doc) => readClaudeEvents(doc as unknown[]),
    // Before mini-swe-agent's message list: an event array holds no {role, content} at its top.
    documentRules: [{ order: 2, name: "stream-json event array", test: (doc) => (Array.isArray(doc) && isObject(doc[0]) && isStreamInit(doc[0])) || null }],
    lineRules: [
      // Claude Code's stream-json opens with its init event, and every event names a session_id.
      { order: 4, name: "stream-json init", test: (r) => isStreamInit(r) || null },
      {
        order: 6,
        name: "session record",
        test: (r, line) => {
          const claudeLike = "sessionId" in r || "session_id" in r || "uuid" in r || "leafUuid" in r || (typeof r.type === "string" && CLAUDE_ONLY_TYPES.has(r.type));
          if (claudeLike && typeof r.type === "string" && CLAUDE_TYPES.has(r.type)) return true;
          if (claudeLike) return `not a Claude Code session: line ${line} has type ${JSON.stringify(r.type ?? null)}`;
          if (typeof r.type === "string" && CLAUDE_TYPES.has(r.type) && isObject(r.message)) return `not a Claude Code session: line ${line} has no sessionId or uuid`;
          return null;
        },
      },
    ],
  },
  codex: {
    id: "codex",
    harness: "Codex CLI",
    fileTools: [],
    lineReader: () => new CodexReader(),
    lineRules: [
      // Codex rollouts before mid-2025 open with {id, timestamp, instructions} and no type.
      { order: 3, name: "legacy meta", test: (r) => (isLegacyMeta(r) && ("instructions" in r || "git" in r)) || null },
      {
        order: 5,
        name: "rollout record",
        test: (r, line) => {
          if (!("timestamp" in r && "type" in r && typeof r.type === "string" && !("sessionId" in r) && !("session_id" in r))) return null;
          // A user or assistant record holding its message at the top is Claude Code's shape, not a rollout's.
          if (!isObject(r.payload) && CLAUDE_TYPES.has(r.type) && isObject(r.message)) return null;
          return isObject(r.payload) || `not a Codex rollout: line ${line} has no payload`;
        },
      },
    ],
  },
  gemini: {
    id: "gemini",
    harness: "Gemini CLI",
    fileTools: ["read_file", "read_many_files", "glob", "search_file_content", "grep_search", "list_directory", "web_fetch", "write_file", "replace"],
    lineReader: () => new GeminiReader(),
    readDocument: (doc) => readGeminiDocument(doc as JsonObject),
    lineRules: [{ order: 2, name: "session metadata", test: (r) => isGeminiMetadata(r) || null }],
    documentRules: [{ order: 4, name: "session document", test: (doc) => (isObject(doc) && isGeminiDocument(doc)) || null }],
  },
  openhands: {
    id: "openhands",
    harness: "OpenHands",
    fileTools: ["str_replace_editor"],
    // Its line-based shape is the evaluation output.jsonl, an instance a line.
    lineReader: () => new OpenHandsEvalReader(),
    readDocument: (doc) => readOpenHands(doc as unknown[]),
    // OpenHands' line-based shape is its evaluation output, an instance a line.
    lineRules: [{ order: 1, name: "evaluation instance", test: (r) => isEvaluationInstance(r) || null }],
    documentRules: [
      {
        order: 1,
        name: "event array",
        test: (doc) => (Array.isArray(doc) && doc.some((event) => isObject(event) && ("action" in event || "observation" in event))) || null,
      },
    ],
  },
  "openhands-sdk": {
    id: "openhands-sdk",
    harness: "OpenHands",
    fileTools: ["file_editor", "str_replace_editor", "planning_file_editor", "read_file", "list_directory", "glob", "grep"],
    lineReader: () => new OpenHandsSdkReader(),
    readDocument: (doc) => readOpenHandsSdk(doc as unknown[]),
    // After the other formats' first lines: none of theirs has the SDK's {kind, id, timestamp, source} envelope.
    lineRules: [
      // Before V0's evaluation instance: an SDK run's output.jsonl has the same envelope, its history V1 events.
      { order: 0, name: "evaluation instance", test: (r) => (isEvaluationInstance(r) && isSdkInstance(r)) || null },
      { order: 7, name: "event line", test: (r) => isSdkEvent(r) || null },
    ],
    // Before OpenHands' V0 event array: V1 events have action and observation keys too, but as objects, and read as
    // V0 events each would be skipped and the file called clean with no call in it.
    documentRules: [{ order: 0, name: "event array", test: (doc) => (Array.isArray(doc) && doc.some(isSdkEvent)) || null }],
  },
  "swe-agent": {
    id: "swe-agent",
    harness: "SWE-agent",
    fileTools: ["open", "goto", "scroll_up", "scroll_down", "search_file", "search_dir", "find_file", "str_replace_editor"],
    readDocument: (doc) => readSweAgent(doc as JsonObject),
    documentRules: [
      { order: 5, name: "trajectory", test: (doc) => (isObject(doc) && Array.isArray(doc.trajectory) && Array.isArray(doc.history)) || null },
      // After mini-swe-agent's messages: a trajectory without history is only refused once that had its say.
      { order: 7, name: "trajectory without history", test: (doc) => (isObject(doc) && Array.isArray(doc.trajectory) && "not a SWE-agent trajectory: it has no history") || null },
    ],
  },
  "mini-swe-agent": {
    id: "mini-swe-agent",
    harness: "mini-swe-agent",
    fileTools: [],
    readDocument: (doc) => readMiniSweAgent(doc as JsonObject | unknown[]),
    documentRules: [
      {
        order: 3,
        name: "message list",
        // Only 1.x before trajectory_format saved a bare list, its actions fenced bash blocks: tool calls and role
        // tool results came with 2.x, which always writes the document. A bare list of chat messages with tool calls
        // is another tool's (a chat-completions log), whose calls read as none.
        test: (doc) => {
          const first = Array.isArray(doc) ? doc.find(isObject) : undefined;
          if (first === undefined || !("role" in first) || !("content" in first)) return null;
          const toolCalls = (doc as unknown[]).some((m) => isObject(m) && (m.role === "tool" || (Array.isArray(m.tool_calls) && m.tool_calls.length > 0)));
          return toolCalls ? "not a mini-swe-agent trajectory: a bare list of chat messages with tool calls (mini-swe-agent saves those in its {messages, trajectory_format} document)" : true;
        },
      },
      {
        order: 6,
        name: "messages object",
        // trajectory_format since 2025-08-01 (mini-swe-agent 1.7), and info (model_stats, exit_status) always: other
        // tools' {messages} documents (a conversion of a Claude Code session to chat messages, say) have neither, and
        // read as mini-swe-agent their Bash calls became bash actions of a harness that never ran them.
        test: (doc) => {
          if (!isObject(doc) || !Array.isArray(doc.messages)) return null;
          if (typeof doc.trajectory_format === "string" || (isObject(doc.info) && doc.messages.some((m) => isObject(m) && "role" in m))) return true;
          return doc.messages.some((m) => isObject(m) && "role" in m) ? "not a mini-swe-agent trajectory: chat messages, but neither its trajectory_format nor its info" : null;
        },
      },
    ],
  },
};
