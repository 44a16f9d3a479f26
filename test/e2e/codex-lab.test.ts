// The real Codex CLI 0.171 against a scripted model: what the model receives from its shell tool, what the
// session log keeps, and how a PreToolUse hook's rewrite and the user's exec-policy rules meet.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { auditTranscript } from "../../src/audit/audit-transcript.js";
import { parseCodexOutput } from "../../src/formats/transcripts/codex-output.js";
import { isObject, parseObject, type JsonObject } from "../../src/formats/transcripts/json-values.js";
import { scratchPaths } from "../helpers/scratch.js";
import { runCodex, type CodexResult, type CodexRun } from "./lab/codex.js";
import { startResponsesServer, type FunctionStep } from "./lab/responses-server.js";
import { runEach, type ModelScript, type ModelStep, type ScriptedServer } from "./lab/scripted-model.js";

const fresh = scratchPaths("toolspan-codex-lab-");

// One codex exec session under `script`; the server is closed before the assertions run.
async function session(script: ModelScript, options: Partial<CodexRun> & { files?: Record<string, string> } = {}): Promise<{ result: CodexResult; server: ScriptedServer; cwd: string }> {
  const cwd = fresh("cwd");
  mkdirSync(cwd);
  for (const [name, text] of Object.entries(options.files ?? {})) writeFileSync(join(cwd, name), text);
  const server = await startResponsesServer(script);
  try {
    const result = await runCodex({ server, prompt: "Run the commands.", cwd, ...options });
    assert.equal(result.timedOut, false, `codex timed out: ${result.stderr}`);
    assert.equal(result.code, 0, `codex exited ${result.code}: ${result.stderr}`);
    return { result, server, cwd };
  } finally {
    await server.close();
  }
}

const jsonLines = (text: string): JsonObject[] =>
  text.split("\n").flatMap((line) => {
    const value = parseObject(line);
    return value === null ? [] : [value];
  });

/** The rollout's payloads of one type (`function_call_output`, `item_completed`, …). */
function rolloutPayloads(result: CodexResult, type: string): JsonObject[] {
  assert.ok(result.sessionLog, "codex wrote a session log");
  return jsonLines(readFileSync(result.sessionLog, "utf8"))
    .map((line) => line.payload)
    .filter((payload): payload is JsonObject => isObject(payload) && payload.type === type);
}

/** The CommandExecution items the rollout completed, in order. */
function rolloutCommands(result: CodexResult): JsonObject[] {
  return rolloutPayloads(result, "item_completed")
    .map((payload) => payload.item)
    .filter((item): item is JsonObject => isObject(item) && item.type === "CommandExecution");
}

/** The command_execution items of `codex exec --json`, as completed. */
function jsonCommands(result: CodexResult): JsonObject[] {
  return jsonLines(result.stdout)
    .filter((event) => event.type === "item.completed" && isObject(event.item) && event.item.type === "command_execution")
    .map((event) => event.item as JsonObject);
}

// The unified-exec header Codex 0.171 puts before every shell output the model gets.
const HEADER = /^Chunk ID: [0-9a-f]{6}\nWall time: \d+\.\d{4} seconds\nProcess exited with code (-?\d+)\nOriginal token count: (\d+)\nOutput:\n/;

function splitHeader(text: string): { exitCode: number; originalTokens: number; body: string } {
  const match = HEADER.exec(text);
  assert.ok(match, `the unified-exec header opens the tool result: ${JSON.stringify(text.slice(0, 200))}`);
  return { exitCode: Number(match[1]), originalTokens: Number(match[2]), body: text.slice(match[0].length) };
}

const FAILED_LINE = "FAILED tests/test_payments.py::test_refund_rounding - AssertionError: assert Decimal('10.01') == Decimal('10.00')\n";

/** Exactly `size` bytes of `pytest -v` lines (ASCII), the FAILED line last. */
function pytestOutput(size: number): string {
  const line = (i: number, padding: number): string =>
    `tests/test_module_${String(i).padStart(4, "0")}.py::test_case_${String(i).padStart(4, "0")} PASSED${" ".repeat(padding)}[${String(i % 100).padStart(3)}%]\n`;
  const full = line(1, 20).length;
  const lines: string[] = [];
  let remaining = size - FAILED_LINE.length;
  for (let i = 1; remaining >= 2 * full; i++) {
    lines.push(line(i, 20));
    remaining -= full;
  }
  // The last PASSED line takes up the odd bytes in its padding, as pytest's column alignment would.
  lines.push(line(lines.length + 1, 20 + remaining - full));
  return lines.join("") + FAILED_LINE;
}

// A stand-in hook: a Node script given the event on stdin as `input` and `event`, with `rewrite(command)` to
// answer with a rewritten command; `body` decides. Returns the hook's command line.
function standInHook(body: string): string {
  const script = fresh("hook.mjs");
  writeFileSync(
    script,
    [
      `import { readFileSync, writeFileSync } from "node:fs";`,
      `const input = readFileSync(0, "utf8");`,
      `const event = JSON.parse(input);`,
      `const rewrite = (command) => process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { ...event.tool_input, command } } }));`,
      body,
    ].join("\n"),
  );
  return `${JSON.stringify(process.execPath)} ${JSON.stringify(script)}`;
}

const approxTokens = (bytes: number): number => Math.ceil(bytes / 4);
const lineCount = (text: string): number => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
const PERSISTENCE_MARKER = "\n... command output truncated for persistence ...\n";

describe("Codex CLI 0.171 against a scripted Responses model", () => {
  it("runs the model's printf through exec_command and hands back the header and the output", async () => {
    const { result, server } = await session(runEach(["printf 'hello %s\\n' lab"], "all done"));

    const [first] = server.requests as JsonObject[];
    const tools = (first?.tools as JsonObject[]).map((tool) => tool.name);
    assert.ok(tools.includes("exec_command"), `exec_command is offered: ${tools.join(", ")}`);
    const exec = (first?.tools as JsonObject[]).find((tool) => tool.name === "exec_command") as { parameters: { required: string[] } };
    assert.deepEqual(exec.parameters.required, ["cmd"]);
    assert.equal(first?.stream, true);

    assert.equal(server.toolResults.length, 1);
    const text = server.toolResults[0] ?? "";
    assert.match(text, /^Chunk ID: [0-9a-f]{6}\nWall time: \d+\.\d{4} seconds\nProcess exited with code 0\nOriginal token count: 3\nOutput:\nhello lab\n$/);
    const { wallTimeMs, ...parsed } = parseCodexOutput(text);
    assert.deepEqual(parsed, { text: "hello lab\n", returncode: 0, running: false, figures: { originalTokens: 3 } });
    assert.equal(wallTimeMs, Math.round(Number(/Wall time: ([\d.]+) seconds/.exec(text)![1]) * 1000));

    assert.deepEqual(
      jsonCommands(result).map((item) => ({ command: item.command, output: item.aggregated_output, exit: item.exit_code })),
      [{ command: `/bin/bash -lc "printf 'hello %s\\\\n' lab"`, output: "hello lab\n", exit: 0 }],
    );
    assert.ok(jsonLines(result.stdout).some((event) => isObject(event.item) && event.item.type === "agent_message" && event.item.text === "all done"));
    assert.deepEqual(rolloutPayloads(result, "function_call_output").map((payload) => payload.output), [text]);
  });

  it("keeps 20000 bytes each side of 68195 and marks the cut in tokens, whatever the exit status", async () => {
    const output = pytestOutput(68_195);
    assert.equal(Buffer.byteLength(output), 68_195);
    const { result, server } = await session(runEach(["cat pytest.out; exit 1", "cat pytest.out"]), { files: { "pytest.out": output } });

    const cutTokens = approxTokens(68_195 - 40_000);
    const expectedBody =
      `Warning: truncated output (original token count: ${approxTokens(68_195)})\nTotal output lines: ${lineCount(output)}\n\n` +
      `${output.slice(0, 20_000)}…${cutTokens} tokens truncated…${output.slice(-20_000)}`;
    assert.equal(lineCount(output), 908);
    assert.equal(cutTokens, 7049);
    assert.deepEqual(server.toolResults.map(splitHeader), [
      { exitCode: 1, originalTokens: 17_049, body: expectedBody },
      { exitCode: 0, originalTokens: 17_049, body: expectedBody },
    ]);
    for (const text of server.toolResults) assert.ok(text.endsWith(FAILED_LINE), "the FAILED line lies in the kept tail");

    // The session log: the model's text verbatim, and the command item cut to 65536 bytes for persistence.
    assert.deepEqual(rolloutPayloads(result, "function_call_output").map((payload) => payload.output), server.toolResults);
    const persisted = output.slice(0, 32_743) + PERSISTENCE_MARKER + output.slice(-32_743);
    assert.equal(persisted.length, 65_536);
    assert.deepEqual(
      rolloutCommands(result).map((item) => ({ output: item.aggregated_output, exit: item.exit_code, status: item.status })),
      [
        { output: persisted, exit: 1, status: "failed" },
        { output: persisted, exit: 0, status: "completed" },
      ],
    );
    // `codex exec --json` keeps the whole output.
    assert.deepEqual(jsonCommands(result).map((item) => item.aggregated_output), [output, output]);
  });

  it("counts the cap in bytes: 40000 kept whole, 40001 cut, 20001 two-byte characters cut", async () => {
    const files = { "a.out": "a".repeat(40_000), "b.out": "b".repeat(40_001), "e.out": "é".repeat(20_001) };
    const { server } = await session(runEach(["cat a.out", "cat b.out", "cat e.out"]), { files });

    const [whole, cut, wide] = server.toolResults.map(splitHeader);
    assert.deepEqual(whole, { exitCode: 0, originalTokens: 10_000, body: files["a.out"] });
    assert.deepEqual(cut, {
      exitCode: 0,
      originalTokens: 10_001,
      body: `Warning: truncated output (original token count: 10001)\nTotal output lines: 1\n\n${"b".repeat(20_000)}…1 tokens truncated…${"b".repeat(20_000)}`,
    });
    // 40002 bytes in 20001 characters: cut on bytes, at character boundaries (10000 characters each side).
    assert.deepEqual(wide, {
      exitCode: 0,
      originalTokens: 10_001,
      body: `Warning: truncated output (original token count: 10001)\nTotal output lines: 1\n\n${"é".repeat(10_000)}…1 tokens truncated…${"é".repeat(10_000)}`,
    });
  });

  it("lowers the cap with tool_output_token_limit: 2000 tokens keep 4000 bytes each side", async () => {
    const output = pytestOutput(68_195);
    const { server } = await session(runEach(["cat pytest.out; exit 1"]), { files: { "pytest.out": output }, config: "tool_output_token_limit = 2000" });

    assert.deepEqual(server.toolResults.map(splitHeader), [
      {
        exitCode: 1,
        originalTokens: 17_049,
        body: `Warning: truncated output (original token count: 17049)\nTotal output lines: ${lineCount(output)}\n\n${output.slice(0, 4000)}…${approxTokens(68_195 - 8000)} tokens truncated…${output.slice(-4000)}`,
      },
    ]);
  });

  it("leaves a slow command running past yield_time_ms: audit joins the poll that saw it end, and flags the one left running", async () => {
    const sessionId = (text: string | undefined): number => Number(/Process running with session ID (\d+)\n/.exec(text ?? "")?.[1]);
    const steps: Array<(results: readonly string[]) => ModelStep | FunctionStep> = [
      () => ({ kind: "tool", name: "exec_command", input: { cmd: "printf 'started\\n'; sleep 1; printf 'finished\\n'; exit 4", yield_time_ms: 250 } }),
      (results) => ({ kind: "tool", name: "write_stdin", input: { session_id: sessionId(results[0]), chars: "", yield_time_ms: 10_000 } }),
      () => ({ kind: "tool", name: "exec_command", input: { cmd: "printf 'left\\n'; sleep 30", yield_time_ms: 250 } }),
    ];
    const server = await startResponsesServer((results) => steps[results.length]?.(results) ?? { kind: "final", text: "All done." });
    const cwd = fresh("cwd");
    mkdirSync(cwd);
    let result: CodexResult;
    try {
      result = await runCodex({ server, prompt: "Run the commands.", cwd });
    } finally {
      await server.close();
    }
    assert.equal(result.code, 0, result.stderr);
    const [running, ended, left] = server.toolResults;
    assert.match(running ?? "", /Process running with session ID \d+\nOriginal token count: \d+\nOutput:\nstarted\n$/);
    assert.match(ended ?? "", /Process exited with code 4\nOriginal token count: \d+\nOutput:\nfinished\n$/);
    assert.match(left ?? "", /Process running with session ID \d+\nOriginal token count: \d+\nOutput:\nleft\n$/);

    // The exec and its poll are one call, with the poll's exit status and both pieces of output.
    const audit = await auditTranscript(result.sessionLog!);
    assert.deepEqual(audit.problems, []);
    assert.deepEqual(
      audit.calls.map((call) => ({ command: call.span.source.command, verdict: call.verdict, returncode: call.span.returncode ?? null, bytes: call.span.stdout_bytes })),
      [
        { command: "printf 'started\\n'; sleep 1; printf 'finished\\n'; exit 4", verdict: "clean", returncode: 4, bytes: Buffer.byteLength("started\nfinished\n") },
        { command: "printf 'left\\n'; sleep 30", verdict: "unverifiable", returncode: null, bytes: null },
      ],
    );
    assert.equal(audit.calls[1]?.reason, "still running when its output was taken");
    assert.equal(audit.calls[1]?.declaredSuccess, true, "the model answered right after it");
  });

  it("honours a trusted PreToolUse hook's rewritten command and hands it the event as JSON", async () => {
    const captured = fresh("stdin.json");
    const hook = standInHook(`writeFileSync(${JSON.stringify(captured)}, input);\nrewrite("echo REWRITTEN; " + event.tool_input.command);`);
    const { result, server, cwd } = await session(runEach(["printf 'hello %s\\n' hook"]), {
      hooks: [{ event: "PreToolUse", matcher: "^Bash$", command: hook, timeout: 10 }],
    });

    assert.equal(splitHeader(server.toolResults[0] ?? "").body, "REWRITTEN\nhello hook\n");
    assert.deepEqual(jsonCommands(result).map((item) => item.command), [`/bin/bash -lc "echo REWRITTEN; printf 'hello %s\\\\n' hook"`]);

    const event = JSON.parse(readFileSync(captured, "utf8")) as JsonObject;
    const threadId = jsonLines(result.stdout).find((line) => line.type === "thread.started")?.thread_id;
    const callId = rolloutPayloads(result, "function_call_output")[0]?.call_id;
    assert.deepEqual(Object.keys(event).sort(), ["cwd", "hook_event_name", "model", "permission_mode", "session_id", "tool_input", "tool_name", "tool_use_id", "transcript_path", "turn_id"]);
    assert.deepEqual(
      { ...event, turn_id: typeof event.turn_id },
      {
        session_id: threadId,
        turn_id: "string",
        transcript_path: result.sessionLog,
        cwd,
        hook_event_name: "PreToolUse",
        model: "gpt-5.5",
        permission_mode: "bypassPermissions",
        tool_name: "Bash",
        tool_input: { command: "printf 'hello %s\\n' hook" },
        tool_use_id: callId,
      },
    );
  });

  it("blocks on a hook's exit 2 and runs the original command when the hook fails or prints no JSON", async () => {
    const hook = standInHook(
      [
        `const command = event.tool_input.command;`,
        `if (command.includes("block")) { process.stderr.write("not this one"); process.exitCode = 2; }`,
        `else if (command.includes("fail")) { rewrite("echo ignored"); process.exitCode = 1; }`,
        `else if (command.includes("torn")) process.stdout.write('{"hookSpecificOutput": {');`,
        `else process.stdout.write("plain words, not JSON");`,
      ].join("\n"),
    );
    const { server } = await session(runEach(["echo block", "echo fail", "echo torn", "echo words"]), {
      hooks: [{ event: "PreToolUse", command: hook, timeout: 10 }],
    });

    const [blocked, ...rest] = server.toolResults;
    assert.equal(blocked, "Command blocked by PreToolUse hook: not this one. Command: echo block");
    assert.deepEqual(rest.map((text) => splitHeader(text).body), ["fail\n", "torn\n", "words\n"]);
  });

  it("judges the user's exec-policy rules against the rewritten command, not the model's", async () => {
    // printf becomes echo and echo becomes printf, so each rule meets the other command.
    const hook = standInHook(
      `const command = event.tool_input.command;\nrewrite(command.startsWith("printf ") ? "echo " + command.slice(7) : "printf " + command.slice(5));`,
    );
    const { server } = await session(runEach(["printf asked-for-printf", "echo asked-for-echo"]), {
      rules: `prefix_rule(pattern=["printf"], decision="prompt")\n`,
      hooks: [{ event: "PreToolUse", matcher: "Bash", command: hook }],
    });

    const [printfAsked, echoAsked] = server.toolResults;
    // The model's printf, which the rule would stop, ran as echo; its echo, rewritten to printf, was stopped.
    assert.equal(splitHeader(printfAsked ?? "").body, "asked-for-printf\n");
    assert.equal(echoAsked, `exec_command failed: CreateProcess { message: "Rejected(\\"approval required by policy, but AskForApproval is set to Never\\")" }`);
  });
});
