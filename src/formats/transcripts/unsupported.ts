// Transcript formats toolspan does not read, each told by what its records hold, so a file of one is refused by
// name ("looks like Qwen Code: not supported") instead of misread as the harness it resembles. Each entry says
// where its shape was read.
import { isObject, type JsonObject } from "./json-values.js";
import { isSdkEvent } from "./openhands-sdk.js";

export interface UnsupportedFormat {
  /** The harness, as people call it. */
  name: string;
  /** Where it keeps its transcripts. */
  where: string;
  /** Where the shape below was read. */
  source: string;
  /** A record of a line-based transcript that only this format writes. */
  line?: (record: JsonObject) => boolean;
  /** A whole-document transcript of this format. */
  document?: (doc: JsonObject) => boolean;
  /** A whole-document transcript of this format that is a JSON array. */
  list?: (doc: readonly unknown[]) => boolean;
}

// A message whose content is a list of typed blocks, as Anthropic's API (and Cline, which keeps those) writes them.
const hasContentBlocks = (message: unknown): boolean =>
  isObject(message) && Array.isArray(message.content) && message.content.some((block) => isObject(block) && typeof block.type === "string");

// A Gemini-style tool result (callId / responseParts / functionResponse) inside a Claude-style tool_result block.
function geminiToolResult(record: JsonObject): boolean {
  const content = isObject(record.message) ? record.message.content : undefined;
  if (!Array.isArray(content)) return false;
  return content.some((block) => isObject(block) && block.type === "tool_result" && isObject(block.content) && ("callId" in block.content || "responseParts" in block.content || "functionResponse" in block.content));
}

export const UNSUPPORTED_FORMATS: readonly UnsupportedFormat[] = [
  {
    name: "Qwen Code",
    where: "~/.qwen/projects/<project>/chats/<session>.jsonl",
    source: "QwenLM/qwen-code packages/core/src/services/chatRecordingService.ts (ChatRecord: message is a genai Content {role, parts}, type user | assistant | tool_result | system; a tool_result record's toolCallResult)",
    // The genai Content is the sign, not the record type: Claude Code writes sessionId and could write a top-level
    // tool_result too, but its message is {role, content}.
    line: (record) =>
      "sessionId" in record &&
      ((isObject(record.message) && (Array.isArray(record.message.parts) || record.message.role === "model")) ||
        (record.type === "tool_result" && isObject(record.toolCallResult))),
  },
  {
    name: "iFlow CLI",
    where: "~/.iflow/projects/<project>/session-<id>.jsonl",
    source: "bbingz/engram docs on iFlow's session files (sessionId with a session- prefix; tool_result content {callId, responseParts, resultDisplay})",
    line: (record) => (typeof record.sessionId === "string" && record.sessionId.startsWith("session-")) || geminiToolResult(record),
  },
  {
    name: "GitHub Copilot CLI",
    where: "~/.copilot/session-state/<id>/events.jsonl",
    source: "exdis/agent-monitor internal/source/copilot (events {type: session.start | user.message | tool.execution_start | …, data, timestamp})",
    line: (record) => typeof record.type === "string" && /^[a-z_]{1,40}\.[a-z_.]{1,60}$/.test(record.type) && isObject(record.data),
  },
  {
    name: "Factory Droid",
    where: "droid exec --output-format stream-json, or ~/.factory/sessions/<workspace>/<id>.jsonl",
    source:
      "davidrudduck/vk-swarm crates/executors/src/executors/droid/normalize_logs.rs (DroidJson: system init as Claude Code's, then message {role, id, text}, tool_call {messageId, toolId, toolName, parameters}, tool_result {messageId, toolId, isError, value | error}, all with session_id); jonathan-kellerai/cross_agent_session_resumer src/providers/factory.rs (a session file opens with {type: session_start, id, title, owner, cwd})",
    // Its stream's first line is a system init as Claude Code's stream-json writes: the records after it tell them
    // apart. Its session files open with their own header.
    line: (record) =>
      (record.type === "session_start" && typeof record.id === "string" && typeof record.cwd === "string") ||
      (typeof record.session_id === "string" &&
        ((record.type === "tool_call" && typeof record.toolName === "string" && "parameters" in record) ||
          (record.type === "tool_result" && typeof record.toolId === "string" && typeof record.isError === "boolean") ||
          (record.type === "message" && typeof record.role === "string" && typeof record.text === "string" && !("message" in record)))),
  },
  {
    name: "Pi coding agent",
    where: "~/.pi/agent/sessions/--<cwd>--/<timestamp>_<id>.jsonl; OpenClaw's ~/.openclaw/agents/<agent>/sessions/ are the same",
    source:
      "badlogic/pi-mono packages/coding-agent/src/core/session-manager.ts (SessionHeader {type: session, version (3; none in v1), id, timestamp, cwd, parentSession} as the first line, then SessionEntry lines {type, id, parentId, timestamp}; a message entry's AgentMessage has role user | assistant | toolResult | bashExecution | custom, docs/session.md) and its test/fixtures/large-session.jsonl; jonathan-kellerai/cross_agent_session_resumer src/providers/openclaw.rs",
    // Its header has Codex's timestamp and type but no payload: without this, it is refused as a broken rollout.
    line: (record) =>
      (record.type === "session" && typeof record.id === "string" && typeof record.cwd === "string" && !("payload" in record)) ||
      (record.type === "message" && isObject(record.message) && (record.message.role === "toolResult" || record.message.role === "bashExecution")),
  },
  {
    name: "Hermes Agent",
    where: "~/.hermes/sessions/session_<id>.json",
    source: "NousResearch/hermes-agent run_agent.py (_save_session_log: session_id, model, base_url, platform, session_start, message_count, messages)",
    document: (doc) => "session_id" in doc && Array.isArray(doc.messages) && ("platform" in doc || "session_start" in doc || "message_count" in doc),
  },
  {
    name: "one OpenHands event",
    where: "~/.openhands/sessions/<id>/events/<n>.json, a file per event: audit the session's events joined in one array",
    source: "All-Hands-AI/OpenHands, a session committed by mistake at 429def088dca (~/.openhands/sessions/63b43159…/events/0.json to 13.json: {id, timestamp, source, message, action | observation, args | extras})",
    // Read alone it is a JSON object of no known shape; the array of all of them is an OpenHands trajectory.
    document: (doc) => typeof doc.id === "number" && typeof doc.source === "string" && (typeof doc.action === "string" || typeof doc.observation === "string"),
  },
  {
    name: "one OpenHands V1 event",
    where: "~/.openhands/conversations/<id>/events/event-NNNNN-<id>.json, a file per event: audit the conversation's directory",
    source: "OpenHands/software-agent-sdk openhands-sdk/openhands/sdk/conversation/persistence_const.py and event_store.py (each event one compact JSON object in its own file, {kind, id, timestamp, source, …})",
    // Read alone it is a conversation of one event: an observation without its action is skipped and the file called
    // clean, though the result in it was clipped.
    document: isSdkEvent,
  },
  {
    name: "Amp",
    where: "~/.local/share/amp/threads/T-<id>.json",
    source: "jonathan-kellerai/cross_agent_session_resumer src/providers/amp.rs and tests/fixtures/amp (a thread: {v, id T-<uuid>, created, title, env, messages [{role, content blocks, meta}]})",
    // Its messages are {role, content}, as mini-swe-agent's: read as those, a thread would be called clean with no call.
    document: (doc) => typeof doc.id === "string" && doc.id.startsWith("T-") && typeof doc.v === "number" && Array.isArray(doc.messages),
  },
  {
    name: "Cline",
    where: "<editor globalStorage>/saoudrizwan.claude-dev/tasks/<id>/api_conversation_history.json; its forks Roo Code and Kilo Code write the same",
    source: "jonathan-kellerai/cross_agent_session_resumer src/providers/cline.rs and tests/fixtures/cline (a bare list of Anthropic messages {role: user | assistant, content blocks})",
    // A bare {role, content} list, as mini-swe-agent's; but mini-swe-agent's always opens with its system message,
    // and Anthropic's messages have no system role.
    list: (doc) => doc.some(hasContentBlocks) && doc.every((message) => isObject(message) && (message.role === "user" || message.role === "assistant")),
  },
];

/** The refusal of a format toolspan does not read. */
export const unsupportedReason = (format: UnsupportedFormat): string => `looks like ${format.name} (${format.where}): not supported`;

/** The unsupported format any of `records` belongs to, or null. */
export function unsupportedLines(records: readonly JsonObject[]): UnsupportedFormat | null {
  for (const format of UNSUPPORTED_FORMATS) if (format.line && records.some(format.line)) return format;
  return null;
}

/** The unsupported format a whole document is, or null. */
export function unsupportedDocument(doc: unknown): UnsupportedFormat | null {
  if (Array.isArray(doc)) return UNSUPPORTED_FORMATS.find((format) => format.list?.(doc)) ?? null;
  if (!isObject(doc)) return null;
  return UNSUPPORTED_FORMATS.find((format) => format.document?.(doc)) ?? null;
}
