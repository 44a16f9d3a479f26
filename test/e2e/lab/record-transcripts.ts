// Writes the lab transcripts kept under test/fixtures/transcripts/lab/: the real, pinned Claude Code, Codex CLI
// and Gemini CLI run against a scripted model on commands whose output size and exit status are chosen in
// recorded-sessions.ts, so what each harness cut is known; beside each transcript a *.model-saw.json holds every
// tool result exactly as the scripted model received it. Not a test: run it after a harness pin moves, and
// review the diff of the fixtures.
//
//   npx tsc -p tsconfig.json && node dist/test/e2e/lab/record-transcripts.js [claude-code|claude-code-stream|codex|gemini|codex-past]
//
// codex-past plays the past Codex versions pinned in test/e2e/harnesses-past: `npm ci --prefix test/e2e/harnesses-past`.
//
// Claude Code's transcript lines that carry its own prompt text (attachments, api-request records: its system
// prompt, tool descriptions, skill listings) are cut to their scalar keys; every other line is kept as written.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoPath } from "../../helpers/repo.js";
import { startAnthropicServer } from "./anthropic-server.js";
import { runClaudeCode } from "./claude-code.js";
import { runCodex } from "./codex.js";
import { runGemini } from "./gemini.js";
import { startGeminiServer } from "./gemini-server.js";
import { CODEX_PAST_VERSIONS, claudeCodeSession, claudeCodeStreamSession, codexPastSession, codexSession, geminiSession, playSession } from "./recorded-sessions.js";
import { startResponsesServer } from "./responses-server.js";

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

/** What the scripted model received, beside a transcript: each result's text, and for Claude Code its is_error. */
function writeModelSaw(path: string, toolResults: readonly string[], isError?: readonly boolean[]): void {
  const saw = isError === undefined ? toolResults : toolResults.map((text, i) => ({ text, is_error: isError[i] }));
  writeFileSync(path, `${JSON.stringify(saw, null, 1)}\n`);
}

async function claudeCode(): Promise<void> {
  const session = claudeCodeSession();
  const server = await startAnthropicServer(playSession(session, "All tests pass."));
  const dir = mkdtempSync(join(tmpdir(), "toolspan-record-claude-"));
  try {
    const run = await runClaudeCode({ server, prompt: "Run the commands.", dir, files: session.files, allowedTools: ["Bash", "Glob", "Grep"] });
    if (run.code !== 0 || run.transcriptPath === undefined) throw new Error(`claude exited ${run.code}: ${run.stderr}`);
    const lines = readFileSync(run.transcriptPath, "utf8").trimEnd().split("\n");
    writeFileSync(join(OUT, "claude_code", "lab-2.1.332.jsonl"), `${lines.map((line) => reduceClaudeLine(line)).join("\n")}\n`);
    writeModelSaw(join(OUT, "claude_code", "lab-2.1.332.model-saw.json"), server.toolResults, server.toolResultErrors);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function codex(): Promise<void> {
  const session = codexSession();
  const dir = mkdtempSync(join(tmpdir(), "toolspan-record-codex-"));
  const cwd = join(dir, "work");
  const server = await startResponsesServer(playSession(session, "All tests pass."));
  try {
    mkdirSync(cwd);
    for (const [name, text] of Object.entries(session.files)) writeFileSync(join(cwd, name), text);
    const run = await runCodex({ server, prompt: "Run the commands.", cwd, home: join(dir, "home") });
    if (run.code !== 0 || run.sessionLog === null) throw new Error(`codex exited ${run.code}: ${run.stderr}`);
    writeFileSync(join(OUT, "codex", "lab-0.171.0.jsonl"), readFileSync(run.sessionLog, "utf8"));
    writeModelSaw(join(OUT, "codex", "lab-0.171.0.model-saw.json"), server.toolResults);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// A past Codex, from test/e2e/harnesses-past (`npm ci --prefix test/e2e/harnesses-past` first), with unified exec
// disabled: its shell tool takes a time limit and cuts on its own budget.
async function codexPast(version: string): Promise<void> {
  const session = codexPastSession();
  const dir = mkdtempSync(join(tmpdir(), `toolspan-record-codex-${version}-`));
  const cwd = join(dir, "work");
  const server = await startResponsesServer(playSession(session, "All tests pass."));
  try {
    mkdirSync(cwd);
    for (const [name, text] of Object.entries(session.files)) writeFileSync(join(cwd, name), text);
    const pastScript = repoPath(`test/e2e/harnesses-past/node_modules/codex-${version}/bin/codex.js`);
    const run = await runCodex({ server, prompt: "Run the commands.", cwd, home: join(dir, "home"), pastScript, args: ["--disable", "unified_exec"] });
    if (run.code !== 0 || run.sessionLog === null) throw new Error(`codex ${version} exited ${run.code}: ${run.stderr}`);
    writeFileSync(join(OUT, "codex", `lab-${version}.jsonl`), readFileSync(run.sessionLog, "utf8"));
    writeModelSaw(join(OUT, "codex", `lab-${version}.model-saw.json`), server.toolResults);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// Beside the session, what the scripted model received for each call, which the lab test compares audit's findings with.
async function gemini(): Promise<void> {
  const session = geminiSession();
  const dir = mkdtempSync(join(tmpdir(), "toolspan-record-gemini-"));
  const cwd = join(dir, "work");
  const server = await startGeminiServer(playSession(session, "All tests pass."));
  try {
    mkdirSync(cwd);
    for (const [name, text] of Object.entries(session.files)) writeFileSync(join(cwd, name), text);
    const run = await runGemini({ server, prompt: "Run the commands.", cwd, home: join(dir, "home") });
    if (run.code !== 0 || run.sessionPath === undefined) throw new Error(`gemini exited ${run.code}: ${run.stderr}`);
    mkdirSync(join(OUT, "gemini"), { recursive: true });
    const name = run.sessionPath.endsWith(".jsonl") ? "lab-0.61.0.jsonl" : "lab-0.61.0.json";
    writeFileSync(join(OUT, "gemini", name), readFileSync(run.sessionPath, "utf8"));
    writeModelSaw(join(OUT, "gemini", "lab-0.61.0.model-saw.json"), server.toolResults);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// The same harness's --output-format stream-json (what `claude -p` prints for scripts and CI): a failure excerpt
// and a clean call, as the events it streams.
async function claudeCodeStream(): Promise<void> {
  const session = claudeCodeStreamSession();
  const server = await startAnthropicServer(playSession(session, "All tests pass."));
  const dir = mkdtempSync(join(tmpdir(), "toolspan-record-claude-stream-"));
  try {
    const run = await runClaudeCode({ server, prompt: "Run the commands.", dir, files: session.files, args: ["--output-format", "stream-json", "--verbose"] });
    if (run.code !== 0) throw new Error(`claude exited ${run.code}: ${run.stderr}`);
    // The init event lists Claude Code's own tools, skills and plugins: cut to its scalar keys, as above.
    const lines = run.stdout.trimEnd().split("\n").map((line) => (JSON.parse(line) as { type?: unknown }).type === "system" ? reduceClaudeLine(line, true) : line);
    writeFileSync(join(OUT, "claude_code", "lab-2.1.332.stream.jsonl"), `${lines.join("\n")}\n`);
    writeModelSaw(join(OUT, "claude_code", "lab-2.1.332.stream.model-saw.json"), server.toolResults, server.toolResultErrors);
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
if (only === undefined || only === "codex-past") for (const version of CODEX_PAST_VERSIONS) await codexPast(version);
