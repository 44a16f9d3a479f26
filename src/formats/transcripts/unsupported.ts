// Transcript formats toolspan does not read, each told by what its records hold, so a file of one is refused by
// name ("looks like Qwen Code: not supported") instead of misread as the harness it resembles. Each entry says
// where its shape was read.
import { CONTRACT_ID } from "../../contract/constants.js";
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

const IFLOW_SESSION_ID = /^session-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const UNSUPPORTED_FORMATS: readonly UnsupportedFormat[] = [
  {
    name: "toolspan's own spans",
    where: "a run file of toolspan/1 spans (wrap's, or audit --out's): read it with toolspan lint, triage, debug or report",
    source: "CONTRACT.md: a span line is {contract: toolspan/1, span_type, run_id, span_id, …}",
    // A user handing audit its own --out (or wrap's) gets the commands that read it, not "no harness audit reads".
    line: (record) => record.contract === CONTRACT_ID && typeof record.span_type === "string",
    document: (doc) => doc.contract === CONTRACT_ID && typeof doc.span_type === "string",
  },
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
    // The prefix before a UUID, not the prefix alone: a Claude Code test session named "session-123" is Claude Code's.
    line: (record) => (typeof record.sessionId === "string" && IFLOW_SESSION_ID.test(record.sessionId)) || geminiToolResult(record),
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
    // Its streams name the session session_id or, in others, sessionId (jazzyalex/agent-sessions
    // Resources/Fixtures/stage0/agents/droid/stream_json_schema_drift.jsonl), and a result's call toolId or toolCallId.
    line: (record) =>
      (record.type === "session_start" && typeof record.id === "string" && typeof record.cwd === "string") ||
      ((typeof record.session_id === "string" || typeof record.sessionId === "string") &&
        ((record.type === "tool_call" && typeof record.toolName === "string" && "parameters" in record) ||
          (record.type === "tool_result" && (typeof record.toolId === "string" || typeof record.toolCallId === "string") && ("isError" in record || "value" in record)) ||
          (record.type === "message" && typeof record.role === "string" && typeof record.text === "string" && !("message" in record)) ||
          (record.type === "completion" && typeof record.finalText === "string"))),
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
    name: "Kimi Code",
    where: "~/.kimi-code/sessions/<workdir>/<session>/agents/main/wire.jsonl",
    source:
      "codemie-ai/codemie-code src/agents/plugins/kimi/kimi.paths.ts and __tests__/fixtures/sample-wire.jsonl (a {type: metadata, protocol_version, app_version} header, then records {type, time}: config.update, turn.prompt, context.append_loop_event whose event is step.begin, tool.call, tool.result {toolCallId, result {output, isError}}, …)",
    line: (record) =>
      (record.type === "metadata" && typeof record.protocol_version === "string" && "app_version" in record) ||
      (record.type === "context.append_loop_event" && isObject(record.event)),
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
    name: "an OpenHands LLM completion log",
    where: "llm_completions/<instance>/<model>-<time>.json of an evaluation run: audit the run's output.jsonl",
    source:
      "All-Hands-AI/OpenHands openhands/llm/llm.py (log_completions: {messages, response, args, kwargs, timestamp, cost}, a file per model call); real ones in its history at 4ce8594d56 (evaluation_outputs/…/SWE-bench_Verified-test/…/llm_completions/)",
    // Its messages are {role, content}, as mini-swe-agent's: it is refused as one, naming the wrong harness.
    document: (doc) => Array.isArray(doc.messages) && isObject(doc.response) && "kwargs" in doc && "timestamp" in doc,
  },
  {
    name: "OpenHands' chat messages of a MopenHands run",
    where: "the messages OpenHands sent the model, its tool calls as <function=…> text: audit the run's output.jsonl or trajectory instead",
    source:
      "a real public file (keiryan/trajectories tasks/MopenHands + Claude-3.5-Sonnet(Oct)/…, blind round 9; no licence, not kept): {messages: [{role, content}]}, the system prompt 'You are OpenHands agent', results as 'EXECUTION RESULT of [execute_bash]:'",
    // Its messages are {role, content}, as mini-swe-agent's: it was refused as one, naming the wrong harness.
    document: (doc) =>
      Array.isArray(doc.messages) &&
      doc.messages.some((message) => isObject(message) && typeof message.content === "string" && (message.content.startsWith("You are OpenHands agent") || message.content.startsWith("EXECUTION RESULT of ["))),
  },
  {
    name: "a ReAct agent's trajectory in mini-swe-agent's layout",
    where: "a .traj.json whose actions are ----BEGIN_FUNCTION_CALL---- text and whose results are role tool messages (----TOOL RESULT BEGIN----), not mini-swe-agent's bash blocks or tool calls",
    source:
      "a real public file (Berkeley-CS-264/homework-4-react-swe-agent-whxwhx results/…/pytest-dev__pytest-7490.traj.json, blind round 11; no licence, not kept): {info {config {agent: swe-agent}}, messages, trajectory_format: mini-swe-agent-1, context}, a course's own ReAct agent",
    // Its trajectory_format and messages are mini-swe-agent's: read as one, its 16 calls became 0 and the run clean.
    document: (doc) =>
      Array.isArray(doc.messages) &&
      doc.messages.some((message) => isObject(message) && message.role === "assistant" && typeof message.content === "string" && message.content.includes("----BEGIN_FUNCTION_CALL----")),
  },
  {
    name: "chat messages in the Gemini API's shape",
    where: "{role: user | model, parts} messages, not Gemini CLI's session (~/.gemini/tmp/<project>/chats/session-*.json, whose messages are {type, content, toolCalls})",
    source:
      "a real public file (Master66999/Trail-Companion- gemini_session.json, blind round 11; no licence, not kept): {sessionId, project, createdAt, updatedAt, messages [{role, parts [{text}], timestamp}]}, a session another agent rewrote",
    // Its messages have a role, as mini-swe-agent's: it was refused as a broken mini-swe-agent trajectory.
    document: (doc) => Array.isArray(doc.messages) && doc.messages.some((message) => isObject(message) && typeof message.role === "string" && Array.isArray(message.parts)),
  },
  {
    name: "a Harbor ATIF trajectory",
    where: "agent/trajectory.json of a Harbor or Terminal-Bench trial: audit the agent's own log beside it, claude-code.txt, sessions/ or gemini-cli.trajectory.json",
    source:
      "benchflow-ai/skillsbench-trajectories shenghan/gemini-cli/…/agent/trajectory.json ({schema_version: ATIF-v1.2, session_id, agent {name, version, model_name}, steps [{step_id, source, message, tool_calls, observation {results}}]}), written by Harbor beside gemini-cli.trajectory.json",
    document: (doc) => typeof doc.schema_version === "string" && doc.schema_version.startsWith("ATIF-") && Array.isArray(doc.steps),
  },
  {
    name: "a Terminus episode log",
    where: "agent/trajectory.json of a Terminal-Bench or Harbor trial run with Terminus: its prompts hold the terminal screens, not tool results",
    source: "benchflow-ai/skillsbench-trajectories yimin/…/terminus-2-…/agent/trajectory.json (a list of {episode, prompt, response}, beside agent/episode-N/prompt.txt and response.txt)",
    list: (doc) => doc.length > 0 && doc.every((entry) => isObject(entry) && typeof entry.episode === "number" && typeof entry.prompt === "string" && typeof entry.response === "string"),
  },
  {
    name: "a SWE-agent demonstration",
    where: "trajectories/demonstrations/*.traj holding only the history SWE-agent shows a model: no trajectory of observations to compare it with",
    source: "SWE-agent/SWE-agent trajectories/demonstrations/function_calling_simple.traj ({history: [{role, content, …}]} alone)",
    document: (doc) => Object.keys(doc).length === 1 && Array.isArray(doc.history) && doc.history.some((entry) => isObject(entry) && typeof entry.role === "string"),
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
    name: "Gemini CLI's prompt log",
    where: "~/.gemini/tmp/<project>/logs.json, the user's prompts alone: audit the session beside it, chats/session-*.json",
    source: "codemie-ai/codemie-code tests/integration/metrics/fixtures/gemini/logs.json (a list of {sessionId, messageId, type: user, message, timestamp}, beside the session-*.json of the same sessionId)",
    list: (doc) => doc.length > 0 && doc.every((entry) => isObject(entry) && typeof entry.sessionId === "string" && typeof entry.messageId === "number" && typeof entry.message === "string"),
  },
  {
    name: "Cline",
    where: "<editor globalStorage>/saoudrizwan.claude-dev/tasks/<id>/api_conversation_history.json; its forks Roo Code and Kilo Code write the same",
    source: "jonathan-kellerai/cross_agent_session_resumer src/providers/cline.rs and tests/fixtures/cline (a bare list of Anthropic messages {role: user | assistant, content blocks})",
    // A bare {role, content} list, as mini-swe-agent's; but mini-swe-agent's always opens with its system message,
    // and Anthropic's messages have no system role.
    list: (doc) => doc.some(hasContentBlocks) && doc.every((message) => isObject(message) && (message.role === "user" || message.role === "assistant")),
  },
  {
    name: "Cursor CLI",
    where: "cursor-agent --print --output-format stream-json",
    source:
      "cursor.com/docs/cli/reference/output-format.md (stream-json: a system init {apiKeySource, cwd, session_id, model, permissionMode}, user and assistant {message, session_id}, tool_call {subtype: started | completed, call_id, tool_call {readToolCall | writeToolCall | …: {args, result}}, session_id}, then result); the event types as gate4agent src/pipe/cli/cursor.rs (docs.rs, 0.2.5) reads them. Cursor CLI is closed source: no sample of its own",
    // Its first line is a system init as Claude Code's stream-json writes it, and its user and assistant events are
    // Claude's too: read as Claude Code's stream, its tool calls were skipped as an unknown record type and the run
    // called clean. Its tool_call events are its own.
    line: (record) => record.type === "tool_call" && typeof record.call_id === "string" && isObject(record.tool_call),
  },
  {
    name: "Grok CLI",
    where: "grok --prompt … --format json (its sessions are in ~/.grok/grok.db, SQLite)",
    source:
      "superagent-ai/grok-cli src/headless/output.ts at fb97af83f06d (HeadlessJsonEvent: step_start | text | tool_use | step_finish, each {sessionID, stepNumber, timestamp}, a tool_use with toolCall and toolResult, a step_finish with finishReason and usage; error {message})",
    // Its timestamp and type are a Codex rollout's: without this, it is refused as a rollout with no payload. OpenCode's
    // stream, whose event names it borrows, has no stepNumber.
    line: (record) =>
      typeof record.stepNumber === "number" &&
      typeof record.timestamp === "number" &&
      (record.type === "step_start" || record.type === "text" || record.type === "tool_use" || record.type === "step_finish"),
  },
  {
    name: "OpenCode",
    where: "opencode run --format json, opencode export, or ~/.local/share/opencode/storage/{session,message,part}/…/<id>.json",
    source:
      "anomalyco/opencode (formerly sst/opencode) packages/opencode/src/cli/cmd/run.ts at 00f9806cfed2 (--format json: emit {type, timestamp, sessionID, part} for tool_use, step_start, step_finish, text, reasoning; error, done) and cli/cmd/export.ts at 07fa81066b42 ({info: session, messages: [{info, parts}], todos}); storage files are one session, message or part each, ids ses_…, msg_…, prt_…",
    // Its stream's timestamp and type are a Codex rollout's; an export's {info, messages} is the shape of an early
    // mini-swe-agent trajectory. A part always names its message.
    line: (record) => typeof record.sessionID === "string" && typeof record.timestamp === "number" && isObject(record.part) && typeof record.part.messageID === "string",
    document: (doc) =>
      (Array.isArray(doc.messages) && doc.messages.some((message) => isObject(message) && isObject(message.info) && Array.isArray(message.parts))) ||
      (typeof doc.id === "string" && /^(ses|msg|prt)_/.test(doc.id) && (typeof doc.sessionID === "string" || typeof doc.projectID === "string")),
  },
  {
    name: "Mistral Vibe",
    where: "~/.vibe/logs/session/session_<time>_<id>/messages.jsonl and meta.json; before 2.0, one session_<time>_<id>.json",
    source:
      "mistralai/mistral-vibe vibe/core/session/session_logger.py at ac8f1a09fdfb (messages.jsonl: each LLMMessage dumped with exclude_none, {role, content, message_id (not on tool messages), tool_calls [{id, index, function {name, arguments}, type}], name, tool_call_id, injected}; meta.json {session_id, start_time, end_time, git_commit, git_branch, username, environment, title, stats, total_messages, tools_available, config, agent_profile, system_prompt}) and, before 2.0.0 (d33db9f), vibe/core/interaction_logger.py at fa15fc9 ({metadata {session_id, start_time, …, agent_config}, messages})",
    // Its lines are bare chat messages, no type: a message_id (or a tool message's name and tool_call_id) is its own.
    line: (record) =>
      !("type" in record) &&
      (record.role === "user" || record.role === "assistant" || record.role === "tool") &&
      (typeof record.message_id === "string" || (record.role === "tool" && typeof record.tool_call_id === "string" && typeof record.name === "string")),
    document: (doc) =>
      (isObject(doc.metadata) && typeof doc.metadata.session_id === "string" && "start_time" in doc.metadata && Array.isArray(doc.messages)) ||
      (typeof doc.session_id === "string" && "start_time" in doc && "total_messages" in doc && "environment" in doc),
  },
  {
    name: "Goose",
    where: "~/.local/share/goose/sessions/<id>.jsonl (before sessions.db, SQLite), goose session export --format json, or goose run --output-format stream-json",
    source:
      "block/goose crates/goose/src/session/legacy.rs at 0fc5e54062be (a session file: a SessionMetadata first line, then a Message a line), and crates/goose/src/conversation/message.rs at 05132966065f (MessageContent, tagged type, camelCase: text | toolRequest {id, toolCall {status, value {name, arguments}}} | toolResponse {id, toolResult {status, value: a CallToolResult {content, isError}}} | thinking | …), the content_json of its sessions.db too",
    // A message's content blocks are Anthropic-like, but toolRequest and toolResponse are Goose's own, in a session
    // file's message or a stream event's.
    // A session file's first line, and an export, are its SessionMetadata / Session: a working_dir with a
    // message_count (crates/goose/src/session/session_manager.rs at dbec1655c177: name, alias description, schedule_id,
    // extension_data, conversation the messages).
    document: (doc) => typeof doc.working_dir === "string" && "message_count" in doc && ("conversation" in doc || "extension_data" in doc),
    line: (record) => {
      if (typeof record.working_dir === "string" && "message_count" in record && ("description" in record || "schedule_id" in record)) return true;
      const message = isObject(record.message) ? record.message : record;
      return (
        Array.isArray(message.content) &&
        message.content.some((block) => isObject(block) && ((block.type === "toolRequest" && "toolCall" in block) || (block.type === "toolResponse" && "toolResult" in block)))
      );
    },
  },
  {
    name: "Continue",
    where: "~/.continue/sessions/<sessionId>.json, of the editor extension or the cn CLI",
    source: "continuedev/continue core/index.d.ts at d0a3c0b626b5 (Session {sessionId, title, workspaceDirectory, history: ChatHistoryItem[] {message, contextItems, toolCallStates, …}}) and core/util/paths.ts (getSessionFilePath: sessions/<sessionId>.json)",
    document: (doc) => typeof doc.sessionId === "string" && typeof doc.workspaceDirectory === "string" && Array.isArray(doc.history),
  },
  {
    name: "a Claude Code web session export",
    where: "{loglines: [...]}, as claude-code-transcripts fetches a Claude Code on the web session or normalises a local one: audit the session's own JSONL, or its records as lines: jq -c '.loglines[]' FILE",
    source:
      "simonw/claude-code-transcripts src/claude_code_transcripts/__init__.py at cad133d9132a (fetch_session: the API's session_ingress/session/<id>, {loglines}; _parse_jsonl_file: a local session's user and assistant records cut to {type, timestamp, message}) and tests/sample_session.json",
    // Its loglines are Claude Code records, wrapped. Not read: the normalised ones keep only type, timestamp and
    // message (no sessionId, uuid or toolUseResult, which the Claude Code reader needs to tell a cut result), and
    // nothing tells the two kinds apart. Written one a line, whole records are a Claude Code session audit reads.
    document: (doc) =>
      Array.isArray(doc.loglines) && doc.loglines.some((entry) => isObject(entry) && (entry.type === "user" || entry.type === "assistant") && isObject(entry.message)),
  },
  {
    name: "Gemini CLI's stream-json output",
    where: "gemini -p … --output-format stream-json: audit the session Gemini CLI keeps of the same run, ~/.gemini/tmp/<project>/chats/session-*.jsonl",
    source:
      "UnlikeOtherAI/steroids-cli docs/cli/providers/gemini.md and the event types stream parsers of it declare (init {session_id, model}, message {role, content, delta}, tool_use {tool_name, tool_id, parameters}, tool_result {tool_id, status, output | error}, error, result {status, stats}); a real public stream of 2026-01 (metaphi-agent figma-eval transcript.jsonl, blind round 6; no licence, not kept) holds them",
    // Read as nothing (or, after a wrapper's first line, as a Claude Code session with a wrong first record), it was
    // refused as no known harness. Its tool events are its own: Claude Code's stream nests tool_use in messages.
    line: (record) =>
      typeof record.tool_id === "string" &&
      ((record.type === "tool_use" && typeof record.tool_name === "string" && "parameters" in record) || (record.type === "tool_result" && typeof record.status === "string")),
  },
  {
    name: "a Gemini API chat history",
    where: "a list of {role: user | model, parts} Contents, as exports of a Gemini CLI chat hold them: audit the session file Gemini CLI keeps, ~/.gemini/tmp/<project>/chats/session-*.json[l]",
    source:
      "the Gemini API's Content (role user | model; parts of text, functionCall, functionResponse), as ai.google.dev documents it; a real public Gemini CLI history in this shape, holding a shell result Gemini CLI cut (coretexthq/coretext logs/e3C.json, blind round 7; no licence, not kept)",
    // Refused as "a JSON array, but its objects have neither action/observation nor role/content" before. Not read:
    // a Content list names no harness version, and its function responses are what the model got, not the records
    // (status, resultDisplay) the session file keeps beside them.
    list: (doc) => doc.some((message) => isObject(message) && (message.role === "user" || message.role === "model") && Array.isArray(message.parts)),
  },
  {
    name: "a Google Antigravity trajectory",
    where: "the steps of an Antigravity conversation exported one a line (its files are under ~/.gemini/antigravity/brain/<id>/)",
    source:
      "a real public export (diiviikk5/Xeus gemini-session.jsonl, blind round 6; no licence, not kept): one step a line {step_index, source: USER_EXPLICIT | MODEL | SYSTEM, type: USER_INPUT | PLANNER_RESPONSE | LIST_DIRECTORY | CODE_ACTION | GREP_SEARCH | …, status: DONE | RUNNING | ERROR, created_at, content}. Antigravity is closed source",
    line: (record) =>
      Number.isSafeInteger(record.step_index) &&
      typeof record.source === "string" &&
      typeof record.status === "string" &&
      typeof record.created_at === "string" &&
      typeof record.type === "string" &&
      /^[A-Z][A-Z_]{1,63}$/.test(record.type),
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

/** A SQLite database, where some harnesses keep their sessions instead of a transcript file: told by its header. */
export const SQLITE_DATABASE: UnsupportedFormat = {
  name: "a SQLite database",
  where: "a session store: Crush's crush.db, Grok CLI's ~/.grok/grok.db, Goose's sessions/sessions.db, Cursor's state.vscdb",
  source:
    "charmbracelet/crush internal/db/connect.go at 040d17e8020f (<data dir>/crush.db); superagent-ai/grok-cli src/storage/db.ts at fb97af83f06d (~/.grok/grok.db, bun:sqlite); block/goose crates/goose/src/session/session_manager.rs at dbec1655c177 (DB_NAME sessions.db in SESSIONS_FOLDER, a sqlx Pool<Sqlite>); jonathan-kellerai/cross_agent_session_resumer src/providers/cursor.rs at 298f6de637c1 (Cursor's globalStorage/state.vscdb); sqlite.org/fileformat.html (a database file opens with the 16 bytes \"SQLite format 3\\0\")",
};

/** Whether a file's first bytes, as text, are a SQLite database's header. */
export const isSqliteHeader = (head: string): boolean => head.startsWith("SQLite format 3\u0000");

