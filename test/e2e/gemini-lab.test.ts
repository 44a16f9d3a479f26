// The real Gemini CLI (0.61.0, pinned) against the scripted Gemini server: what the model receives from
// run_shell_command, where Gemini CLI cuts a large result, and how a BeforeTool hook and the policy engine
// see a rewritten command. These are the baselines toolspan's Gemini integration is measured against.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { scratchPaths } from "../helpers/scratch.js";
import { runGemini, type GeminiRunOptions, type GeminiRunResult } from "./lab/gemini.js";
import { startGeminiServer, type GeminiServer } from "./lab/gemini-server.js";
import { runEach } from "./lab/scripted-model.js";

const fresh = scratchPaths("toolspan-gemini-lab-");
const node = process.execPath;
const quote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/** Runs `commands` through the real CLI with a fresh server, project and HOME; the server is closed after. */
async function session(
  commands: readonly string[],
  options: Omit<GeminiRunOptions, "server" | "prompt" | "cwd"> & { cwd?: string } = {},
): Promise<{ run: GeminiRunResult; server: GeminiServer; cwd: string }> {
  const cwd = options.cwd ?? newDir("project");
  const server = await startGeminiServer(runEach(commands));
  try {
    const run = await runGemini({ ...options, server, prompt: "Run the scripted commands.", cwd });
    assert.equal(run.timedOut, false, `gemini timed out: ${run.stderr}`);
    assert.equal(run.code, 0, `gemini failed: ${run.stderr}`);
    return { run, server, cwd };
  } finally {
    await server.close();
  }
}

function newDir(name: string): string {
  const dir = fresh(name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function writeFixture(name: string, text: string): string {
  const path = fresh(name);
  writeFileSync(path, text);
  return path;
}

/** The session id the CLI printed in its --output-format json result. */
const sessionId = (run: GeminiRunResult): string => (JSON.parse(run.stdout) as { session_id: string }).session_id;

/** What Gemini CLI 0.61 builds from a finished shell command (tools/shell.js, then wrapUntrusted). */
function shellResult(output: string, pgid: string, exitCode = 0): string {
  const lines = [`Output: ${output.trim() || "(empty)"}`];
  if (exitCode !== 0) lines.push(`Exit Code: ${exitCode}`);
  lines.push(`Process Group PGID: ${pgid}`);
  return `<untrusted_context>\n${lines.join("\n")}\n</untrusted_context>`;
}

/** The PGID line Gemini CLI adds (the shell's pid, different every run). */
function pgidOf(result: string): string {
  const match = /\nProcess Group PGID: (\d+)\n<\/untrusted_context>/.exec(result);
  assert.ok(match, `no PGID line in ${JSON.stringify(result.slice(-200))}`);
  return match[1]!;
}

/** formatTruncatedToolOutput (utils/fileUtils.js): 20% head, 80% tail, counts in en-US digits. */
function truncated(full: string, savedTo: string, threshold = 40_000): string {
  const head = Math.floor(threshold * 0.2);
  const tail = threshold - head;
  const fmt = (n: number): string => n.toLocaleString("en-US");
  return (
    `Output too large. Showing first ${fmt(head)} and last ${fmt(tail)} characters. For full output see: ${savedTo}\n` +
    `${full.slice(0, head)}\n\n... [${fmt(full.length - head - tail)} characters omitted] ...\n\n${full.slice(-tail)}`
  );
}

/** The file the truncation message names, which must lie in HOME's project temp dir for this session. */
function savedOutput(result: string, run: GeminiRunResult): { path: string; text: string } {
  const path = /^Output too large\. .* For full output see: (.*)\n/.exec(result)?.[1];
  assert.ok(path, `no saved-output path in ${JSON.stringify(result.slice(0, 300))}`);
  assert.ok(path.startsWith(join(run.home, ".gemini", "tmp") + "/"), path);
  assert.ok(path.includes(`/tool-outputs/session-${sessionId(run)}/run_shell_command_`), path);
  return { path, text: readFileSync(path, "utf8") };
}

const FAILED = "FAILED tests/test_billing.py::test_invoice_rounding - AssertionError: assert Decimal('10.01') == Decimal('10.00')";

/** A pytest -v run of exactly `bytes` bytes: header, PASSED lines, the summary rule, the FAILED line last. */
function pytestOutput(bytes: number): string {
  const header =
    "============================= test session starts ==============================\n" +
    "platform linux -- Python 3.12.3, pytest-8.3.2, pluggy-1.5.0 -- /usr/bin/python3\n" +
    "rootdir: /srv/shop\nconfigfile: pyproject.toml\ncollected 812 items\n\n";
  const last = `${FAILED}\n`;
  const rule = (width: number): string => `${"=".repeat(width)} short test summary info ${"=".repeat(width)}\n`;
  let text = header;
  for (let i = 0; ; i++) {
    const name = `tests/test_orders.py::test_order_total[case-${String(i).padStart(4, "0")}]`;
    const line = `${name} PASSED${" ".repeat(Math.max(1, 72 - name.length))}[${String(Math.floor(i / 8.12)).padStart(3)}%]\n`;
    if (Buffer.byteLength(text + line + rule(28) + last) > bytes) break;
    text += line;
  }
  const room = bytes - Buffer.byteLength(text + rule(0) + last);
  // The rule's two halves absorb what the PASSED lines leave over, as pytest pads it to the terminal width.
  text += `${"=".repeat(Math.ceil(room / 2))} short test summary info ${"=".repeat(Math.floor(room / 2))}\n` + last;
  assert.equal(Buffer.byteLength(text), bytes);
  return text;
}

test("a printf reaches the model as 'Output: …' and a PGID line inside <untrusted_context>, nothing else", async () => {
  const { run, server } = await session(["printf 'alpha\\nbeta\\n'"]);
  assert.equal(server.toolResults.length, 1);
  const result = server.toolResults[0]!;
  assert.equal(result, shellResult("alpha\nbeta", pgidOf(result)));

  // The scripted turns are the only streamed requests; routing and checks went to :generateContent.
  const main = server.calls.filter((call) => call.main);
  assert.deepEqual(main.map((call) => call.method), ["streamGenerateContent", "streamGenerateContent"]);
  assert.ok(server.calls.filter((call) => !call.main).every((call) => call.method === "generateContent"));
  const [first, second] = main.map((call) => call.body as { contents: { role: string; parts: Record<string, unknown>[] }[] });
  assert.ok(first!.contents.at(-1)!.parts.some((part) => part["text"] === "Run the scripted commands."));
  const [asked, answered] = second!.contents.slice(-2);
  assert.deepEqual(asked!.parts[0]!["functionCall"], {
    id: "call-1",
    name: "run_shell_command",
    args: { command: "printf 'alpha\\nbeta\\n'", description: "scripted step" },
  });
  assert.deepEqual(answered!.parts, [{ functionResponse: { id: "call-1", name: "run_shell_command", response: { output: result } } }]);

  assert.equal((JSON.parse(run.stdout) as { response: string }).response, "done");
  assert.ok(run.sessionPath && existsSync(run.sessionPath), "the CLI recorded its chat session");
  assert.match(run.sessionPath, /\/\.gemini\/tmp\/[^/]+\/chats\/session-[^/]+\.jsonl$/);
  assert.ok(readFileSync(run.sessionPath, "utf8").includes(JSON.stringify(result)), "the session holds the same result");
});

test("68,195 bytes of pytest output exiting 1: the model gets the first 8,000 and last 32,000 characters", async () => {
  const text = pytestOutput(68_195);
  const { run, server } = await session([`cat ${quote(writeFixture("pytest.txt", text))}; exit 1`]);
  const result = server.toolResults[0]!;
  const full = shellResult(text, pgidOf(result), 1);
  const saved = savedOutput(result, run);
  assert.equal(saved.text, full, "the whole result, untruncated, is saved to the file the model is told of");
  assert.equal(full.length, 68_194 + 83 + pgidOf(result).length, "the trailing newline trimmed; 83 layout characters and the PGID");
  assert.equal(result, truncated(full, saved.path));
  assert.ok(result.includes(`${FAILED}\nExit Code: 1\n`), "the FAILED line is in the tail that is kept");
  assert.ok(result.includes(`\n\n... [${(full.length - 40_000).toLocaleString("en-US")} characters omitted] ...\n\n`));
});

test("the same output exiting 0 has no Exit Code line and is cut the same way", async () => {
  const text = pytestOutput(68_195);
  const { run, server } = await session([`cat ${quote(writeFixture("pytest.txt", text))}`]);
  const result = server.toolResults[0]!;
  const full = shellResult(text, pgidOf(result));
  const saved = savedOutput(result, run);
  assert.equal(saved.text, full);
  assert.equal(result, truncated(full, saved.path));
  assert.ok(!result.includes("Exit Code:"));
});

test("over 40,000 characters on stderr alone look exactly like stdout to the model, and are cut alike", async () => {
  const lines: string[] = [];
  for (let i = 0; lines.join("\n").length < 45_000; i++) {
    lines.push(`/srv/shop/orders.py:${100 + (i % 400)}: DeprecationWarning: datetime.utcnow() is deprecated (call ${i})`);
  }
  const text = `${lines.join("\n")}\n`;
  const { run, server } = await session([`cat ${quote(writeFixture("warnings.txt", text))} >&2; exit 1`]);
  const result = server.toolResults[0]!;
  const full = shellResult(text, pgidOf(result), 1);
  assert.ok(text.length > 45_000);
  const saved = savedOutput(result, run);
  assert.equal(saved.text, full, "no stderr label: stdout and stderr share the one Output: section");
  assert.equal(result, truncated(full, saved.path));
});

test("the cap is 40,000 UTF-16 code units of the whole result, tags and PGID line included, not bytes", async () => {
  // Each command knows its PGID ($$ is the shell Gemini CLI spawned) and pads its output so that the
  // whole result has exactly the length asked for.
  const sized = writeFixture(
    "sized.mjs",
    `const [units, pgid, kind] = process.argv.slice(2);
const overhead = "<untrusted_context>\\nOutput: ".length + "\\nProcess Group PGID: ".length + pgid.length + "\\n</untrusted_context>".length;
const unit = { ascii: "a", accent: "\\u00e9", emoji: "\\u{1F600}" }[kind];
let out = "";
while (out.length + unit.length <= Number(units) - overhead) out += unit;
out += "b".repeat(Number(units) - overhead - out.length);
process.stdout.write(out + "\\n");
`,
  );
  const commands = [
    `${node} ${sized} 40000 $$ ascii`,
    `${node} ${sized} 40001 $$ ascii`,
    `${node} ${sized} 40000 $$ accent`,
    `${node} ${sized} 40001 $$ emoji`,
  ];
  const { run, server } = await session(commands);
  const [exact, over, accents, emoji] = server.toolResults as [string, string, string, string];
  assert.equal(server.toolResults.length, 4);
  assert.equal(exact.length, 40_000);
  assert.ok(exact.startsWith("<untrusted_context>\nOutput: aaa"), "40,000 code units pass whole");
  assert.equal(accents.length, 40_000);
  assert.ok(Buffer.byteLength(accents) > 79_000, "although their UTF-8 form is almost 80,000 bytes");
  assert.ok(accents.startsWith("<untrusted_context>\nOutput: \u00e9\u00e9"));
  for (const cut of [over, emoji]) {
    const saved = savedOutput(cut, run);
    assert.equal(saved.text.length, 40_001);
    assert.equal(cut, truncated(saved.text, saved.path));
    assert.ok(cut.includes("\n\n... [1 characters omitted] ...\n\n"));
  }
  assert.ok([...savedOutput(emoji, run).text].length < 21_000, "40,001 code units are barely 20,000 code points here");
  // The cut is by code unit: here it falls inside an emoji, and the kept tail starts with a lone low surrogate.
  const tailStart = emoji.indexOf(" characters omitted] ...\n\n") + " characters omitted] ...\n\n".length;
  assert.ok(/^[\uDC00-\uDFFF]/.test(emoji.slice(tailStart, tailStart + 1)), "a half emoji reached the model");
});

test("tools.truncateToolOutputThreshold in settings.json sets the cap (1000: 200 head, 800 tail)", async () => {
  const text = pytestOutput(68_195);
  const { run, server } = await session([`cat ${quote(writeFixture("pytest.txt", text))}; exit 1`], {
    settings: { tools: { truncateToolOutputThreshold: 1000 } },
  });
  const result = server.toolResults[0]!;
  const saved = savedOutput(result, run);
  assert.equal(saved.text, shellResult(text, pgidOf(result), 1));
  assert.equal(result, truncated(saved.text, saved.path, 1000));
  assert.ok(result.startsWith("Output too large. Showing first 200 and last 800 characters."));
});

test("tools.truncateToolOutputThreshold 0 turns the cut off: all 68,195 bytes reach the model", async () => {
  const text = pytestOutput(68_195);
  const { run, server } = await session([`cat ${quote(writeFixture("pytest.txt", text))}; exit 1`], {
    settings: { tools: { truncateToolOutputThreshold: 0 } },
  });
  const result = server.toolResults[0]!;
  assert.equal(result, shellResult(text, pgidOf(result), 1));
  const projects = readdirSync(join(run.home, ".gemini", "tmp"));
  assert.ok(projects.every((project) => !existsSync(join(run.home, ".gemini", "tmp", project, "tool-outputs"))), "nothing saved");
});

// --- BeforeTool hooks -------------------------------------------------------------------------------------

/**
 * A stand-in hook for run_shell_command: appends the JSON it read on stdin (and the GEMINI_* variables it
 * was given) to a log, then behaves as `mode` says: "rewrite" answers hookSpecificOutput.tool_input with the
 * model's arguments and the command prefixed by `text`; "command-only" answers with just the prefixed
 * command; "context" answers hookSpecificOutput.additionalContext `text`; "garbage" prints non-JSON and
 * exits 1; "block" prints a reason on stderr and exits 2; "hang" never ends.
 */
function hookSettings(
  mode: "rewrite" | "command-only" | "context" | "garbage" | "block" | "hang",
  text = "echo REWRITTEN; ",
  event: "BeforeTool" | "AfterTool" = "BeforeTool",
) {
  const script = writeFixture(
    "hook.mjs",
    `import { appendFileSync } from "node:fs";
const [log, mode, text] = process.argv.slice(2);
let input = "";
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => /^(GEMINI_(PROJECT_DIR|CWD|SESSION_ID)|CLAUDE_PROJECT_DIR)$/.test(name)));
  appendFileSync(log, JSON.stringify({ stdin: input, env, cwd: process.cwd() }) + "\\n");
  const args = JSON.parse(input).tool_input;
  const command = text + args.command;
  if (mode === "rewrite") process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { ...args, command } } }));
  if (mode === "command-only") process.stdout.write(JSON.stringify({ hookSpecificOutput: { tool_input: { command } } }));
  if (mode === "context") process.stdout.write(JSON.stringify({ hookSpecificOutput: { additionalContext: text } }));
  if (mode === "garbage") { process.stdout.write("toolspan: not JSON\\n"); process.exitCode = 1; }
  if (mode === "block") { process.stderr.write("blocked by the lab hook\\n"); process.exitCode = 2; }
  if (mode === "hang") setInterval(() => {}, 60_000);
});
`,
  );
  const log = fresh("hook-log.jsonl");
  const command = `${node} ${quote(script)} ${quote(log)} ${mode} ${quote(text)}`;
  const settings = { hooks: { [event]: [{ matcher: "run_shell_command", hooks: [{ type: "command", command, timeout: 2000 }] }] } };
  const calls = (): { stdin: Record<string, unknown>; env: Record<string, string>; cwd: string }[] =>
    existsSync(log)
      ? readFileSync(log, "utf8")
          .trimEnd()
          .split("\n")
          .map((line) => {
            const entry = JSON.parse(line) as { stdin: string; env: Record<string, string>; cwd: string };
            return { ...entry, stdin: JSON.parse(entry.stdin) as Record<string, unknown> };
          })
      : [];
  return { settings, calls };
}

const MODIFIED = "\n\n[System] Tool input parameters were modified by a hook before execution.";

/** The tool calls the CLI recorded in its session file (the args it ran, not the ones the model sent). */
function recordedCalls(run: GeminiRunResult): { args: Record<string, unknown>; status: string }[] {
  assert.ok(run.sessionPath);
  const calls: { args: Record<string, unknown>; status: string }[] = [];
  for (const line of readFileSync(run.sessionPath, "utf8").split("\n")) {
    if (!line.includes('"toolCalls"')) continue;
    calls.push(...(JSON.parse(line) as { toolCalls: { args: Record<string, unknown>; status: string }[] }).toolCalls);
  }
  return calls;
}

test("a BeforeTool hook's tool_input is honoured: the model receives the rewritten command's output", async () => {
  const hook = hookSettings("rewrite");
  const { run, server, cwd } = await session(["printf 'hi\\n'"], { settings: hook.settings });
  const result = server.toolResults[0]!;
  assert.equal(result, shellResult("REWRITTEN\nhi", pgidOf(result)).concat(MODIFIED));

  const [call] = hook.calls();
  assert.equal(hook.calls().length, 1);
  const { stdin } = call!;
  assert.deepEqual(Object.keys(stdin).sort(), ["cwd", "hook_event_name", "session_id", "timestamp", "tool_input", "tool_name", "transcript_path"]);
  assert.equal(stdin["hook_event_name"], "BeforeTool");
  assert.equal(stdin["tool_name"], "run_shell_command");
  assert.deepEqual(stdin["tool_input"], { command: "printf 'hi\\n'", description: "scripted step" }, "the model's arguments as sent");
  assert.equal(stdin["session_id"], sessionId(run));
  assert.equal(stdin["transcript_path"], run.sessionPath);
  assert.equal(stdin["cwd"], realpathSync(cwd));
  assert.ok(!Number.isNaN(Date.parse(String(stdin["timestamp"]))));
  assert.deepEqual(call!.env, {
    GEMINI_PROJECT_DIR: realpathSync(cwd),
    GEMINI_CWD: realpathSync(cwd),
    GEMINI_SESSION_ID: sessionId(run),
    CLAUDE_PROJECT_DIR: realpathSync(cwd),
  });
  assert.equal(call!.cwd, realpathSync(cwd));

  // The model's own history keeps the command it asked for; the session file records what ran.
  const resent = server.calls.filter((c) => c.main)[1]!.body as { contents: { parts: Record<string, unknown>[] }[] };
  assert.deepEqual((resent.contents.at(-2)!.parts[0]!["functionCall"] as { args: unknown }).args, stdin["tool_input"]);
  assert.deepEqual(recordedCalls(run).map((c) => c.args), [{ command: "echo REWRITTEN; printf 'hi\\n'", description: "scripted step" }]);
});

test("a hook's tool_input replaces the model's arguments: keys it leaves out are dropped, not merged", async () => {
  const hook = hookSettings("command-only");
  const { run, server } = await session(["printf 'hi\\n'"], { settings: hook.settings });
  assert.equal(server.toolResults[0], shellResult("REWRITTEN\nhi", pgidOf(server.toolResults[0]!)).concat(MODIFIED));
  assert.deepEqual(recordedCalls(run).map((c) => c.args), [{ command: "echo REWRITTEN; printf 'hi\\n'" }], "description is gone");
});

test("a hook that prints garbage and exits 1, or outlives its timeout, lets the original command run", async () => {
  for (const mode of ["garbage", "hang"] as const) {
    const hook = hookSettings(mode);
    const { server } = await session(["printf 'hi\\n'"], { settings: hook.settings });
    assert.equal(hook.calls().length, 1, `${mode}: the hook ran`);
    assert.equal(server.toolResults[0], shellResult("hi", pgidOf(server.toolResults[0]!)), `${mode}: fails open`);
  }
});

test("a hook that exits 2 blocks the command; the model gets its stderr as the reason", async () => {
  const hook = hookSettings("block");
  const { run, server } = await session(["printf 'hi\\n'"], { settings: hook.settings });
  assert.deepEqual(server.toolResults, ["Tool execution blocked: blocked by the lab hook"]);
  const answered = server.calls.filter((c) => c.main)[1]!.body as { contents: { parts: Record<string, unknown>[] }[] };
  assert.deepEqual((answered.contents.at(-1)!.parts[0]!["functionResponse"] as { response: unknown }).response, {
    error: "Tool execution blocked: blocked by the lab hook",
  });
  assert.deepEqual(recordedCalls(run).map((c) => c.status), ["error"]);
});

test("an AfterTool hook gets the whole result before the cut, and its additionalContext is cut with it", async () => {
  const text = pytestOutput(68_195);
  const hook = hookSettings("context", "[lab: <68,195 bytes>]", "AfterTool");
  const { run, server } = await session([`cat ${quote(writeFixture("pytest.txt", text))}; exit 1`], { settings: hook.settings });
  const result = server.toolResults[0]!;
  const full = shellResult(text, pgidOf(result), 1);
  const { stdin } = hook.calls()[0]!;
  assert.equal(stdin["hook_event_name"], "AfterTool");
  assert.deepEqual(stdin["tool_response"], { llmContent: full, returnDisplay: text.trim() }, "68,282 characters, uncut");
  const withContext = `${full}\n\n<hook_context>[lab: &lt;68,195 bytes&gt;]</hook_context>`;
  const saved = savedOutput(result, run);
  assert.equal(saved.text, withContext, "the context, < and > escaped, is appended first; then the whole is cut");
  assert.equal(result, truncated(withContext, saved.path));
});

// --- The policy engine judges the command the hook returned -------------------------------------------------

/** A HOME whose ~/.gemini/policies/lab.toml holds one rule for run_shell_command. */
function homeWithPolicy(rule: string): string {
  const home = newDir("home");
  mkdirSync(join(home, ".gemini", "policies"), { recursive: true });
  writeFileSync(join(home, ".gemini", "policies", "lab.toml"), `[[rule]]\ntoolName = "run_shell_command"\n${rule}\npriority = 500\n`);
  return home;
}

test("policy runs after the hook: a deny rule for what only the hook added blocks the call, even in yolo", async () => {
  const hook = hookSettings("rewrite");
  const home = homeWithPolicy('commandPrefix = "echo"\ndecision = "deny"');
  const { run, server } = await session(["printf 'hi\\n'"], { settings: hook.settings, home });
  assert.equal(hook.calls().length, 1);
  assert.deepEqual(server.toolResults, ["Tool execution denied by policy."]);
  assert.deepEqual(
    recordedCalls(run).map(({ args, status }) => ({ args, status })),
    [{ args: { command: "echo REWRITTEN; printf 'hi\\n'", description: "scripted step" }, status: "error" }],
  );
});

test("policy runs after the hook: a rewrite that moves the command off the front escapes a commandPrefix deny", async () => {
  const deny = 'commandPrefix = "printf"\ndecision = "deny"';
  const control = await session(["printf 'hi\\n'"], { home: homeWithPolicy(deny) });
  assert.deepEqual(control.server.toolResults, ["Tool execution denied by policy."], "without the hook the rule holds");

  const hook = hookSettings("rewrite", "env ");
  const { server } = await session(["printf 'hi\\n'"], { settings: hook.settings, home: homeWithPolicy(deny) });
  assert.equal(server.toolResults[0], shellResult("hi", pgidOf(server.toolResults[0]!)).concat(MODIFIED), "env printf ran");
});

test("tools.allowed narrows run_shell_command even in yolo, and is checked against the rewritten command", async () => {
  const settings = { tools: { allowed: ["run_shell_command(printf)"] } };
  const control = await session(["printf 'hi\\n'"], { settings, approvalMode: "default" });
  assert.equal(control.server.toolResults[0], shellResult("hi", pgidOf(control.server.toolResults[0]!)));

  const hook = hookSettings("rewrite");
  const rewritten = await session(["printf 'hi\\n'"], { settings: { ...settings, ...hook.settings } });
  assert.deepEqual(rewritten.server.toolResults, ["Tool execution denied by policy."], "echo REWRITTEN is not allowed");
});
