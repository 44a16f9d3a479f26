import assert from "node:assert/strict";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { TRIAGE_TABLE } from "../../src/triage/table.js";
import { runCli, type CliOptions } from "../helpers/cli.js";
import { cleanSpan, completeSpan, jsonl, tempDir, writeTemp } from "../helpers/lint.js";

// Every run's stderr, checked at the end: whatever went wrong, no stack trace.
const stderrs: string[] = [];
after(() => {
  for (const stderr of stderrs) assert.doesNotMatch(stderr, /\n\s+at |node:internal/, stderr);
});

async function toolspan(args: string[], options: CliOptions = {}) {
  const result = await runCli(args, options);
  const run = { code: result.code, stdout: result.stdout.toString("utf8"), stderr: result.stderr.toString("utf8") };
  stderrs.push(run.stderr);
  return run;
}

describe("toolspan triage on a real run", () => {
  const dir = tempDir("toolspan-triage-");

  test("the demo test suite wrapped with a 1024-byte cap: stdout-clipped-tests first, exit 1", async () => {
    const run = join(dir, "clipped.jsonl");
    const wrap = await toolspan(["wrap", "--cap", "1024", "--out", run, "--", "node", "examples/demo/run-tests.mjs"]);
    assert.equal(wrap.code, 1, "the demo suite fails");
    const triage = await toolspan(["triage", run]);
    assert.equal(triage.code, 1, triage.stderr);
    const lines = triage.stdout.split("\n");
    assert.match(lines[0]!, new RegExp(`^${run.replace(/[.]/g, "\\.")}:1 span [0-9a-f]+ tool node$`));
    assert.equal(lines[1], '  argv: ["node","examples/demo/run-tests.mjs"]');
    assert.equal(lines[2], "  stdout-clipped-tests");
    assert.match(lines[3]!, /^ {4}observed: {2}stdout clipped: kept 1024 of \d+ bytes, returncode 1; test output, tail sha256 [0-9a-f]{12}…$/);
    assert.equal(lines[4], "    first:     fetch the tail hash, re-run the tests");
    assert.equal(lines[5], "    not first: swap the coding model");
    assert.ok(lines.includes(`  next: toolspan rerun ${run}:1`));
    assert.match(triage.stdout, /^1 span needs action in .*clipped\.jsonl \(1 line, 1 tool span\)$/m);
  });

  test("the same suite without a cap: nothing needs action, exit 0", async () => {
    const run = join(dir, "clean.jsonl");
    await toolspan(["wrap", "--no-cap", "--out", run, "--", "node", "examples/demo/run-tests.mjs"]);
    const triage = await toolspan(["triage", run]);
    assert.equal(triage.code, 0, triage.stdout);
    assert.match(triage.stdout, /^nothing needs action in .*clean\.jsonl \(1 line, 1 tool span\)\n$/);
  });
});

describe("toolspan triage: formats and options", () => {
  const MIXED = writeTemp(jsonl([completeSpan({ span_id: "a" }), cleanSpan({ span_id: "b", ok_preview: true }), "garbage"]));

  test("--format jsonl: every line parses, one object per span and row, most misleading first", async () => {
    const run = await toolspan(["triage", "--format", "jsonl", MIXED]);
    assert.equal(run.code, 1);
    const records = run.stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(
      records.map((record) => [record.line, record.row]),
      [
        [2, "ok-preview-while-clipped"],
        [2, "stdout-clipped-tests"],
        [2, "lint-errors"],
        [3, "not-a-span"],
      ],
    );
    assert.equal(records[0]!.file, MIXED);
  });

  test("standard input is '-'", async () => {
    const run = await toolspan(["triage", "-"], { input: jsonl([completeSpan()]) });
    assert.equal(run.code, 0);
    assert.match(run.stdout, /^nothing needs action in - \(1 line, 1 tool span\)/);
  });

  test("--table lists every row; --table --format jsonl is one object per row", async () => {
    const text = await toolspan(["triage", "--table"]);
    assert.equal(text.code, 0);
    for (const row of TRIAGE_TABLE) assert.ok(text.stdout.includes(`| ${row.id} | ${row.observation} |`), row.id);
    const json = await toolspan(["triage", "--table", "--format=jsonl"]);
    assert.deepEqual(
      json.stdout.trimEnd().split("\n").map((line) => (JSON.parse(line) as { row: string }).row),
      TRIAGE_TABLE.map((row) => row.id),
    );
  });

  test("--help teaches: what it does, exit statuses, examples", async () => {
    const run = await toolspan(["triage", "--help"]);
    assert.equal(run.code, 0);
    assert.match(run.stdout, /^Usage: toolspan triage \[options\] FILE/);
    assert.match(run.stdout, /Exit status: 0 nothing needs action \(nothing flagged, or every span flagged is\nsettled by a verified rerun\), 1/);
    assert.match(run.stdout, /Examples:\n {2}toolspan triage run\.jsonl/);
  });

  test("the main help lists triage", async () => {
    assert.match((await toolspan(["--help"])).stdout, /^ {2}triage {2}/m);
  });
});

describe("toolspan triage: exit 2", () => {
  test("a missing file and a directory are named on stderr", async () => {
    const dir = tempDir();
    const missing = join(dir, "nope.jsonl");
    const run = await toolspan(["triage", missing]);
    assert.equal(run.code, 2);
    assert.equal(run.stderr, `toolspan: cannot read ${missing}: ENOENT\n`);
    assert.equal(run.stdout, "");
    const folder = await toolspan(["triage", dir]);
    assert.equal(folder.code, 2);
    assert.ok(folder.stderr.includes(`cannot read ${dir}: is a directory`), folder.stderr);
  });

  test("usage errors: no file, two files, an unknown format", async () => {
    assert.match((await toolspan(["triage"])).stderr, /no file given/);
    const two = await toolspan(["triage", "a.jsonl", "b.jsonl"]);
    assert.equal(two.code, 2);
    assert.match(two.stderr, /triage reads one file/);
    const format = await toolspan(["triage", "--format", "sarif", "x"]);
    assert.equal(format.code, 2);
    assert.match(format.stderr, /--format takes one of text, jsonl, got 'sarif'/);
  });
});

describe("toolspan triage raises no false alarm on ordinary work", () => {
  const dir = tempDir("toolspan-triage-quiet-");

  test("mkdir, touch and cp under wrap: nothing needs action, and lint warns of nothing", async () => {
    const run = join(dir, "quiet.jsonl");
    for (const argv of [["mkdir", join(dir, "made")], ["touch", join(dir, "made", "f")], ["cp", join(dir, "made", "f"), join(dir, "made", "g")]]) {
      // One agent run, as an agent's wraps share it.
      const wrap = await toolspan(["wrap", "--out", run, "--", ...argv], { extraEnv: { TOOLSPAN_RUN_ID: "quiet-run" } });
      assert.equal(wrap.code, 0, wrap.stderr);
    }
    const triage = await toolspan(["triage", run]);
    assert.equal(triage.code, 0, triage.stdout);
    assert.match(triage.stdout, /^nothing needs action in .*quiet\.jsonl \(3 lines, 3 tool spans\)\n$/);
    const lint = await toolspan(["lint", run]);
    assert.equal(lint.code, 0);
    assert.match(lint.stdout, /0 errors, 0 warnings/);
    // The same silent span from a writer that does not say it read both pipes to the end is still a question.
    const foreign = writeTemp(jsonl([{ ...completeSpan(), contract: undefined, stalled: undefined, stdout_bytes: 0, stderr_bytes: 0 }]));
    assert.match((await toolspan(["triage", "--format", "jsonl", foreign])).stdout, /"row":"empty-streams-ok"/);
  });

  test("a span stopped by the wrapper's own --idle-timeout or --timeout gets no 'find what sent the signal'", async () => {
    const run = join(dir, "limits.jsonl");
    await toolspan(["wrap", "--idle-timeout", "0.3", "--out", run, "--", "sleep", "100"]);
    await toolspan(["wrap", "--timeout", "0.3", "--out", run, "--", "sleep", "100"]);
    const triage = await toolspan(["triage", "--format", "jsonl", run]);
    const rows = triage.stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as { line: number; row: string; observation: string; first_action: string });
    assert.deepEqual(rows.map((row) => [row.line, row.row]).sort(), [[1, "stalled"], [2, "timed-out"]]);
    const stalled = rows.find((row) => row.row === "stalled")!;
    assert.match(stalled.observation, /went silent and was stopped by the wrapper's idle limit \(SIGTERM\)/);
    assert.match(stalled.first_action, /raise --idle-timeout/);
    assert.doesNotMatch(triage.stdout, /killed-by-signal|find what sent the signal/);
  });
});

describe("toolspan triage, report and debug after a verified rerun", () => {
  test("a clipped span whose rerun in the file is identical-normalized is settled: no rerun asked, exit 0, counted, not rerun again", async () => {
    const dir = tempDir("toolspan-settled-");
    const run = join(dir, "run.jsonl");
    const state = join(dir, "state");
    await toolspan(["wrap", "--cap", "100", "--out", run, "--", process.execPath, "test/fixtures/bin/stamps.mjs", state]);
    const before = await toolspan(["triage", run]);
    assert.equal(before.code, 1);
    assert.match(before.stdout, /next: toolspan rerun /);

    const rerun = await toolspan(["rerun", "--yes", "--out", run, `${run}:1`]);
    assert.equal(rerun.code, 0, rerun.stdout);
    assert.match(rerun.stdout, /^verdict: identical-normalized\n/);

    const triage = await toolspan(["triage", run]);
    assert.equal(triage.code, 0, triage.stdout);
    assert.match(triage.stdout, /\n {2}verified: by the rerun at .*run\.jsonl:2 \(identical-normalized\): settled, nothing left to do\n/);
    assert.doesNotMatch(triage.stdout, /next: toolspan rerun/);
    assert.match(triage.stdout, /^1 span settled by a verified rerun in .*run\.jsonl \(2 lines, 2 tool spans\)$/m);
    const jsonlRows = (await toolspan(["triage", "--format", "jsonl", run])).stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(jsonlRows.map((row) => [row.rerun, row.verified_by, row.settled]), [[null, { line: 2, verdict: "identical-normalized" }, true]]);

    const report = await toolspan(["report", run]);
    assert.equal(report.code, 0, report.stdout);
    assert.match(report.stdout, /2 tool spans in 2 lines, 1 need action \(1 settled by a verified rerun\)/);
    assert.match(report.stdout, /next: nothing left to do: every span that needed action was verified by a rerun in the file/);
    assert.equal((JSON.parse((await toolspan(["report", "--format", "json", run])).stdout) as { settled: number }).settled, 1);

    const debug = await toolspan(["debug", "--yes", run]);
    assert.equal(debug.code, 0, debug.stdout);
    assert.doesNotMatch(debug.stdout, /^=== /m, "nothing is rerun");
    assert.match(debug.stdout, /not rerun again: verified by the rerun at line 2 \(identical-normalized\)/);
    assert.match(debug.stdout, /\nnext: the pipe is now honest: look at prompts and policy\n$/);
  });
});
