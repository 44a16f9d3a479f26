import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, type CliResult } from "../helpers/cli.js";
import { fixturePath, sha256 } from "../helpers/fixtures.js";
import { scratchPaths, stderrText, stdoutText } from "../helpers/scratch.js";
import type { ToolSpan } from "../../src/contract/span.js";
import { assertFullSpan } from "../helpers/span.js";
import { offeredCommands } from "../helpers/notice.js";

const fresh = scratchPaths("toolspan-wrap-harness-");

interface HarnessRun {
  result: CliResult;
  span: ToolSpan;
  home: string;
  runFile: string;
}

async function wrapFor(harness: string, argv: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<HarnessRun> {
  const home = fresh("home");
  const result = await runCli(["wrap", "--harness", harness, "--session", "sess-1", "--", ...argv], { extraEnv: { TOOLSPAN_HOME: home, ...env } });
  const runFile = join(home, "runs", harness, "sess-1.jsonl");
  const lines = readFileSync(runFile, "utf8").trim().split("\n");
  const span = JSON.parse(lines.at(-1)!) as unknown;
  assertFullSpan(span);
  return { result, span, home, runFile };
}

const testLog = (bytes: number, exit: number, where = "stdout") => [process.execPath, fixturePath("test-log.mjs"), String(bytes), String(exit), where];

async function runOffered(command: string, home: string): Promise<CliResult> {
  return runCli(["wrap", "--no-cap", "--json", "--", "bash", "-c", command], { extraEnv: { TOOLSPAN_HOME: home } });
}

describe("wrap --harness", () => {
  test("a failing 68 KB run for Claude Code: notice first, then head and tail within 10,000 characters, all counted in the span", async () => {
    const { result, span, home } = await wrapFor("claude-code", testLog(68195, 1));
    const out = stdoutText(result);
    assert.equal(result.code, 1, "the command's exit status");
    assert.equal(span.stdout_bytes, 68195);
    assert.equal(span.stdout_truncated, true);
    assert.equal(span.harness, "claude-code@2.1.332");
    assert.equal(span.run_id, "sess-1");
    assert.ok(out.length + "Exit code 1\n".length <= 11_024, `the model gets ${out.length} characters: under Claude Code's excerpt threshold`);
    assert.ok(out.startsWith("[toolspan: this output was clipped"), "the notice comes first");
    assert.ok(out.endsWith("FAILED tests/test_answer.py::test_answer - AssertionError: assert 41 == 42\n"), "the tail is kept");
    assert.equal(span.stdout_kept_sha256, sha256(result.stdout), "kept_sha256 is over exactly what the harness receives");
    assert.equal(span.stdout_notice_bytes! + Math.min(span.stdout_bytes, span.stdout_cap!), result.stdout.length);
    assert.equal(stderrText(result), "", "nothing of toolspan's own reaches the model's stderr");
    assert.ok(span.stdout_blob, "the whole stream is stored");

    const [grep, range] = offeredCommands(out);
    const found = await runOffered(grep!, home);
    assert.equal(found.code, 0, stderrText(found));
    const grepSpan = JSON.parse(stdoutText(found).trim().split("\n").at(-1)!) as ToolSpan;
    assert.match(grepSpan.preview_stdout, /FAILED tests\/test_answer\.py::test_answer/);
    assert.ok(grepSpan.stdout_bytes <= 8000, "a follow-up answer stays within what every harness passes on");
    const next = await runOffered(range!, home);
    const nextSpan = JSON.parse(stdoutText(next).trim().split("\n").at(-1)!) as ToolSpan;
    assert.equal(nextSpan.stdout_bytes, 8000);
  });

  test("success for Claude Code: up to 30,000 bytes pass unclipped, with no notice", async () => {
    const { result, span } = await wrapFor("claude-code", testLog(25_000, 0));
    assert.equal(result.code, 0);
    assert.equal(result.stdout.length, 25_000);
    assert.equal(span.stdout_truncated, false);
    assert.equal(span.stdout_notice_bytes, undefined);
    assert.equal(span.stdout_kept_sha256, sha256(result.stdout));
  });

  test("a lower BASH_MAX_OUTPUT_LENGTH lowers what toolspan keeps; a higher one does not pass Claude Code's 30,000", async () => {
    const low = await wrapFor("claude-code", testLog(20_000, 0), { BASH_MAX_OUTPUT_LENGTH: "8000" });
    assert.equal(low.span.stdout_truncated, true);
    assert.ok(low.result.stdout.length <= 8000);
    const high = await wrapFor("claude-code", testLog(60_000, 0), { BASH_MAX_OUTPUT_LENGTH: "80000" });
    assert.equal(high.span.stdout_truncated, true);
    assert.ok(high.result.stdout.length <= 30_000);
  });

  test("stderr-only failure for Gemini CLI: the stderr stream is clipped and named in the notice", async () => {
    const { result, span } = await wrapFor("gemini", testLog(90_000, 2, "stderr"));
    assert.equal(result.code, 2);
    assert.equal(span.stderr_truncated, true);
    assert.ok(result.stdout.length + result.stderr.length <= 40_000);
    assert.equal(result.stdout.length, 0);
    assert.match(stderrText(result), /^\[toolspan: this output was clipped[^]*--stream stderr --grep/);
    assert.equal(span.stderr_kept_sha256, sha256(result.stderr));
    assert.equal(span.stdout_kept_sha256, sha256(result.stdout));
  });

  test("a home it cannot write (a read-only sandbox): the call still runs and passes on, the notice says the rest was not stored", async () => {
    const blocker = fresh("not-a-folder");
    writeFileSync(blocker, "");
    const result = await runCli(["wrap", "--harness", "claude-code", "--session", "s", "--", ...testLog(68195, 1)], { extraEnv: { TOOLSPAN_HOME: join(blocker, "home") } });
    assert.equal(result.code, 1, "the command's own exit status");
    assert.match(stdoutText(result), /^\[toolspan: this output was clipped[^]*between were cut and not stored \(cannot store: /);
    assert.ok(stdoutText(result).endsWith("assert 41 == 42\n"));
    assert.equal(stderrText(result), "", "no span and no message of toolspan's in the model's stream");
  });

  test("the options the profile decides are refused beside it, naming both", async () => {
    const result = await runCli(["wrap", "--harness", "codex", "--session", "s", "--cap", "10", "--", "true"]);
    assert.equal(result.code, 2);
    assert.match(stderrText(result), /--cap and --harness contradict each other/);
    const noSession = await runCli(["wrap", "--harness", "codex", "--", "true"]);
    assert.equal(noSession.code, 2);
    assert.match(stderrText(noSession), /--harness needs --session ID/);
  });
});
