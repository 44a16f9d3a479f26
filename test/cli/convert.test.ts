import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { runCli } from "../helpers/cli.js";
import { cleanSpan, jsonl, publishedRecord, writeTemp } from "../helpers/lint.js";
import { repoPath } from "../helpers/repo.js";

test("convert --to otlp then --to jsonl gives back the records; standard input and --out work", async () => {
  const records = [cleanSpan(), publishedRecord()];
  const otlp = await runCli(["convert", "--to", "otlp", writeTemp(jsonl(records))]);
  assert.equal(otlp.code, 0);
  const lines = otlp.stdout.toString("utf8").trim().split("\n");
  assert.equal(lines.length, 2);
  for (const line of lines) assert.ok(Array.isArray((JSON.parse(line) as { resourceSpans: unknown }).resourceSpans));
  const out = writeTemp("", "back.jsonl");
  const back = await runCli(["convert", "--to", "jsonl", "--out", out, "-"], { input: otlp.stdout });
  assert.equal(back.code, 0);
  assert.deepEqual(readFileSync(out, "utf8").trim().split("\n").map((line) => JSON.parse(line)), records);
});

test("a pretty-printed OTLP document converts; spans without toolspan attributes give no record", async () => {
  const result = await runCli(["convert", "--to", "jsonl", repoPath("test/fixtures/otlp/trace.json")]);
  assert.equal(result.code, 0);
  assert.equal(result.stdout.toString(), "");
});

test("lines that are neither format are named; usage errors exit 2", async () => {
  const result = await runCli(["convert", "--to", "otlp", writeTemp("[1]\n{}\n")]);
  assert.equal(result.code, 1);
  assert.match(result.stderr.toString(), /:1: neither a toolspan record nor an OTLP request/);
  assert.equal((await runCli(["convert", "x.jsonl"])).code, 2);
  assert.equal((await runCli(["convert", "--to", "csv", "x.jsonl"])).code, 2);
  assert.equal((await runCli(["convert", "--to", "otlp", "/nonexistent.jsonl"])).code, 2);
});

test("an --out that cannot be written is a usage error naming it, exit 2, not a stack trace", async () => {
  const result = await runCli(["convert", "--to", "otlp", "--out", "/nonexistent-dir/out.jsonl", writeTemp(jsonl([cleanSpan()]))]);
  assert.equal(result.code, 2);
  assert.match(result.stderr.toString(), /--out \/nonexistent-dir\/out\.jsonl: cannot write \(ENOENT\)/);
  assert.doesNotMatch(result.stderr.toString(), /at .*\.js:\d+/);
});

test("a line nested 100k deep is skipped and named, and the lines around it still convert", async () => {
  const deep = `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`;
  const input = writeTemp(`${JSON.stringify(cleanSpan())}\n${deep}\n${JSON.stringify(publishedRecord())}\n`);
  for (const to of ["otlp", "jsonl"]) {
    const result = await runCli(["convert", "--to", to, input]);
    assert.equal(result.code, 1, `--to ${to}`);
    assert.equal(result.stderr.toString("utf8"), `toolspan: ${input}:2: nested too deeply to convert, skipped\n`);
    assert.equal(result.stdout.toString("utf8").trimEnd().split("\n").length, 2, "both other lines converted");
  }
});
