// Every command run on inputs built to attack a terminal (test/fixtures/hostile): nothing it prints on stdout or
// stderr holds a C0 control but tab and newline, DEL, a C1 control, a line separator or a bidi control.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { describe, test } from "node:test";
import { join } from "node:path";
import { blobPath } from "../../src/store/blob-path.js";
import { cliArgv, runCli, type CliResult } from "../helpers/cli.js";
import { shellQuote } from "../../src/formats/safe-text.js";
import { sha256 } from "../helpers/fixtures.js";
import { assertTerminalSafe, hostilePath, hostileText } from "../helpers/hostile.js";
import { scratchPaths, stderrText, stdoutText } from "../helpers/scratch.js";

const fresh = scratchPaths("toolspan-hostile-");
// A file name a person might be handed: an OSC that sets the title, a CSI, a C1 CSI and a right-to-left override.
const HOSTILE_NAME = "x\u001b]2;owned\u0007\u001b[2J\u009b1A\u202ea";

/** The hostile run file copied under a hostile name, its spans' cwd replaced by `cwd` when given. */
function hostileRun(cwd?: string): string {
  const path = fresh(`${HOSTILE_NAME}.jsonl`);
  if (cwd === undefined) copyFileSync(hostilePath("run.jsonl"), path);
  else {
    const lines = hostileText("run.jsonl").split("\n");
    const withCwd = (line: string): string => JSON.stringify({ ...(JSON.parse(line) as object), cwd });
    writeFileSync(path, [withCwd(lines[0]!), lines[1], withCwd(lines[2]!), ""].join("\n"));
  }
  return path;
}

/** Runs `file args` to the end with stdin closed; its stdout as text. */
function runChild(file: string, args: readonly string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

function assertSafe(result: CliResult, what: string): void {
  assertTerminalSafe(result.stdout, `${what}: stdout`);
  assertTerminalSafe(result.stderr, `${what}: stderr`);
}

describe("hostile inputs reach no terminal raw", () => {
  test("lint, in every format, on a file with a hostile name and a non-JSON line of escapes", async () => {
    const run = hostileRun();
    for (const format of ["text", "jsonl", "sarif", "github"]) {
      const result = await runCli(["lint", "--format", format, run, fresh(`${HOSTILE_NAME}-missing`)]);
      assert.equal(result.code, 2, stderrText(result));
      assertSafe(result, `lint --format ${format}`);
      if (format === "jsonl") {
        const invalid = stdoutText(result).trim().split("\n").map((line) => JSON.parse(line) as { rule: string; message: string });
        assert.ok(invalid.some((f) => f.rule === "invalid-json"), "the bad line is still reported, its JSON still parses");
      }
    }
  });

  test("triage, text and jsonl, and its next: line", async () => {
    const run = hostileRun();
    for (const format of ["text", "jsonl"]) {
      const result = await runCli(["triage", "--format", format, run]);
      assert.equal(result.code, 1, stderrText(result));
      assertSafe(result, `triage --format ${format}`);
    }
    assertSafe(await runCli(["triage", fresh(`${HOSTILE_NAME}-missing`)]), "triage of a missing file");
  });

  test("report, in every format", async () => {
    const run = hostileRun();
    for (const format of ["text", "markdown", "json"]) {
      const result = await runCli(["report", "--format", format, run]);
      assert.ok(result.code === 0 || result.code === 1, `${format}: ${stderrText(result)}`);
      assertSafe(result, `report --format ${format}`);
    }
    assertSafe(await runCli(["report", fresh(`${HOSTILE_NAME}-missing`)]), "report of a missing file");
  });

  test("rerun: the spoofed consent prompt is escaped, and the real argv is shown last", async () => {
    const cwd = mkdtempSync(join(fresh("cwd"), "..", "cwd-"));
    const run = hostileRun(cwd);
    const result = await runCli(["rerun", `${run}:1`]);
    assert.equal(result.code, 2, "no terminal and no --yes: refused");
    assertSafe(result, "rerun");
    const lines = stderrText(result).split("\n");
    const argvLine = lines.findIndex((line) => line.startsWith("  argv     "));
    assert.equal(lines.filter((line) => line.startsWith("  argv")).length, 1, "one argv line: the span id's fake one stays on the header line, escaped");
    assert.match(lines[argvLine]!, /^ {2}argv {5}\["sh","-c","touch pwned\\u001b\[8m; echo \\u009d0;x\\u0007 \\u202e\\u2066\\u061c\\u200f\\r"\]$/);
    assert.match(lines[argvLine + 1]!, /not confirmed/, "argv is the plan's last line");
    assert.match(lines[0]!, /\(span "s1\\n {2}argv {5}\[\\"ls\\",\\"-la\\"\]\\nRun it\? \[y\/N\] \\u001b\]2;"\)$/);
    assert.deepEqual(readdirSync(cwd), [], "nothing ran: the argv's touch made no file");
  });

  // A timeout, not a hang, if the question never comes: the CLI would wait for an answer for ever.
  test("rerun at a terminal: the question follows the real argv; y runs that argv and nothing else", { timeout: 60_000 }, async (t) => {
    if (!existsSync("/usr/bin/script")) {
      t.skip("no util-linux script to give the CLI a terminal");
      return;
    }
    const cwd = mkdtempSync(join(fresh("cwd"), "..", "cwd-"));
    const run = hostileRun(cwd);
    const command = cliArgv("rerun", `${run}:1`).map(shellQuote).join(" ");
    const child = spawn("/usr/bin/script", ["-qec", command, "/dev/null"], { stdio: ["pipe", "pipe", "pipe"] });
    t.after(() => child.kill("SIGKILL"));
    let output = "";
    let plan = "";
    // The span id holds 'Run it? [y/N] ' too, escaped on the header line: the real question follows the argv line.
    // readline moves to column 1 and clears the line (ESC [1G ESC [0J) before it asks: its own, not the span's.
    const question = /\n {2}argv {5}\[[^\n]*\]\r?\n(?:\u001b\[[0-9]*[GJ])*Run it\? \[y\/N\] /;
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (plan === "" && question.test(output)) {
        plan = output;
        child.stdin.write("y\r");
      }
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", resolve);
    });
    assert.notEqual(plan, "", output);
    const shown = plan.slice(0, plan.search(question) + plan.match(question)![0].indexOf("]\r\n") + 3);
    assertTerminalSafe(Buffer.from(shown.replace(/\r\n/g, "\n")), "the plan up to the question");
    assert.match(shown, /\n {2}argv {5}\["sh","-c","touch pwned\\u001b\[8m; echo [^\n]*\]\r\n$/);
    assert.ok(code === 0 || code === 1, output);
    assert.deepEqual(readdirSync(cwd), ["pwned\u001b[8m"], "what ran is the argv shown");
  });

  test("rerun: a missing cwd, a span that is not JSON, and --show-argv", async () => {
    const run = hostileRun();
    const missing = await runCli(["rerun", "--yes", `${run}:1`]);
    assert.equal(missing.code, 2);
    assert.match(stderrText(missing), /no longer exists/);
    assertSafe(missing, "rerun of a span whose cwd is gone");
    const bad = await runCli(["rerun", "--yes", `${run}:2`]);
    assert.equal(bad.code, 2);
    assertSafe(bad, "rerun of a line that is not JSON");
    const shown = await runCli(["rerun", "--show-argv", `${run}:1`]);
    assert.equal(shown.code, 0, stderrText(shown));
    assertSafe(shown, "rerun --show-argv");
    assert.deepEqual(JSON.parse(stdoutText(shown)), (JSON.parse(hostileText("run.jsonl").split("\n")[0]!) as { argv: string[] }).argv);
  });

  test("debug: plan, rerun header, rerun report and summary", async () => {
    const cwd = mkdtempSync(join(fresh("cwd"), "..", "cwd-"));
    const run = hostileRun(cwd);
    const planned = await runCli(["debug", "--keep-going", run]);
    assert.equal(planned.code, 2, stderrText(planned));
    assertSafe(planned, "debug without consent");
    const ran = await runCli(["debug", "--keep-going", "--yes", "--span", "s2\u001b[1A\u202e", run]);
    assert.match(stdoutText(ran), /^=== .* span "s2\\u001b\[1A\\u202e"$/m, stderrText(ran));
    assertSafe(ran, "debug --yes");
  });

  test("audit: a transcript whose version string and cwd hold escapes, under a hostile name", async () => {
    const transcript = fresh(`${HOSTILE_NAME}.jsonl`);
    copyFileSync(hostilePath("codex-rollout.jsonl"), transcript);
    for (const format of ["text", "jsonl"]) {
      const result = await runCli(["audit", "--format", format, transcript, fresh(`${HOSTILE_NAME}-missing`)]);
      assert.equal(result.code, 2, stderrText(result));
      assertSafe(result, `audit --format ${format}`);
    }
  });

  test("show: errors are escaped; a stored stream of escapes goes to a pipe byte for byte, to a terminal escaped", async () => {
    const store = fresh("store");
    const stream = "\u001b]2;owned\u0007\u009b2J\u202e\rtail\n";
    const path = blobPath(store, sha256(stream));
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, stream);
    const run = fresh(`${HOSTILE_NAME}-show.jsonl`);
    const span = JSON.parse(hostileText("run.jsonl").split("\n")[0]!) as Record<string, unknown>;
    const bytes = Buffer.byteLength(stream);
    const stored = { ...span, stdout_blob: `sha256:${sha256(stream)}`, stdout_bytes: bytes, stdout_cap: null, stdout_truncated: false, stdout_sha256: sha256(stream), stdout_stream_sha256: sha256(stream) };
    writeFileSync(run, `${JSON.stringify(stored)}\n`);
    // Not a terminal: show is `cat` for the stored stream (docs/show.md); on a terminal the same text is escaped.
    const piped = await runCli(["show", "--store", store, `${run}:1`]);
    assert.equal(piped.code, 0, stderrText(piped));
    assert.equal(stdoutText(piped), stream);
    assertTerminalSafe(piped.stderr, "show: stderr");
    if (existsSync("/usr/bin/script")) {
      const command = cliArgv("show", "--store", store, `${run}:1`).map(shellQuote).join(" ");
      const atTerminal = await runChild("/usr/bin/script", ["-qec", command, "/dev/null"]);
      assert.equal(atTerminal.code, 0, atTerminal.output);
      assert.match(atTerminal.output, /\\u001b\]2;owned\\u0007\\u009b2J\\u202e\\u000dtail\r\n/);
      assertTerminalSafe(Buffer.from(atTerminal.output.replace(/\r\n/g, "\n")), "show at a terminal");
    }
    for (const args of [["show", "--store", fresh("empty-store"), `${run}:1`], ["show", `${run}:9`], ["show", "--span", "\u001b[2J\u202e", run]]) {
      const result = await runCli(args);
      assert.equal(result.code, 2, stderrText(result));
      assertSafe(result, args.join(" "));
    }
  });

  test("convert, both ways: the same values, escaped", async () => {
    const run = hostileRun();
    const otlp = await runCli(["convert", "--to", "otlp", run]);
    assertSafe(otlp, "convert --to otlp");
    const back = await runCli(["convert", "--to", "jsonl", "-"], { input: otlp.stdout });
    assertSafe(back, "convert --to jsonl");
    const original = hostileText("run.jsonl").split("\n");
    const records = stdoutText(back).trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(records.map((record) => record.span_id), [JSON.parse(original[0]!).span_id, JSON.parse(original[2]!).span_id]);
    assert.deepEqual(records[0]!.argv, JSON.parse(original[0]!).argv);
  });

  test("gc: removed paths under a store with a hostile name", async () => {
    const store = fresh(`${HOSTILE_NAME}-store`);
    const path = blobPath(store, sha256("old\n"));
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, "old\n");
    const result = await runCli(["gc", store, "--keep-days", "0"]);
    assert.equal(result.code, 0, stderrText(result));
    assert.match(stdoutText(result), /^removed .*\\u001b\]2;owned/m);
    assertSafe(result, "gc");
    assertSafe(await runCli(["gc", store, "--keep-days", "0", "--runs", fresh(`${HOSTILE_NAME}-missing`)]), "gc with a missing run file");
  });
});
