// Inputs that would hang a reader: a FIFO with no writer, an endless device, an endless line. Each run is bounded by
// a kill timer of its own, so a hang fails the test instead of holding the suite.
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { describe, test } from "node:test";
import { cleanEnv, cliArgv } from "../helpers/cli.js";
import { repoRoot } from "../helpers/repo.js";
import { scratchPaths } from "../helpers/scratch.js";
import { cleanSpan, jsonl } from "../helpers/lint.js";

const fresh = scratchPaths("toolspan-bad-inputs-");

function run(args: string[], env: NodeJS.ProcessEnv = {}, limitMs = 10_000): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const [node, ...rest] = cliArgv(...args);
  return new Promise((resolve, reject) => {
    const child = spawn(node!, rest, { cwd: repoRoot, env: cleanEnv(env), stdio: ["ignore", "pipe", "pipe"] });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`toolspan ${args.join(" ")} did not end within ${limitMs} ms`));
    }, limitMs);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const fifo = fresh("run.fifo");
execFileSync("mkfifo", [fifo]);

const COMMANDS: readonly (readonly string[])[] = [["lint"], ["triage"], ["report"], ["convert", "--to", "otlp"], ["debug"], ["audit"], ["rerun"]];

describe("a FIFO with no writer and /dev/zero are refused at once, exit 2, naming the file", () => {
  for (const command of COMMANDS) {
    for (const [path, why] of [
      [fifo, /named pipe \(FIFO\)/],
      ["/dev/zero", /character device/],
    ] as const) {
      test(`${command[0]} ${path === fifo ? "FIFO" : path}`, async () => {
        const target = command[0] === "rerun" ? `${path}:1` : path;
        const result = await run([...command, target]);
        assert.equal(result.code, 2, result.stderr);
        assert.ok(result.stderr.includes(path), `names ${path}: ${result.stderr}`);
        assert.match(result.stderr, why);
        assert.equal(result.stderr.trimEnd().split("\n").length, 1, "one line");
      });
    }
  }
});

describe("a line past --max-line-bytes (TOOLSPAN_MAX_LINE_BYTES)", () => {
  const file = fresh("long.jsonl");
  writeFileSync(file, `${jsonl([cleanSpan({ span_id: "a" })])}${"x".repeat(20_000)}\n${jsonl([cleanSpan({ span_id: "b" })])}`);
  const env = { TOOLSPAN_MAX_LINE_BYTES: "10000" };

  test("lint reports it as one invalid-json finding on its line and lints the lines after it", async () => {
    const result = await run(["lint", "--format", "jsonl", file], env);
    assert.equal(result.code, 1, result.stderr);
    // The library names its option (maxLineBytes); the CLI shows its flag.
    assert.match(result.stdout, /longer than 10000 bytes, not read \(--max-line-bytes raises the limit\)/);
    assert.equal(result.stdout.match(/invalid-json/g)?.length, 1, result.stdout);
  });

  test("convert skips it with a message naming FILE:LINE and converts the rest (exit 1)", async () => {
    const result = await run(["convert", "--to", "otlp", file], env);
    assert.equal(result.code, 1);
    assert.ok(result.stderr.includes(`${file}:2: longer than 10000 bytes, skipped (--max-line-bytes raises the limit)`), result.stderr);
    assert.equal(result.stdout.trimEnd().split("\n").length, 2, "both spans converted");
  });

  for (const command of ["triage", "report"]) {
    test(`${command} stops with exit 2 naming the file and the line`, async () => {
      const result = await run([command, file], env);
      assert.equal(result.code, 2);
      assert.ok(result.stderr.includes(`cannot read ${file}: line 2 is longer than 10000 bytes`), result.stderr);
    });
  }
});

test("--max-line-bytes sets the limit as the variable does, and takes a whole number >= 1", async () => {
  const file = fresh("flag.jsonl");
  writeFileSync(file, `${"y".repeat(500)}\n`);
  const clipped = await run(["triage", "--max-line-bytes", "100", file]);
  assert.equal(clipped.code, 2);
  assert.ok(clipped.stderr.includes("line 1 is longer than 100 bytes (--max-line-bytes raises the limit)"), clipped.stderr);
  const bad = await run(["lint", "--max-line-bytes", "0", file]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--max-line-bytes takes a whole number >= 1/);
});
