import assert from "node:assert/strict";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { detectDocument, detectFirstLine, DOCUMENT_RULES, firstVerdict, LINE_RULES } from "../../../src/formats/transcripts/detect.js";
import { parseObject } from "../../../src/formats/transcripts/json-values.js";
import { readTranscript, UnrecognisedTranscript } from "../../../src/formats/transcripts/read-transcript.js";
import { unsupportedLines } from "../../../src/formats/transcripts/unsupported.js";
import { scratchPaths } from "../../helpers/scratch.js";
import { REAL_FIXTURES, readFixture, transcriptPath } from "../../helpers/transcripts.js";

const fresh = scratchPaths("toolspan-detect-");

test("every real fixture is told by its content", async () => {
  for (const { file, format } of REAL_FIXTURES) assert.equal((await readFixture(file)).format, format, file);
});

test("first lines: Codex wants a payload, Claude Code a session record", () => {
  assert.deepEqual(detectFirstLine({ timestamp: "t", type: "session_meta", payload: {} }, 1), { format: "codex" });
  assert.deepEqual(detectFirstLine({ timestamp: "t", type: "event_msg" }, 3), { reason: "not a Codex rollout: line 3 has no payload" });
  assert.deepEqual(detectFirstLine({ type: "user", sessionId: "s", message: {} }, 1), { format: "claude-code" });
  assert.deepEqual(detectFirstLine({ type: "file-history-snapshot", messageId: "m" }, 1), { format: "claude-code" });
  assert.equal(detectFirstLine({ name: "x" }, 1), null);
});

test("documents: OpenHands events, SWE-agent trajectories, mini-swe-agent messages, and what is none of them", () => {
  assert.deepEqual(detectDocument([{ id: 0, action: "message" }]), { format: "openhands" });
  assert.deepEqual(detectDocument({ trajectory: [], history: [] }), { format: "swe-agent" });
  assert.deepEqual(detectDocument({ messages: [], trajectory_format: "mini-swe-agent-1" }), { format: "mini-swe-agent" });
  assert.deepEqual(detectDocument([{ role: "user", content: "hi" }]), { format: "mini-swe-agent" });
  assert.deepEqual(detectDocument([{ type: "system", subtype: "init", session_id: "s" }, { type: "result" }]), { format: "claude-code" });
  assert.match((detectDocument({ trajectory: [] }) as { reason: string }).reason, /no history/);
  assert.match((detectDocument(42) as { reason: string }).reason, /neither an object nor an array/);
  // OpenHands V1 (software-agent-sdk) events carry action and observation as objects: read as V1, not as V0 events.
  const envelope = { timestamp: "2026-11-30T10:00:00", source: "agent" };
  const v1 = [
    { ...envelope, id: "e0", kind: "SystemPromptEvent" },
    { ...envelope, id: "e1", kind: "ActionEvent", tool_name: "terminal", tool_call_id: "t1", action: { command: "ls", kind: "TerminalAction" } },
    { ...envelope, id: "e2", source: "environment", kind: "ObservationEvent", tool_name: "terminal", tool_call_id: "t1", action_id: "e1", observation: { content: [], kind: "TerminalObservation" } },
  ];
  assert.deepEqual(detectDocument(v1), { format: "openhands-sdk" });
  assert.deepEqual(detectFirstLine(v1[1]!, 1), { format: "openhands-sdk" });
});

test("an unrecognised file is refused with the reason, a missing one as unreadable", async () => {
  await assert.rejects(readTranscript(transcriptPath("synthetic/codex-no-payload.jsonl")), (error: Error) => {
    assert.ok(error instanceof UnrecognisedTranscript);
    assert.match(error.message, /not a Codex rollout: line 1 has no payload/);
    return true;
  });
  await assert.rejects(readTranscript(transcriptPath("synthetic/not-a-transcript.json")), UnrecognisedTranscript);
  await assert.rejects(readTranscript(transcriptPath("synthetic/none.jsonl")), /cannot read .*ENOENT/);
});

const UNSUPPORTED: Record<string, string> = {
  "unsupported/qwen-code.jsonl": "Qwen Code",
  "unsupported/iflow-cli.jsonl": "iFlow CLI",
  "unsupported/copilot-cli-events.jsonl": "GitHub Copilot CLI",
  "unsupported/hermes-session.json": "Hermes Agent",
  "unsupported/droid-stream.jsonl": "Factory Droid",
  "unsupported/pi-session.jsonl": "Pi coding agent",
  "unsupported/amp-thread.json": "Amp",
  "unsupported/cline-api-conversation-history.json": "Cline",
  "unsupported/factory-session.jsonl": "Factory Droid",
  "unsupported/openhands-event.json": "one OpenHands event",
  "unsupported/kimi-code-wire.jsonl": "Kimi Code",
  "unsupported/gemini-cli-logs.json": "Gemini CLI's prompt log",
  "unsupported/openhands-llm-completion.json": "an OpenHands LLM completion log",
  "unsupported/harbor-atif-trajectory.json": "a Harbor ATIF trajectory",
  "unsupported/terminus-episodes.json": "a Terminus episode log",
  "unsupported/swe-agent-demonstration.traj": "a SWE-agent demonstration",
  "synthetic/unsupported/cursor-cli-stream.jsonl": "Cursor CLI",
  "synthetic/unsupported/gemini-cli-stream.jsonl": "Gemini CLI's stream-json output",
  "synthetic/unsupported/antigravity-steps.jsonl": "a Google Antigravity trajectory",
  "synthetic/unsupported/openhands-chat-messages.json": "OpenHands' chat messages of a MopenHands run",
  "synthetic/unsupported/react-agent-mini-layout.traj.json": "a ReAct agent's trajectory in mini-swe-agent's layout",
  "synthetic/unsupported/gemini-api-messages.json": "chat messages in the Gemini API's shape",
  "synthetic/unsupported/grok-cli-headless.jsonl": "Grok CLI",
  "synthetic/unsupported/opencode-run.jsonl": "OpenCode",
  "synthetic/unsupported/opencode-export.json": "OpenCode",
  "synthetic/unsupported/mistral-vibe-messages.jsonl": "Mistral Vibe",
  "synthetic/unsupported/goose-session.jsonl": "Goose",
  "synthetic/unsupported/continue-session.json": "Continue",
  "unsupported/claude-code-transcripts-sample-session.json": "a Claude Code web session export",
};

test("formats toolspan does not read are refused by name, never misread as the harness they resemble", async () => {
  for (const [file, name] of Object.entries(UNSUPPORTED)) {
    await assert.rejects(readTranscript(transcriptPath(file)), (error: Error) => {
      assert.ok(error instanceof UnrecognisedTranscript, file);
      assert.match(error.reason, new RegExp(`^looks like ${name} \\(.*\\): not supported$`), file);
      return true;
    });
  }
});

test("a record past the first line is looked at too: iFlow's Gemini-style tool result gives it away", async () => {
  const lines = readFileSync(transcriptPath("unsupported/iflow-cli.jsonl"), "utf8").replaceAll('"session-3b9e', '"3b9e');
  const path = fresh("iflow.jsonl");
  writeFileSync(path, lines);
  await assert.rejects(readTranscript(path), /looks like iFlow CLI/);
});

test("a Claude Code session whose id merely starts with session- is Claude Code's, not iFlow's", async () => {
  // As neilberkman/ccrider's pkg/ccsessions/testdata/sample.jsonl names its session "session-123".
  const lines = readFileSync(transcriptPath("synthetic/claude-code-markers.jsonl"), "utf8").replace(/"sessionId":\s*"[^"]*"/g, '"sessionId": "session-123"');
  assert.match(lines, /"session-123"/);
  const path = fresh("claude-session-prefix.jsonl");
  writeFileSync(path, lines);
  assert.equal((await readTranscript(path)).format, "claude-code");
});

test("a Claude Code session with a top-level tool_result record is read as Claude Code, not refused as Qwen Code", async () => {
  const lines = readFileSync(transcriptPath("synthetic/claude-code-markers.jsonl"), "utf8").split("\n");
  const result = { type: "tool_result", uuid: "r1", sessionId: "s-synth", tool_use_id: "t1", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "ok" }] } };
  lines.splice(1, 0, JSON.stringify(result));
  const path = fresh("claude-tool-result.jsonl");
  writeFileSync(path, lines.join("\n"));
  const read = await readTranscript(path);
  assert.equal(read.format, "claude-code");
  assert.ok(read.calls.length > 0);
  // Qwen Code's own tool_result record is still told by its toolCallResult, whatever its message holds.
  assert.equal(unsupportedLines([{ ...result, toolCallResult: { callId: "t1" } }])?.name, "Qwen Code");
});

test("a Droid stream whose first line is a system init, as Claude Code's stream-json, is refused as Droid", () => {
  const records = readFileSync(transcriptPath("unsupported/droid-stream.jsonl"), "utf8").trim().split("\n").map((line) => parseObject(line)!);
  assert.deepEqual(detectFirstLine(records[0]!, 1), { format: "claude-code" }, "the first line alone is Claude Code's");
  for (const record of records.slice(1, 4)) assert.equal(unsupportedLines([records[0]!, record])?.name, "Factory Droid", JSON.stringify(record.type));
});

test("a Droid stream that names its session sessionId, and a result's call toolCallId, is refused as Droid too", async () => {
  // As agent-sessions' stream_json_schema_drift.jsonl: read as Claude Code's stream, it was called clean, 0 calls.
  const drifted = readFileSync(transcriptPath("unsupported/droid-stream.jsonl"), "utf8").replaceAll('"session_id"', '"sessionId"').replaceAll('"toolId"', '"toolCallId"');
  const records = drifted.trim().split("\n").map((line) => parseObject(line)!);
  for (const record of records.slice(1)) assert.equal(unsupportedLines([records[0]!, record])?.name, "Factory Droid", JSON.stringify(record.type));
  const path = fresh("droid-camel.jsonl");
  writeFileSync(path, drifted);
  await assert.rejects(readTranscript(path), /looks like Factory Droid/);
});

test("a Pi session, whose header has a Codex rollout's timestamp and type, is refused as Pi, version 1 headers too", () => {
  const records = readFileSync(transcriptPath("unsupported/pi-session.jsonl"), "utf8").trim().split("\n").map((line) => parseObject(line)!);
  assert.deepEqual(detectFirstLine(records[0]!, 1), { reason: "not a Codex rollout: line 1 has no payload" }, "the first line alone is a broken rollout");
  const { version, ...v1Header } = records[0]!;
  assert.equal(version, 3);
  assert.equal(unsupportedLines([v1Header])?.name, "Pi coding agent");
  // Past the header, a tool result tells it (a file cut to its later lines).
  assert.equal(unsupportedLines(records.slice(1))?.name, "Pi coding agent");
  assert.equal(unsupportedLines(records.slice(1, 5)), null, "model changes, a user and an assistant message alone are no proof");
});

test("no record of a Claude Code or Codex fixture looks like a format toolspan does not read", () => {
  const files = [...REAL_FIXTURES.map(({ file }) => file), "lab/claude_code/lab-2.1.332.jsonl", "lab/codex/lab-0.171.0.jsonl", "synthetic/claude-code-markers.jsonl", "synthetic/codex-markers.jsonl"];
  for (const file of files.filter((name) => name.endsWith(".jsonl"))) {
    const records = readFileSync(transcriptPath(file), "utf8").split("\n").flatMap((line) => {
      const record = parseObject(line);
      return record === null ? [] : [record];
    });
    assert.equal(unsupportedLines(records)?.name ?? null, null, file);
  }
});

// The documented order of the checks (docs/audit.md, "Formats"): moving one changes which look-alike wins.
const DOCUMENTED_LINE_ORDER = [
  "openhands-sdk: evaluation instance",
  "openhands: evaluation instance",
  "gemini: session metadata",
  "codex: legacy meta",
  "claude-code: stream-json init",
  "codex: rollout record",
  "claude-code: session record",
  "openhands-sdk: event line",
];
const DOCUMENTED_DOCUMENT_ORDER = [
  "openhands-sdk: event array",
  "openhands: event array",
  "claude-code: stream-json event array",
  "mini-swe-agent: message list",
  "gemini: session document",
  "swe-agent: trajectory",
  "mini-swe-agent: messages object",
  "swe-agent: trajectory without history",
];

test("the descriptors' detection rules run in the documented order", () => {
  assert.deepEqual(LINE_RULES.map((rule) => `${rule.format}: ${rule.name}`), DOCUMENTED_LINE_ORDER);
  assert.deepEqual(DOCUMENTED_DOCUMENT_ORDER, DOCUMENT_RULES.map((rule) => `${rule.format}: ${rule.name}`));
  // Equal orders would leave the winner to the descriptors' listing order.
  for (const rules of [LINE_RULES, DOCUMENT_RULES]) assert.equal(new Set(rules.map((rule) => rule.order)).size, rules.length);
});

test("every descriptor's detection rule decides at least one fixture", () => {
  const root = transcriptPath("");
  const decided = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() || path.includes("/unsupported/") || !/\.(jsonl|json|traj)$/.test(entry.name)) continue;
    const text = readFileSync(path, "utf8");
    if (entry.name.endsWith(".jsonl")) {
      const firstLine = text.split("\n").find((line) => line.trim() !== "");
      const record = firstLine === undefined ? null : parseObject(firstLine);
      const found = record === null ? null : firstVerdict(LINE_RULES, record, 1);
      if (found === null) continue;
      assert.deepEqual(detectFirstLine(record!, 1), found.detection, path);
      decided.add(`${found.rule.format}: ${found.rule.name}`);
    } else {
      const doc = JSON.parse(text) as unknown;
      const found = firstVerdict(DOCUMENT_RULES, doc, 0);
      if (found === null) continue;
      // The rule decides the file as a whole read does, not only in isolation.
      assert.deepEqual(detectDocument(doc), found.detection, path);
      decided.add(`${found.rule.format}: ${found.rule.name}`);
    }
  }
  const missing = [...DOCUMENTED_LINE_ORDER, ...DOCUMENTED_DOCUMENT_ORDER].filter((rule) => !decided.has(rule));
  assert.deepEqual(missing, []);
});

test("an Amp thread or a Cline message list is refused, not read as mini-swe-agent's {role, content} messages", () => {
  // Both were read as mini-swe-agent trajectories with no call in them, and called clean (held-out round 3).
  for (const file of ["unsupported/amp-thread.json", "unsupported/cline-api-conversation-history.json"]) {
    assert.match((detectDocument(JSON.parse(readFileSync(transcriptPath(file), "utf8"))) as { reason?: string }).reason ?? "", /^looks like (Amp|Cline)/, file);
  }
  // mini-swe-agent's own lists open with its system message, whatever their content blocks hold.
  const cached = [{ role: "system", content: [{ type: "text", text: "You are a helpful assistant.", cache_control: { type: "ephemeral" } }] }, { role: "user", content: "task" }];
  assert.deepEqual(detectDocument(cached), { format: "mini-swe-agent" });
  for (const file of ["mini_swe_agent/github_issue.traj.json", "mini_swe_agent/local.traj.json", "mini_swe_agent/nano-swe-agent-traj.json"]) {
    assert.deepEqual(detectDocument(JSON.parse(readFileSync(transcriptPath(file), "utf8"))), { format: "mini-swe-agent" }, file);
  }
});

test("a {messages} document is mini-swe-agent's only with its trajectory_format or its info", () => {
  // The layout of a third-party conversion of a Claude Code 2.1.90 session (held-out round 3): it was read as
  // mini-swe-agent, its Bash tool calls taken for bash actions.
  const converted = {
    messages: [
      { role: "user", content: [{ type: "text", text: "Build the portal." }] },
      { role: "assistant", content: [], tool_calls: [{ id: "toolu_1", type: "function", function: { name: "Bash", arguments: '{"command": "ls -la"}' } }] },
      { role: "tool", tool_call_id: "toolu_1", content: [{ type: "tool_output", text: "total 8" }] },
    ],
    meta: { session_meta: { session_id: "s", version: "2.1.90" } },
  };
  assert.match((detectDocument(converted) as { reason?: string }).reason ?? "", /^not a mini-swe-agent trajectory/);
  // Before 2025-08-01 mini-swe-agent wrote no trajectory_format, but always its info.
  const early = { info: { exit_status: "Submitted", submission: "", model_stats: { instance_cost: 0, api_calls: 1 } }, messages: [{ role: "system", content: "s" }, { role: "user", content: "task" }] };
  assert.deepEqual(detectDocument(early), { format: "mini-swe-agent" });
});

test("a bare message list is mini-swe-agent's only without tool calls: 1.x saved it so, 2.x always the document", async () => {
  // The layout of a real chat-completions log (blind round 11, a harness's own dialogue.messages.json): read as
  // mini-swe-agent, its 31 execute_bash calls became 0 and the run was called clean.
  const log = [
    { role: "system", content: "## Stage" },
    { role: "user", content: "Execute the bump. Use execute_bash to run commands." },
    { role: "assistant", content: "Let me look.", tool_calls: [{ id: "chatcmpl-tool-1", type: "function", function: { name: "execute_bash", arguments: '{"cmd": "ls -la"}' } }] },
    { role: "tool", tool_call_id: "chatcmpl-tool-1", content: "rc=0\ntotal 608" },
  ];
  assert.match((detectDocument(log) as { reason?: string }).reason ?? "", /^not a mini-swe-agent trajectory: a bare list of chat messages with tool calls/);
  const bare: unknown = JSON.parse(readFileSync(transcriptPath("mini_swe_agent/local.traj.json"), "utf8"));
  assert.ok(Array.isArray(bare));
  assert.deepEqual(detectDocument(bare), { format: "mini-swe-agent" });
  // A key present with no calls in it (null, []) is no tool call.
  const withEmptyKeys = (bare as object[]).map((message) => ({ ...message, tool_calls: null }));
  assert.deepEqual(detectDocument(withEmptyKeys), { format: "mini-swe-agent" });
  assert.deepEqual(detectDocument((bare as object[]).map((message) => ({ ...message, tool_calls: [] }))), { format: "mini-swe-agent" });
});

test("a Claude-Code-shaped record with no session id is refused as no Claude Code session, not as a broken Codex rollout", () => {
  // wesm/agentsview's trimmed Claude Code sample (held-out round 3) was refused as "not a Codex rollout".
  const record = { type: "user", timestamp: "2024-01-01T10:00:00Z", message: { content: "Fix the login bug" }, cwd: "/w" };
  assert.deepEqual(detectFirstLine(record, 1), { reason: "not a Claude Code session: line 1 has no sessionId or uuid" });
  assert.deepEqual(detectFirstLine({ timestamp: "t", type: "response_item", message: {} }, 2), { reason: "not a Codex rollout: line 2 has no payload" });
});

test("a Cursor CLI stream, whose init and messages are Claude Code's stream-json, is refused by its tool_call events", () => {
  // Synthetic, from Cursor's output-format documentation (Cursor CLI is closed source): read as Claude Code's stream,
  // its calls were skipped as records of an unknown type and the run called clean.
  const records = readFileSync(transcriptPath("synthetic/unsupported/cursor-cli-stream.jsonl"), "utf8").trim().split("\n").map((line) => parseObject(line)!);
  assert.deepEqual(detectFirstLine(records[0]!, 1), { format: "claude-code" }, "the first line alone is Claude Code's");
  assert.equal(unsupportedLines(records.slice(0, 3)), null, "its init, user and assistant events alone are no proof");
  assert.equal(unsupportedLines(records)?.name, "Cursor CLI");
});

test("an OpenCode session is refused, whether its run stream, its export or one of its storage files", () => {
  // Synthetic, from OpenCode's run.ts and export.ts: the stream was refused as a Codex rollout with no payload.
  const records = readFileSync(transcriptPath("synthetic/unsupported/opencode-run.jsonl"), "utf8").trim().split("\n").map((line) => parseObject(line)!);
  assert.deepEqual(detectFirstLine(records[0]!, 1), { reason: "not a Codex rollout: line 1 has no payload" });
  const exported = JSON.parse(readFileSync(transcriptPath("synthetic/unsupported/opencode-export.json"), "utf8")) as { messages: { info: unknown; parts: unknown[] }[] };
  // Its storage keeps each part, message and session in a file of its own.
  const { info, parts } = exported.messages[1]!;
  for (const file of [parts[1], info, { id: "ses_4947", version: "1.0.0", projectID: "2f7c9a0e1b3d", directory: "/home/user/project", title: "t", time: {} }]) {
    assert.match((detectDocument(file) as { reason?: string }).reason ?? "", /^looks like OpenCode /, JSON.stringify(file).slice(0, 60));
  }
});

test("a Mistral Vibe session is refused, its messages.jsonl, its meta.json and the single file of before 2.0", () => {
  // Synthetic, from Vibe's session_logger.py and interaction_logger.py: no public session was found.
  const records = readFileSync(transcriptPath("synthetic/unsupported/mistral-vibe-messages.jsonl"), "utf8").trim().split("\n").map((line) => parseObject(line)!);
  for (const record of records) assert.equal(unsupportedLines([record])?.name, "Mistral Vibe", JSON.stringify(record.role));
  const metadata = { session_id: "0b6f1c2e", start_time: "2026-07-01T10:00:00+00:00", end_time: null, environment: { working_directory: "/home/user/project" } };
  assert.match((detectDocument({ ...metadata, total_messages: 4, stats: {}, tools_available: [] }) as { reason?: string }).reason ?? "", /^looks like Mistral Vibe /);
  assert.match((detectDocument({ metadata: { ...metadata, agent_config: {} }, messages: records }) as { reason?: string }).reason ?? "", /^looks like Mistral Vibe /);
});

test("a Goose session file is refused by its metadata line too, and its JSON export by its Session keys", () => {
  // Synthetic, from Goose's legacy.rs, message.rs and session_manager.rs: no public session was found.
  const records = readFileSync(transcriptPath("synthetic/unsupported/goose-session.jsonl"), "utf8").trim().split("\n").map((line) => parseObject(line)!);
  assert.equal(unsupportedLines(records.slice(0, 1))?.name, "Goose", "the metadata line alone");
  assert.equal(unsupportedLines(records.slice(1, 2)), null, "a text message alone is no proof");
  assert.equal(unsupportedLines(records.slice(2, 3))?.name, "Goose", "a toolRequest");
  const exported = { id: "20250101_1", working_dir: "/home/user/project", name: "Run the tests", extension_data: {}, conversation: records.slice(1), message_count: 3 };
  assert.match((detectDocument(exported) as { reason?: string }).reason ?? "", /^looks like Goose /);
});

test("a SQLite database, where Crush, Grok CLI and Goose keep their sessions, is refused by name, not as bad JSON", async () => {
  // A database opens with the 16 bytes "SQLite format 3\0" (sqlite.org/fileformat.html), then its 100-byte header.
  const path = fresh("sessions.db");
  writeFileSync(path, Buffer.concat([Buffer.from("SQLite format 3\0", "latin1"), Buffer.alloc(4080)]));
  await assert.rejects(readTranscript(path), (error: Error) => {
    assert.ok(error instanceof UnrecognisedTranscript);
    assert.match(error.reason, /^looks like a SQLite database \(a session store: Crush's crush\.db, .*\): not supported$/);
    return true;
  });
  // A transcript that merely mentions one is read as what it is.
  writeFileSync(path, `${JSON.stringify({ note: "SQLite format 3" })}\n`);
  await assert.rejects(readTranscript(path), /no known transcript shape|no known harness|not a recognised/);
});


test("a list of Gemini API Contents ({role, parts}) is refused by name, pointing at the session file audit reads", () => {
  // The shape of a real public Gemini CLI history (no licence, not kept): the user's turn, a model turn calling a tool.
  const doc = [
    { role: "user", parts: [{ text: "Run the tests." }] },
    { role: "model", parts: [{ functionCall: { name: "run_shell_command", args: { command: "npm test" } } }] },
    { role: "user", parts: [{ functionResponse: { name: "run_shell_command", response: { output: "ok" } } }] },
  ];
  assert.match((detectDocument(doc) as { reason?: string }).reason ?? "", /^looks like a Gemini API chat history .*chats\/session-\*\.json\[l\]\): not supported$/);
  assert.doesNotMatch((detectDocument([{ role: "system", content: "x" }, { role: "user", content: "y" }]) as { reason?: string }).reason ?? "", /Gemini/, "mini-swe-agent's messages are not it");
});

test("JSON lines of no known harness are refused with their first record's keys, not a parse error of the file", async () => {
  const path = fresh("derived.jsonl");
  writeFileSync(path, `${JSON.stringify({ timestamp: "t", role: "user", content: { type: "text", text: "hi" } })}\n${JSON.stringify({ timestamp: "t", role: "assistant", content: { type: "text", text: "ok" } })}\n`);
  await assert.rejects(readTranscript(path), (error: UnrecognisedTranscript) => {
    assert.equal(error.reason, "not a recognised transcript: JSON lines of no harness audit reads or knows (the first record's keys: timestamp, role, content)");
    return true;
  });
  // A second line longer than the sniff: only the first is read before the document is tried.
  const long = fresh("long-second.jsonl");
  writeFileSync(long, `${JSON.stringify({ request: {}, response: {} })}
${JSON.stringify({ request: { body: "x".repeat(100_000) }, response: {} })}
`);
  await assert.rejects(readTranscript(long), /JSON lines of no harness audit reads or knows \(the first record's keys: request, response\)/);
});

test("a first record whose type is an object with no toString is refused, never a crash", async () => {
  const path = fresh("hostile-type.jsonl");
  writeFileSync(path, `${JSON.stringify({ type: { toString: null } })}\n${JSON.stringify({ type: "user" })}\n`);
  await assert.rejects(readTranscript(path), UnrecognisedTranscript);
});

test("toolspan's own spans given to audit are named, with the commands that read them", async () => {
  const span = { contract: "toolspan/1", span_type: "tool", run_id: "r", span_id: "s", tool_name: "echo", argv: ["echo", "hi"] };
  const lines = fresh("run.jsonl");
  writeFileSync(lines, `${JSON.stringify(span)}\n${JSON.stringify({ ...span, span_id: "t" })}\n`);
  const one = fresh("span.json");
  writeFileSync(one, JSON.stringify(span, null, 2));
  for (const path of [lines, one]) {
    await assert.rejects(readTranscript(path), (error: Error) => {
      assert.ok(error instanceof UnrecognisedTranscript);
      assert.match(error.reason, /^looks like toolspan's own spans \(.*toolspan lint, triage, debug or report\): not supported$/);
      return true;
    });
  }
});
