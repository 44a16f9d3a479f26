import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { cleanEnv, cliArgv } from "../helpers/cli.js";
import { repoRoot } from "../helpers/repo.js";
import { scratchPaths } from "../helpers/scratch.js";
import { parseSpan } from "../helpers/span.js";
import type { ToolSpan } from "../../src/contract/span.js";

const fresh = scratchPaths("toolspan-reader-gone-");
const quote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;
const toolspan = cliArgv().map(quote).join(" ");

/** Runs a real shell pipeline; a kill timer makes a hang fail the test instead of holding it forever. */
function pipeline(script: string, limitMs = 15_000): Promise<{ stdout: string; code: number | null; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const shell = spawn("sh", ["-c", script], { cwd: repoRoot, env: cleanEnv(), stdio: ["ignore", "pipe", "inherit"], detached: true });
    const timer = setTimeout(() => {
      process.kill(-shell.pid!, "SIGKILL");
      reject(new Error(`the pipeline did not end within ${limitMs} ms: ${script}`));
    }, limitMs);
    let stdout = "";
    shell.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    shell.on("close", (code) => {
      clearTimeout(timer);
      resolve({ stdout, code, ms: Date.now() - started });
    });
  });
}

const onlySpan = (path: string): ToolSpan => {
  const lines = readFileSync(path, "utf8").split("\n").filter((line) => line !== "");
  assert.equal(lines.length, 1, "one span");
  return parseSpan(lines[0]!);
};

describe("a reader of the kept bytes that goes away", () => {
  test("wrap -- yes | head -1 ends: SIGPIPE to the command, reader_gone stdout, exit 141", async () => {
    const run = fresh("run.jsonl");
    const result = await pipeline(`${toolspan} wrap --out ${quote(run)} -- yes | head -1; echo "status $?"`);
    assert.equal(result.stdout, "y\nstatus 0\n");
    const span = onlySpan(run);
    assert.equal(span.reader_gone, "stdout");
    assert.equal(span.signal, "SIGPIPE");
    assert.equal(span.returncode, 141);
    assert.ok(span.stdout_delivered_bytes! <= Math.min(span.stdout_bytes, span.stdout_cap!), "no more was handed on than was kept");
    assert.equal(span.stderr_delivered_bytes, 0);
    // The exit status of toolspan itself, as `set -o pipefail` would see it.
    const status = await pipeline(`${toolspan} wrap --out ${quote(fresh("run.jsonl"))} -- yes | (head -1 >/dev/null; exit 0) ; echo "$?"`);
    assert.equal(status.stdout, "0\n");
  });

  test("a reader that leaves mid-stream: the command is stopped there, and delivered bytes say what was handed on", async () => {
    const run = fresh("run.jsonl");
    const whole = spawnSync("ls", ["-R", "/usr"], { maxBuffer: 1 << 30 }).stdout.length;
    // No cap: ls -R keeps writing, so the reader's leaving is seen at a write, well before ls would finish.
    const result = await pipeline(`${toolspan} wrap --no-cap --out ${quote(run)} -- ls -R /usr | head -c 3000 >/dev/null; echo done`);
    assert.equal(result.stdout, "done\n");
    const span = onlySpan(run);
    assert.equal(span.reader_gone, "stdout");
    assert.equal(span.signal, "SIGPIPE");
    assert.ok(span.stdout_bytes < whole / 2, `ls was stopped early: ${span.stdout_bytes} of its ${whole} bytes`);
    // Whether the bytes read before the leaving was seen all fit the pipe depends on how fast ls wrote: at most all.
    assert.ok(span.stdout_delivered_bytes! <= span.stdout_bytes, `${span.stdout_delivered_bytes} of ${span.stdout_bytes} handed on`);
    assert.ok(span.stdout_delivered_bytes! >= 3000, "head took at least what it read");
  });

  test("stderr's reader going away is recorded as stderr", async () => {
    const run = fresh("run.jsonl");
    await pipeline(`${toolspan} wrap --out ${quote(run)} -- sh -c 'yes >&2' 2>&1 >/dev/null | head -c 10 >/dev/null`);
    const span = onlySpan(run);
    assert.equal(span.reader_gone, "stderr");
    assert.equal(span.signal, "SIGPIPE");
    assert.equal(span.stdout_delivered_bytes, 0);
  });

  test("a reader that stays: no reader keys, and the reader sees EOF as soon as toolspan ends", async () => {
    const run = fresh("run.jsonl");
    const result = await pipeline(`${toolspan} wrap --out ${quote(run)} -- echo hi | cat`);
    assert.equal(result.stdout, "hi\n");
    const span = onlySpan(run);
    for (const key of ["reader_gone", "stdout_delivered_bytes", "stderr_delivered_bytes"]) assert.equal(key in span, false, key);
    assert.equal(span.returncode, 0);
  });
});
