// Writes the lab transcripts kept under test/fixtures/transcripts/lab/: the real, pinned Claude Code, Codex CLI
// and Gemini CLI run against a scripted model on commands whose output size and exit status are chosen here, so what each
// harness cut is known. Not a test: run it after a harness pin moves, and review the diff of the fixtures.
//
//   npx tsc -p tsconfig.json && node dist/test/e2e/lab/record-transcripts.js
//
// Claude Code's transcript lines that carry its own prompt text (attachments, api-request records: its system
// prompt, tool descriptions, skill listings) are cut to their scalar keys; every other line is kept as written.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoPath } from "../../helpers/repo.js";
import { startAnthropicServer, type AnthropicScript } from "./anthropic-server.js";
import { runClaudeCode } from "./claude-code.js";
import { runCodex } from "./codex.js";
import { runGemini } from "./gemini.js";
import { startGeminiServer } from "./gemini-server.js";
import { pytestLog } from "./pytest-log.js";
import { startResponsesServer } from "./responses-server.js";
import { runEach } from "./scripted-model.js";

const OUT = repoPath("test/fixtures/transcripts/lab");

// Record types whose payload is Claude Code's own text, not the session's.
const PROMPT_BEARING = new Set(["attachment", "api-request-shape", "api-request-blob", "api-request"]);

/** A Claude Code line with its prompt-bearing payload cut to the scalar keys (and the attachment's type). */
function reduceClaudeLine(line: string, always = false): string {
  const record = JSON.parse(line) as Record<string, unknown>;
  if (!always && !PROMPT_BEARING.has(String(record.type))) return line;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) kept[key] = value;
  }
  const attachment = record.attachment as { type?: unknown } | undefined;
  if (attachment !== undefined) kept.attachment = { type: attachment.type };
  return JSON.stringify(kept);
}

async function claudeCode(): Promise<void> {
  const files: Record<string, string> = { "pytest.log": pytestLog(68_195), "short.log": pytestLog(20_000) };
  for (let i = 0; i < 150; i++) files[`f${String(i).padStart(3, "0")}.txt`] = `needle ${i}\n`.repeat(3);
  const steps: ReturnType<AnthropicScript>[] = [
    { kind: "shell", command: "cat pytest.log; exit 1" },
    { kind: "shell", command: "cat short.log; exit 1" },
    { kind: "shell", command: "cat pytest.log" },
    { kind: "tool", name: "Glob", input: { pattern: "**/*.txt" } },
    { kind: "tool", name: "Grep", input: { pattern: "needle", output_mode: "content" } },
    { kind: "tool", name: "Grep", input: { pattern: "needle", output_mode: "files_with_matches" } },
    { kind: "shell", command: "printf 'started\\n'; sleep 5; printf 'never printed\\n'", timeoutMs: 1000 },
    { kind: "shell", command: "sleep 5; printf 'never printed\\n'", timeoutMs: 1000 },
    { kind: "shell", command: "printf 'ok\\n'" },
  ];
  const server = await startAnthropicServer((results) => steps[results.length] ?? { kind: "final", text: "All tests pass." });
  const dir = mkdtempSync(join(tmpdir(), "toolspan-record-claude-"));
  try {
    const run = await runClaudeCode({ server, prompt: "Run the commands.", dir, files, allowedTools: ["Bash", "Glob", "Grep"] });
    if (run.code !== 0 || run.transcriptPath === undefined) throw new Error(`claude exited ${run.code}: ${run.stderr}`);
    const lines = readFileSync(run.transcriptPath, "utf8").trimEnd().split("\n");
    writeFileSync(join(OUT, "claude_code", "lab-2.1.332.jsonl"), `${lines.map((line) => reduceClaudeLine(line)).join("\n")}\n`);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function codex(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "toolspan-record-codex-"));
  const cwd = join(dir, "work");
  const server = await startResponsesServer(runEach(["cat big.log; exit 1", "cat mid.log", "printf 'ok\\n'"], "All tests pass."));
  try {
    mkdirSync(cwd);
    writeFileSync(join(cwd, "big.log"), pytestLog(70_000));
    writeFileSync(join(cwd, "mid.log"), pytestLog(45_000));
    const run = await runCodex({ server, prompt: "Run the commands.", cwd, home: join(dir, "home") });
    if (run.code !== 0 || run.sessionLog === null) throw new Error(`codex exited ${run.code}: ${run.stderr}`);
    writeFileSync(join(OUT, "codex", "lab-0.171.0.jsonl"), readFileSync(run.sessionLog, "utf8"));
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// Gemini CLI cuts a tool result past 40,000 characters (tools.truncateToolOutputThreshold): one above, one below,
// a failure under the cap. Beside the session, what the scripted model received for each call, which the lab
// test compares audit's findings with.
async function gemini(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "toolspan-record-gemini-"));
  const cwd = join(dir, "work");
  const server = await startGeminiServer(runEach(["cat big.log; exit 1", "cat mid.log", "printf 'ok\\n'; exit 3"], "All tests pass."));
  try {
    mkdirSync(cwd);
    writeFileSync(join(cwd, "big.log"), pytestLog(70_000));
    writeFileSync(join(cwd, "mid.log"), pytestLog(30_000));
    const run = await runGemini({ server, prompt: "Run the commands.", cwd, home: join(dir, "home") });
    if (run.code !== 0 || run.sessionPath === undefined) throw new Error(`gemini exited ${run.code}: ${run.stderr}`);
    mkdirSync(join(OUT, "gemini"), { recursive: true });
    const name = run.sessionPath.endsWith(".jsonl") ? "lab-0.61.0.jsonl" : "lab-0.61.0.json";
    writeFileSync(join(OUT, "gemini", name), readFileSync(run.sessionPath, "utf8"));
    writeFileSync(join(OUT, "gemini", "lab-0.61.0.model-saw.json"), `${JSON.stringify(server.toolResults, null, 1)}\n`);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// The same harness's --output-format stream-json (what `claude -p` prints for scripts and CI): a failure excerpt
// and a clean call, as the events it streams.
async function claudeCodeStream(): Promise<void> {
  const files = { "short.log": pytestLog(20_000) };
  const steps: ReturnType<AnthropicScript>[] = [
    { kind: "shell", command: "cat short.log; exit 1" },
    { kind: "shell", command: "printf 'ok\\n'" },
  ];
  const server = await startAnthropicServer((results) => steps[results.length] ?? { kind: "final", text: "All tests pass." });
  const dir = mkdtempSync(join(tmpdir(), "toolspan-record-claude-stream-"));
  try {
    const run = await runClaudeCode({ server, prompt: "Run the commands.", dir, files, args: ["--output-format", "stream-json", "--verbose"] });
    if (run.code !== 0) throw new Error(`claude exited ${run.code}: ${run.stderr}`);
    // The init event lists Claude Code's own tools, skills and plugins: cut to its scalar keys, as above.
    const lines = run.stdout.trimEnd().split("\n").map((line) => (JSON.parse(line) as { type?: unknown }).type === "system" ? reduceClaudeLine(line, true) : line);
    writeFileSync(join(OUT, "claude_code", "lab-2.1.332.stream.jsonl"), `${lines.join("\n")}\n`);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const only = process.argv[2];
if (only === undefined || only === "claude-code") await claudeCode();
if (only === undefined || only === "claude-code-stream") await claudeCodeStream();
if (only === undefined || only === "codex") await codex();
if (only === undefined || only === "gemini") await gemini();
