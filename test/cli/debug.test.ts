import assert from "node:assert/strict";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { describe, test } from "node:test";
import { runCli } from "../helpers/cli.js";
import { fixturePath } from "../helpers/fixtures.js";
import { repoPath } from "../helpers/repo.js";
import { scratchPaths, stderrText, stdoutText, wrapInto } from "../helpers/scratch.js";

const fresh = scratchPaths("toolspan-debug-cli-");
const text = stdoutText;
const errText = stderrText;
const wrapped = (wrapArgs: string[], argv: string[]): Promise<string> => wrapInto(fresh, wrapArgs, argv);

const demo = [process.execPath, repoPath("examples/demo/run-tests.mjs")];
const FAILING_ASSERTION = "E       AssertionError: assert Decimal('10.01') == Decimal('10.00')";

describe("toolspan debug on the demo suite clipped at 1024 bytes", () => {
  test("--yes: reruns, proves identical, shows the failing assertion, links the new span, says the pipe is honest", async () => {
    const run = await wrapped(["--cap", "1024"], demo);
    const out = fresh("new.jsonl");
    const result = await runCli(["debug", "--yes", "--out", out, run]);
    assert.equal(result.code, 1, errText(result));
    const report = text(result);
    assert.match(report, /^=== .*run\.jsonl:1 span [0-9a-f]{16}\nverdict: identical\n/);
    assert.ok(report.includes(FAILING_ASSERTION), "the failing assertion is among the unseen bytes shown");
    assert.match(report, /\n== summary of .*\nlint: 0 errors, 0 warnings\nincomplete spans: 1 clipped\n/);
    assert.match(report, /stdout clipped: kept 1024 of 24520 bytes, returncode 1/);
    assert.match(report, /rerun [0-9a-f]{16}: identical; returncode 1 \(was 1\); 23496 bytes the model never saw/);
    assert.match(report, /\nnext: the pipe is now honest: look at prompts and policy\n$/);
    const old = JSON.parse(readFileSync(run, "utf8")) as { span_id: string };
    const added = JSON.parse(readFileSync(out, "utf8")) as Record<string, unknown>;
    assert.equal(added.rerun_of, old.span_id);
    assert.equal(added.rerun_verdict, "identical");
    assert.equal(added.stdout_truncated, false);
  });

  test("without --yes and without a terminal: the plan is shown, nothing runs, exit 2", async () => {
    const marker = fresh("touched");
    const run = await wrapped(["--cap", "3"], [process.execPath, fixturePath("touch.mjs"), marker]);
    rmSync(marker);
    const out = fresh("new.jsonl");
    const result = await runCli(["debug", "--out", out, run]);
    assert.equal(result.code, 2, errText(result));
    assert.ok(!existsSync(marker), "the command's side effect did not happen");
    assert.ok(!existsSync(out), "no run file is written when nothing ran");
    assert.match(errText(result), /argv +\[".*touch\.mjs",".*touched"\]\n/);
    assert.match(errText(result), /not run: no --yes and no terminal to ask/);
    assert.match(text(result), /not rerun: not confirmed\nnext: 1 clipped span not rerun: run/);
  });
});

describe("toolspan debug stops on contract errors", () => {
  test("a torn line stops the loop before any rerun, even with --yes; --keep-going reruns", async () => {
    const marker = fresh("touched");
    const run = await wrapped(["--cap", "3"], [process.execPath, fixturePath("touch.mjs"), marker]);
    rmSync(marker);
    writeFileSync(run, `${readFileSync(run, "utf8")}{"span_type":"tool","tool_name":\n`);
    const stopped = await runCli(["debug", "--yes", run]);
    assert.equal(stopped.code, 1, errText(stopped));
    assert.ok(!existsSync(marker), "nothing ran");
    assert.match(text(stopped), /lint: 1 error, 0 warnings\n {2}.*run\.jsonl:2: invalid-json /);
    assert.match(text(stopped), /not rerun: the file has contract errors\n/);
    assert.match(text(stopped), /next: the trace breaks the contract \(1 lint error\)/);
    const going = await runCli(["debug", "--yes", "--keep-going", run]);
    assert.equal(going.code, 1, errText(going));
    assert.ok(existsSync(marker), "--keep-going reran the clipped span");
    assert.match(text(going), /verdict: identical/);
  });
});

describe("toolspan debug when nothing was clipped", () => {
  test("a complete run: nothing to rerun, exit 0, the pipe is honest", async () => {
    const marker = fresh("touched");
    const run = await wrapped([], [process.execPath, fixturePath("touch.mjs"), marker]);
    rmSync(marker);
    const result = await runCli(["debug", "--yes", run]);
    assert.equal(result.code, 0, errText(result));
    assert.ok(!existsSync(marker), "nothing was rerun");
    assert.match(text(result), /incomplete spans: none \(no stream was clipped\)\nnext: the pipe is now honest: look at prompts and policy\n/);
  });

  test("--span with an id no span has: exit 2 and says so", async () => {
    const run = await wrapped([], [process.execPath, "-e", "process.stdout.write('ok\\n')"]);
    const result = await runCli(["debug", "--yes", "--span", "0000000000000000", run]);
    assert.equal(result.code, 2, errText(result));
    assert.match(text(result), /next: no span in .* has that span_id/);
  });
});

describe("toolspan debug --span on a span that needs no action", () => {
  test("it is found in the one read of the file and rerun; an id two spans share is not found", async () => {
    const marker = fresh("by-id");
    const run = await wrapped([], [process.execPath, fixturePath("touch.mjs"), marker]);
    rmSync(marker);
    const spanId = (JSON.parse(readFileSync(run, "utf8").trim()) as { span_id: string }).span_id;
    const result = await runCli(["debug", "--yes", "--span", spanId, run]);
    assert.equal(result.code, 0, errText(result));
    assert.ok(existsSync(marker), "the span was rerun");
    assert.match(text(result), new RegExp(`run\\.jsonl:1 span ${spanId}`));
    const twice = fresh("twice.jsonl");
    writeFileSync(twice, readFileSync(run, "utf8").repeat(2));
    const shared = await runCli(["debug", "--yes", "--span", spanId, twice]);
    assert.equal(shared.code, 2, errText(shared));
    assert.match(text(shared), /next: no span in .* has that span_id/);
  });
});

describe("toolspan debug when the rerun does not reproduce", () => {
  test("a command whose middle changes between runs: differs, and the next step says so", async () => {
    const state = fresh("state");
    const run = await wrapped(["--cap", "100"], [process.execPath, fixturePath("counter.mjs"), state, "middle"]);
    const result = await runCli(["debug", "--yes", run]);
    assert.equal(result.code, 1, errText(result));
    assert.match(text(result), /rerun [0-9a-f]{16}: differs;/);
    assert.match(text(result), /next: the rerun of line 1 did not reproduce the recorded stream/);
  });
});

describe("toolspan debug: usage", () => {
  test("no file, two files, or standard input: exit 2 with the usage", async () => {
    for (const args of [["debug"], ["debug", "a", "b"], ["debug", "-"]]) {
      const result = await runCli(args);
      assert.equal(result.code, 2, args.join(" "));
      assert.match(errText(result), /toolspan: /);
    }
  });

  test("a missing file: exit 2 naming it", async () => {
    const result = await runCli(["debug", fresh("missing.jsonl")]);
    assert.equal(result.code, 2);
    assert.match(errText(result), /cannot read .*missing\.jsonl: ENOENT/);
  });

  test("--help teaches the loop and the exit statuses", async () => {
    const result = await runCli(["debug", "--help"]);
    assert.equal(result.code, 0);
    assert.match(text(result), /Usage: toolspan debug \[options\] FILE/);
    assert.match(text(result), /Exit status: 0 nothing needed action/);
  });
});

describe("rerun and debug read OpenTelemetry lines", () => {
  test("the demo's clipped span converted to OTLP: rerun FILE:1 proves identical, debug reruns it", async () => {
    const run = await wrapped(["--cap", "1024"], demo);
    const converted = await runCli(["convert", "--to", "otlp", run]);
    assert.equal(converted.code, 0, errText(converted));
    const otlp = fresh("run.otlp.jsonl");
    writeFileSync(otlp, converted.stdout);
    const rerun = await runCli(["rerun", "--yes", `${otlp}:1`]);
    assert.equal(rerun.code, 0, errText(rerun));
    assert.match(text(rerun), /^verdict: identical\n/);
    assert.ok(text(rerun).includes(FAILING_ASSERTION));
    const debug = await runCli(["debug", "--yes", otlp]);
    assert.equal(debug.code, 1, errText(debug));
    assert.match(text(debug), /rerun [0-9a-f]{16}: identical;/);
  });
});
