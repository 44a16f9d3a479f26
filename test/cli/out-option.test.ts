import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { runCli } from "../helpers/cli.js";
import { nodeFixture } from "../helpers/fixtures.js";
import { cleanSpan, jsonl } from "../helpers/lint.js";
import { scratchPaths, stderrText, stdoutText } from "../helpers/scratch.js";
import { parseSpan } from "../helpers/span.js";

const fresh = scratchPaths("toolspan-out-full-");
// A command that writes enough for a span of about 10 kB and exits 7.
const big = ["sh", "-c", "head -c 30000 /dev/zero | tr '\\0' a; exit 7"];

/** The stderr lines after the one naming the file: exactly one, the span (as JSON: a rerun's has rerun keys). */
function spanOnStderr(stderr: string, file: string): Record<string, unknown> {
  const lines = stderr.split("\n").filter((line) => line !== "");
  const at = lines.findIndex((line) => line.includes(`--out ${file}: cannot append (`));
  assert.ok(at >= 0, `a one-line message names ${file}: ${stderr.slice(0, 400)}`);
  assert.equal(lines.length, at + 2, "the span follows as one line");
  return JSON.parse(lines[at + 1]!) as Record<string, unknown>;
}

describe("--out on /dev/full", () => {
  test("wrap keeps the command's exit code and puts the span on stderr", async () => {
    const result = await runCli(["wrap", "--preview", "20000", "--out", "/dev/full", "--", ...big]);
    assert.equal(result.code, 7);
    assert.equal(result.stdout.length, 8192, "the kept bytes were passed through");
    assert.equal(spanOnStderr(stderrText(result), "/dev/full").returncode, 7);
  });

  test("wrap --json still prints the span on stdout, and says so once on stderr", async () => {
    const result = await runCli(["wrap", "--json", "--out", "/dev/full", "--", "sh", "-c", "exit 7"]);
    assert.equal(result.code, 7);
    assert.equal(parseSpan(stdoutText(result).trimEnd()).returncode, 7);
    assert.match(stderrText(result), /^toolspan: --out \/dev\/full: cannot append \(ENOSPC\).*the span is on stdout only\n$/);
  });

  test("rerun keeps its verdict's exit code, reports no append, and puts the span on stderr", async () => {
    const run = fresh("run.jsonl");
    assert.equal((await runCli(["wrap", "--out", run, "--", "echo", "hi"])).code, 0);
    const result = await runCli(["rerun", "--yes", "--out", "/dev/full", `${run}:1`]);
    assert.equal(result.code, 0, stderrText(result));
    assert.doesNotMatch(stdoutText(result), /appended to/);
    assert.equal(spanOnStderr(stderrText(result), "/dev/full").rerun_verdict, "identical");
  });

  test("convert exits 2 naming the file", async () => {
    const input = fresh("in.jsonl");
    writeFileSync(input, jsonl([cleanSpan()]));
    const result = await runCli(["convert", "--to", "otlp", "--out", "/dev/full", input]);
    assert.equal(result.code, 2);
    assert.match(stderrText(result), /^toolspan: --out \/dev\/full: cannot write \(ENOSPC\)/);
  });
});

describe("--out on a full tmpfs", () => {
  const dir = fresh("tmpfs");
  let mounted = false;
  let why = "";
  before(() => {
    mkdirSync(dir);
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir], { stdio: "pipe" });
      mounted = true;
      // Leave about 4 kB: less than a span of 10 kB, more than the run file's first line.
      writeFileSync(`${dir}/fill`, Buffer.alloc(60 * 1024));
    } catch (error) {
      why = String((error as { stderr?: Buffer }).stderr ?? error).trim();
    }
  });
  after(() => {
    if (mounted) execFileSync("umount", [dir]);
    rmdirSync(dir);
  });

  test("a failed append leaves the run file as it was, and the next span starts a line of its own", async (t) => {
    if (!mounted) return t.skip(`cannot mount a tmpfs here (${why})`);
    const run = `${dir}/run.jsonl`;
    writeFileSync(run, '{"first":1}\n');
    const result = await runCli(["wrap", "--preview", "20000", "--out", run, "--", ...big]);
    assert.equal(result.code, 7);
    assert.match(stderrText(result), /cannot append \(short write, \d+ of \d+ bytes/);
    assert.equal(spanOnStderr(stderrText(result), run).returncode, 7);
    assert.equal(readFileSync(run, "utf8"), '{"first":1}\n', "the torn bytes were cut off");
    assert.equal((await runCli(["wrap", "--out", run, "--", "true"])).code, 0);
    const lines = readFileSync(run, "utf8").split("\n");
    assert.deepEqual([lines.length, lines[0], lines[2]], [3, '{"first":1}', ""]);
    assert.equal(parseSpan(lines[1]!).returncode, 0);
  });

  test("convert into a file that fills up exits 2 naming it", async (t) => {
    if (!mounted) return t.skip(`cannot mount a tmpfs here (${why})`);
    const input = fresh("many.jsonl");
    writeFileSync(input, jsonl(Array.from({ length: 40 }, () => cleanSpan())));
    const out = `${dir}/out.json`;
    const result = await runCli(["convert", "--to", "otlp", "--out", out, input]);
    assert.equal(result.code, 2);
    assert.match(stderrText(result), new RegExp(`--out ${out}: cannot write \\(ENOSPC\\)`));
  });
});

test("a run file torn by an older writer: the next span still starts a line of its own", async () => {
  const run = fresh("torn.jsonl");
  writeFileSync(run, '{"torn":');
  assert.equal((await runCli(["wrap", "--out", run, "--", nodeFixture("emit.mjs")[0]!, "-e", ""])).code, 0);
  const lines = readFileSync(run, "utf8").split("\n");
  assert.equal(lines[0], '{"torn":');
  assert.equal(parseSpan(lines[1]!).tool_name, "node");
});
