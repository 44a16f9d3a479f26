import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { RULES } from "../../src/lint/rules/index.js";
import { cleanEnv, cliArgv, runCli, startCli, type CliOptions, type CliResult } from "../helpers/cli.js";
import { cleanSpan, completeSpan, jsonl, publishedRecord, spanFor, tempDir, writeTemp } from "../helpers/lint.js";
import { repoPath } from "../helpers/repo.js";

const PUBLISHED = repoPath("test/fixtures/lint/published-example.jsonl");
/** A run that passed with no output, from a writer that does not say it read both pipes to the end (no
 * `stalled` key): one warning (possible-pipe-stall), no error. */
const STALL = { ...spanFor({ stdout: Buffer.alloc(0), stderr: Buffer.alloc(0), spanId: "stall" }), stalled: undefined };
const WARNING_ONLY = writeTemp(jsonl([cleanSpan({ span_id: "a" }), STALL]));
const CLEAN = writeTemp(jsonl([cleanSpan({ span_id: "a" }), completeSpan({ span_id: "b" })]));

// Every run's stderr, checked at the end: whatever went wrong, no stack trace.
const stderrs: string[] = [];
after(() => {
  for (const stderr of stderrs) assert.doesNotMatch(stderr, /\n\s+at |Error:|node:internal/, stderr);
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

async function lint(args: string[], options: CliOptions = {}): Promise<Run> {
  const result: CliResult = await runCli(["lint", ...args], options);
  const run = { code: result.code, stdout: result.stdout.toString("utf8"), stderr: result.stderr.toString("utf8") };
  stderrs.push(run.stderr);
  return run;
}

const findingLines = (stdout: string) => stdout.split("\n").filter((line) => /^.+:\d+: (error|warning) /.test(line));

describe("toolspan lint: exit status", () => {
  test("0 on a clean file", async () => {
    const run = await lint([CLEAN]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, "0 errors, 0 warnings in 1 file (2 lines)\n");
    assert.equal(run.stderr, "");
  });

  test("0 with warnings only; they are printed and counted", async () => {
    const run = await lint([WARNING_ONLY]);
    assert.equal(run.code, 0);
    assert.deepEqual(findingLines(run.stdout), [`${WARNING_ONLY}:2: warning possible-pipe-stall both streams are empty and returncode is 0: check for a pipe stall`]);
    assert.match(run.stdout, /^0 errors, 1 warning in 1 file \(2 lines\)$/m);
  });

  test("1 on errors: the published example record", async () => {
    const run = await lint([PUBLISHED]);
    assert.equal(run.code, 1);
    const lines = findingLines(run.stdout);
    assert.equal(lines.length, 4);
    for (const line of lines) assert.match(line, new RegExp(`^${PUBLISHED.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:1: error (invalid-hash|ok-preview-while-truncated) `));
    assert.match(run.stdout, /^4 errors, 0 warnings in 1 file \(1 line\)$/m);
  });

  test("0 on an empty file", async () => {
    const run = await lint([writeTemp("")]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, "0 errors, 0 warnings in 1 file (0 lines)\n");
  });

  test("2 on a missing file and on a directory, each named in stderr; the readable file is still linted", async () => {
    const dir = tempDir();
    const missing = join(dir, "nope.jsonl");
    const run = await lint([PUBLISHED, missing, dir]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, new RegExp(`cannot read ${missing.replace(/[.]/g, "\\.")}: ENOENT`));
    assert.match(run.stderr, /cannot read .*: EISDIR/);
    assert.ok(run.stderr.includes(dir));
    assert.equal(findingLines(run.stdout).length, 4, "The published example's findings are still reported");
  });

  test("2 and only the error when no file could be read: no summary of 0 files, in any format", async () => {
    const missing = join(tempDir(), "nope.jsonl");
    for (const format of ["text", "jsonl", "sarif", "github"]) {
      const run = await lint(["--format", format, missing]);
      assert.deepEqual([run.code, run.stdout, run.stderr], [2, "", `toolspan: cannot read ${missing}: ENOENT\n`], format);
    }
  });

  test("--max-warnings: more warnings than N is exit 1; N or fewer is 0", async () => {
    assert.equal((await lint(["--max-warnings", "0", WARNING_ONLY])).code, 1);
    assert.equal((await lint(["--max-warnings=1", WARNING_ONLY])).code, 0);
    assert.equal((await lint(["--max-warnings", "0", CLEAN])).code, 0);
  });

  test("--quiet prints errors only", async () => {
    const file = writeTemp(jsonl([publishedRecord(), STALL]));
    const loud = await lint([file]);
    assert.ok(findingLines(loud.stdout).some((line) => line.includes(": warning ")));
    const quiet = await lint(["--quiet", file]);
    assert.equal(quiet.code, 1);
    const lines = findingLines(quiet.stdout);
    assert.equal(lines.length, 4);
    assert.ok(lines.every((line) => line.includes(": error ")));
    assert.doesNotMatch(quiet.stdout, /possible-pipe-stall/);
    assert.equal((await lint(["--quiet", WARNING_ONLY])).stdout.includes("warning possible"), false);
  });

  test("--quiet leaves warnings out of --max-warnings too: what is not shown does not fail the run", async () => {
    assert.equal((await lint(["--max-warnings", "0", WARNING_ONLY])).code, 1);
    const quiet = await lint(["--quiet", "--max-warnings", "0", WARNING_ONLY]);
    assert.equal(quiet.code, 0);
    assert.match(quiet.stdout, /0 errors, 0 warnings/);
  });
});

describe("toolspan lint: severities", () => {
  test("--rule ID=off removes that rule's findings; =error makes a warning fail the run", async () => {
    const off = await lint(["--rule", "invalid-hash=off", PUBLISHED]);
    assert.equal(off.code, 1);
    assert.doesNotMatch(off.stdout, /invalid-hash/);
    assert.equal(findingLines(off.stdout).length, 1);
    const bothOff = await lint(["--rule", "invalid-hash=off", "--rule=ok-preview-while-truncated=off", PUBLISHED]);
    assert.equal(bothOff.code, 0);
    assert.equal(findingLines(bothOff.stdout).length, 0);
    const promoted = await lint(["--rule", "possible-pipe-stall=error", WARNING_ONLY]);
    assert.equal(promoted.code, 1);
    assert.match(promoted.stdout, /:2: error possible-pipe-stall /);
    const demoted = await lint(["--rule", "invalid-hash=warning", "--rule", "ok-preview-while-truncated=warning", PUBLISHED]);
    assert.equal(demoted.code, 0);
    assert.match(demoted.stdout, /^0 errors, 4 warnings/m);
  });

  test("toolspan.config.json in the working directory is read; --rule applies after it", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "toolspan.config.json"), JSON.stringify({ rules: { "invalid-hash": "off", "ok-preview-while-truncated": "warning" } }));
    const run = await lint([PUBLISHED], { cwd: dir });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(findingLines(run.stdout).map((line) => line.split(" ").slice(1, 3).join(" ")), ["warning ok-preview-while-truncated"]);
    const overridden = await lint(["--rule", "ok-preview-while-truncated=error", PUBLISHED], { cwd: dir });
    assert.equal(overridden.code, 1);
    const elsewhere = await lint([PUBLISHED]);
    assert.equal(elsewhere.code, 1, "the config is only read from the working directory");
  });

  test("--config FILE is read from anywhere", async () => {
    const config = writeTemp(JSON.stringify({ rules: { "invalid-hash": "off", "ok-preview-while-truncated": "off", "possible-pipe-stall": "error" } }), "custom.json");
    assert.equal((await lint(["--config", config, PUBLISHED])).code, 0);
    assert.equal((await lint(["--config", config, WARNING_ONLY])).code, 1);
  });

  test("--rules lists every rule with its default severity and description", async () => {
    const run = await lint(["--rules"]);
    assert.equal(run.code, 0);
    const lines = run.stdout.trimEnd().split("\n");
    assert.equal(lines.length, 19);
    for (const rule of RULES) {
      const line = lines.find((l) => l.split(/\s+/)[0] === rule.id);
      assert.ok(line, `${rule.id} is listed`);
      assert.match(line, new RegExp(`^${rule.id}\\s+${rule.severity}\\s+\\S`));
      assert.ok(line.includes(rule.description));
    }
    assert.ok(lines.some((l) => /^missing-full-hash\s+warning\s/.test(l)));
  });
});

describe("toolspan lint: usage errors exit 2 with one line of explanation", () => {
  const usage = async (args: string[], pattern: RegExp, options: CliOptions = {}) => {
    const run = await lint(args, options);
    assert.equal(run.code, 2, `${args.join(" ")}: ${run.stderr}`);
    assert.match(run.stderr, pattern);
    assert.equal(run.stdout, "", "nothing is linted");
  };

  test("an unknown option", () => usage(["--frobnicate", PUBLISHED], /unknown option '--frobnicate'/));
  test("no file", () => usage([], /no file given/));
  test("an unknown format", () => usage(["--format", "xml", PUBLISHED], /--format takes one of text, jsonl, sarif, github/));
  test("an unknown rule in --rule", () => usage(["--rule", "no-such-rule=off", PUBLISHED], /unknown rule 'no-such-rule' \(toolspan lint --rules lists them\)/));
  test("a bad severity in --rule", () => usage(["--rule", "invalid-hash=loud", PUBLISHED], /rule 'invalid-hash' takes off, warning or error, got "loud"/));
  test("--rule without =", () => usage(["--rule", "invalid-hash", PUBLISHED], /--rule takes ID=off\|warning\|error/));
  test("--max-warnings that is not a number", () => usage(["--max-warnings", "-1", PUBLISHED], /--max-warnings takes a whole number/));

  test("a config file that is not JSON, in the working directory", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "toolspan.config.json"), "{ rules: off ");
    await usage([PUBLISHED], /toolspan\.config\.json: /, { cwd: dir });
  });
  test("a config file that is not an object", async () => {
    await usage(["--config", writeTemp("[1]", "c.json"), PUBLISHED], /not a JSON object/);
  });
  test("a config whose rules is not an object", async () => {
    await usage(["--config", writeTemp('{"rules": "off"}', "c.json"), PUBLISHED], /"rules" must be an object/);
  });
  test("a config naming an unknown rule or a bad severity", async () => {
    await usage(["--config", writeTemp('{"rules": {"nope": "off"}}', "c.json"), PUBLISHED], /unknown rule 'nope'/);
    await usage(["--config", writeTemp('{"rules": {"invalid-hash": true}}', "c.json"), PUBLISHED], /takes off, warning or error, got true/);
  });
  test("a config file with a key toolspan does not know: one line naming it and the nearest known key", async () => {
    for (const [config, message] of [
      ['{"rulez": {}}', 'unknown key "rulez"; did you mean "rules"?'],
      ['{"redact": {"pattern": []}}', 'unknown key "redact.pattern"; did you mean "redact.patterns"?'],
    ]) {
      const file = writeTemp(config!, "c.json");
      const run = await lint(["--config", file, PUBLISHED]);
      assert.deepEqual([run.code, run.stderr, run.stdout], [2, `toolspan: ${file}: ${message}\n`, ""]);
    }
  });
  test("--config naming a missing file", async () => {
    await usage(["--config", join(tempDir(), "none.json"), PUBLISHED], /--config .*none\.json: cannot read \(ENOENT\)/);
  });
});

describe("toolspan lint: inputs and formats", () => {
  test("'-' reads standard input, named '-' in findings", async () => {
    const input = `\uFEFF${JSON.stringify(publishedRecord())}\r\nnot json\r\n`;
    const run = await lint(["-"], { input });
    assert.equal(run.code, 1);
    const lines = findingLines(run.stdout);
    assert.equal(lines.length, 5);
    assert.ok(lines.slice(0, 4).every((line) => line.startsWith("-:1: error ")));
    assert.match(lines[4]!, /^-:2: error invalid-json not JSON: /);
    assert.match(run.stdout, /in 1 file \(2 lines\)/);
  });

  test("a path that is a pipe, as bash's <(...) gives, is read whole", () => {
    const file = writeTemp(jsonl([completeSpan(), publishedRecord()]));
    const [node, ...args] = cliArgv("lint");
    const script = `exec ${[node!, ...args].map((arg) => `'${arg}'`).join(" ")} <(cat '${file}')`;
    const result = spawnSync("bash", ["-c", script], { encoding: "utf8", env: cleanEnv() });
    stderrs.push(result.stderr);
    assert.equal(result.status, 1, result.stderr);
    const lines = findingLines(result.stdout);
    assert.equal(lines.length, 4);
    assert.ok(lines.every((line) => /^\/dev\/fd\/\d+:2: error /.test(line)), lines.join("\n"));
    assert.match(result.stdout, /in 1 file \(2 lines\)/);
  });

  test("files and standard input together, in argument order", async () => {
    const run = await lint(["--format", "jsonl", CLEAN, "-", PUBLISHED], { input: "[]\n" });
    const files = run.stdout.trimEnd().split("\n").map((line) => (JSON.parse(line) as { file: string }).file);
    assert.deepEqual(files, ["-", PUBLISHED, PUBLISHED, PUBLISHED, PUBLISHED]);
  });

  test("--format jsonl: one object per finding with file, line, rule, severity, message, and stream where set", async () => {
    const run = await lint(["--format", "jsonl", PUBLISHED, WARNING_ONLY]);
    assert.equal(run.code, 1);
    const records = run.stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.equal(records.length, 5);
    for (const record of records) {
      for (const key of ["file", "line", "rule", "severity", "message"]) assert.ok(key in record, key);
      assert.ok(record.severity === "error" || record.severity === "warning");
    }
    assert.deepEqual(records.map((r) => r.stream ?? null), ["stderr", "stdout", "stdout", "stdout", null]);
  });

  test("--format sarif: a SARIF 2.1.0 log with all 19 rules and one result per finding", async () => {
    const run = await lint(["--format", "sarif", PUBLISHED]);
    assert.equal(run.code, 1);
    const log = JSON.parse(run.stdout) as { version: string; runs: { tool: { driver: { rules: { id: string; help: { text: string } }[] } }; results: { ruleId: string; locations: { physicalLocation: { region: { startLine: number } } }[] }[] }[] };
    assert.equal(log.version, "2.1.0");
    assert.equal(log.runs[0]!.tool.driver.rules.length, 19);
    assert.ok(log.runs[0]!.tool.driver.rules.every((rule) => rule.help.text.length > 0));
    assert.deepEqual(log.runs[0]!.results.map((r) => [r.ruleId, r.locations[0]!.physicalLocation.region.startLine]), [
      ["invalid-hash", 1],
      ["invalid-hash", 1],
      ["invalid-hash", 1],
      ["ok-preview-while-truncated", 1],
    ]);
  });

  test("--format sarif with an unreadable file is still one valid log", async () => {
    const run = await lint(["--format", "sarif", join(tempDir(), "gone.jsonl"), PUBLISHED]);
    assert.equal(run.code, 2);
    assert.equal((JSON.parse(run.stdout) as { runs: { results: unknown[] }[] }).runs[0]!.results.length, 4);
  });

  test("--format github: workflow commands", async () => {
    const run = await lint(["--format", "github", WARNING_ONLY, PUBLISHED]);
    const lines = run.stdout.trimEnd().split("\n");
    assert.equal(lines.length, 5);
    assert.match(lines[0]!, new RegExp(`^::warning file=${WARNING_ONLY.replace(/[.]/g, "\\.")},line=2,title=toolspan possible-pipe-stall::both streams are empty`));
    for (const line of lines.slice(1)) assert.match(line, /^::error file=[^,]+,line=1,title=toolspan (invalid-hash|ok-preview-while-truncated)::/);
  });

  test("--help describes the command and exits 0", async () => {
    const run = await lint(["--help"]);
    assert.equal(run.code, 0);
    assert.match(run.stdout, /Usage: toolspan lint/);
    assert.match(run.stdout, /--max-warnings N/);
  });

  test("the example in the help: --rule possible-second-cap=off --max-warnings 0 on a span with a second cap", async () => {
    const file = writeTemp(jsonl([spanFor({ stdout: Buffer.from("a\n<response clipped>\n"), stderr: Buffer.alloc(0) })]));
    assert.equal((await lint(["--max-warnings", "0", file])).code, 1);
    assert.equal((await lint(["--rule", "possible-second-cap=off", "--max-warnings", "0", file])).code, 0);
    assert.ok(readFileSync(file, "utf8").includes("response clipped"));
  });
});

describe("output to a slow reader", () => {
  test("every finding reaches a reader slower than the linter, none is lost at exit", async () => {
    const count = 40_000;
    const file = writeTemp("not json\n".repeat(count), "many-findings.jsonl");
    const cli = startCli(["lint", "--format", "jsonl", file]);
    const stdout = cli.child.stdout!;
    // One chunk per turn of the event loop: the linter's output queue fills and must wait.
    stdout.on("data", () => {
      stdout.pause();
      setImmediate(() => stdout.resume());
    });
    const result = await cli.done;
    assert.equal(result.code, 1);
    const lines = result.stdout.toString("utf8").trimEnd().split("\n");
    assert.equal(lines.length, count);
    assert.deepEqual(JSON.parse(lines.at(-1)!).line, count);
  });
});
