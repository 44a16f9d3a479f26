import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { describe, test } from "node:test";
import { runCli } from "../helpers/cli.js";
import { nodeFixture } from "../helpers/fixtures.js";
import { cleanSpan, completeSpan, jsonl } from "../helpers/lint.js";
import { repoPath } from "../helpers/repo.js";
import { scratchPaths, stderrText, stdoutText, wrapInto } from "../helpers/scratch.js";

const fresh = scratchPaths("toolspan-report-");
const DEMO = ["node", repoPath("examples/demo/run-tests.mjs")];

async function reportJson(file: string): Promise<Record<string, any>> {
  const result = await runCli(["report", "--format", "json", file]);
  assert.ok(result.code === 0 || result.code === 1, stderrText(result));
  return JSON.parse(stdoutText(result));
}

describe("toolspan report", () => {
  test("a clipped test run: the bytes the model never saw, the row to act on, exit 1", async () => {
    const run = await wrapInto(fresh, ["--cap", "1024"], DEMO);
    const span = JSON.parse(readFileSync(run, "utf8"));
    const result = await runCli(["report", run]);
    assert.equal(result.code, 1, stderrText(result));
    const text = stdoutText(result);
    const unseen = span.stdout_bytes - 1024;
    assert.match(text, new RegExp(`never seen: +${unseen.toLocaleString("en-US")} bytes`));
    assert.match(text, /1 span \(stdout 1, stderr 0\), 1 of them looked like success/);
    assert.match(text, new RegExp(`:1 node stdout-clipped-tests: stdout clipped: kept 1024 of ${span.stdout_bytes} bytes`));
    assert.match(text, /next: 1 span needs action: toolspan triage .*run\.jsonl, then toolspan debug/);
    const record = await reportJson(run);
    assert.equal(record.streams.stdout.unseen, unseen);
    assert.equal(record.largest_clip.written, span.stdout_bytes);
    assert.equal(record.first[0].row, "stdout-clipped-tests");
  });

  test("a rerun appended to the run file is named under the span it re-ran, with its verdict", async () => {
    const run = await wrapInto(fresh, ["--cap", "1024"], DEMO);
    const rerun = await runCli(["rerun", "--yes", "--out", run, `${run}:1`]);
    assert.equal(rerun.code, 0, stderrText(rerun));
    const record = await reportJson(run);
    assert.deepEqual(record.first[0].reruns, [{ line: 2, verdict: "identical" }]);
    assert.match(stdoutText(await runCli(["report", run])), /\n      rerun: .*run\.jsonl:2 identical\n/);
  });

  test("a clean run: nothing needs action, exit 0", async () => {
    const run = await wrapInto(fresh, [], nodeFixture("emit.mjs", "--out", "100"));
    const result = await runCli(["report", run]);
    assert.equal(result.code, 0, stderrText(result));
    assert.match(stdoutText(result), /0 need action/);
    assert.match(stdoutText(result), /next: nothing needs action/);
    assert.equal(stderrText(result), "", "no progress display when stderr is not a terminal");
  });

  test("the same run as OTLP JSON (toolspan convert) gives the same figures", async () => {
    const run = await wrapInto(fresh, ["--cap", "1024"], DEMO);
    const otlp = fresh("run.otlp.jsonl");
    const converted = await runCli(["convert", "--to", "otlp", run]);
    assert.equal(converted.code, 0, stderrText(converted));
    writeFileSync(otlp, converted.stdout);
    const [a, b] = [await reportJson(run), await reportJson(otlp)];
    for (const record of [a, b]) {
      delete record.file;
      for (const first of record.first) delete first.span_id;
      delete record.largest_clip.span_id;
    }
    assert.deepEqual(b, a);
  });

  test("spans that audit wrote from transcripts: clips whose size the transcript cannot state are counted apart", async () => {
    const synthetic = (name: string) => repoPath(`test/fixtures/transcripts/synthetic/${name}`);
    const spans = fresh("audit.jsonl");
    const audit = await runCli(["audit", "--out", spans, synthetic("codex-markers.jsonl"), synthetic("openhands-markers.json")]);
    assert.equal(audit.code, 1, stderrText(audit));
    const record = await reportJson(spans);
    assert.ok(record.tool_spans > 0);
    assert.ok(record.clipped > 0);
    assert.ok(record.streams.stdout.clipped_of_unknown_size > 0);
    assert.ok(record.streams.stdout.clipped_of_unknown_size <= record.streams.stdout.clipped);
    assert.equal(record.need_action >= record.clipped, true);
  });

  test("lint errors by rule, lines that are not spans, and the tools that lost the most", () => {
    const run = fresh("mixed.jsonl");
    writeFileSync(run, jsonl([cleanSpan({ tool_name: "pytest" }), completeSpan({ tool_name: "ls", stdout_sha256: "b3a1..." }), "not json", completeSpan({ tool_name: "ls" })]));
    return reportJson(run).then((record) => {
      assert.equal(record.tool_spans, 3);
      assert.equal(record.not_spans, 1);
      assert.deepEqual(record.lint.errors, { "invalid-hash": 1 });
      assert.equal(record.lint.spans_with_errors, 1);
      assert.deepEqual(record.tools.map((t: { tool: string }) => t.tool), ["pytest", "ls"]);
      assert.equal(record.tools[0].unseen, 250);
    });
  });

  test("markdown: text from the trace cannot break the table or inject markup", async () => {
    const run = fresh("md.jsonl");
    writeFileSync(run, jsonl([cleanSpan({ tool_name: "a|b`c[x](http://e)\u001b[31m" })]));
    const result = await runCli(["report", "--format", "markdown", run]);
    assert.equal(result.code, 1, stderrText(result));
    const row = stdoutText(result).split("\n").find((line) => line.startsWith("| a"))!;
    assert.equal(row, "| a\\|b\\`c\\[x\\](http://e)\\\\u001b\\[31m | 1 | 1 | 0 | 250 |");
    assert.ok(!stdoutText(result).includes("\u001b"));
  });

  test("an unreadable file is named, exit 2, and the other files are still reported", async () => {
    const run = await wrapInto(fresh, [], nodeFixture("emit.mjs", "--out", "10"));
    const result = await runCli(["report", fresh("missing.jsonl"), run]);
    assert.equal(result.code, 2);
    assert.match(stderrText(result), /missing\.jsonl: ENOENT/);
    assert.match(stdoutText(result), /1 tool span in 1 line/);
  });

  test("usage errors: no file, an unknown format", async () => {
    assert.equal((await runCli(["report"])).code, 2);
    const bad = await runCli(["report", "--format", "xml", "x.jsonl"]);
    assert.equal(bad.code, 2);
    assert.match(stderrText(bad), /format/);
  });
});
