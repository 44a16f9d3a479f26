import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { describe, test } from "node:test";
import { runCli } from "../helpers/cli.js";
import { ARGV_LEAKS } from "../helpers/argv-leaks.js";
import { nodeFixture } from "../helpers/fixtures.js";
import { scratchPaths, stderrText, stdoutText } from "../helpers/scratch.js";

const fresh = scratchPaths("toolspan-redact-argv-");
const KEY = "ghp_aBcdEfGhIjKlMnOpQrStUvWxYz0123456789";
const SECRETS = [KEY, "hunter2-pass", "abcdefabcdef123456"];
const ARGS = [`GITHUB_TOKEN=${KEY}`, "--password", "hunter2-pass", "-H", "Authorization: Bearer abcdefabcdef123456"];

async function wrapArgs(wrapArgs: string[], cwd?: string) {
  const run = fresh("run.jsonl");
  const result = await runCli(["wrap", "--out", run, ...wrapArgs, "--", ...nodeFixture("argv-json.mjs", ...ARGS)], cwd ? { cwd } : {});
  assert.equal(result.code, 0, stderrText(result));
  return { run, result, line: readFileSync(run, "utf8").trimEnd() };
}

describe("wrap --redact-argv", () => {
  test("the command gets the real argv; the span keeps none of its secrets and counts them", async () => {
    const { result, line } = await wrapArgs(["--redact-argv"]);
    // What the command printed (its real argv) is what the model gets, byte for byte.
    assert.deepEqual(JSON.parse(stdoutText(result)), ARGS);
    for (const secret of SECRETS) assert.ok(!line.includes(secret), `the span holds ${secret}`);
    const span = JSON.parse(line);
    assert.equal(span.argv_redactions, 3);
    assert.equal(span.argv.at(-1), "Authorization: [REDACTED:authorization-header]");
  });

  test("without it the argv is recorded as it ran, and the key is absent", async () => {
    const { line } = await wrapArgs([]);
    const span = JSON.parse(line);
    assert.deepEqual(span.argv.slice(-ARGS.length), ARGS);
    assert.equal("argv_redactions" in span, false);
  });

  test("the config file can ask for it (redact.argv), and says so clearly when the value is wrong", async () => {
    const dir = fresh("config");
    const { mkdirSync } = await import("node:fs");
    mkdirSync(dir);
    writeFileSync(`${dir}/toolspan.config.json`, JSON.stringify({ redact: { argv: true } }));
    const { line } = await wrapArgs([], dir);
    assert.equal(JSON.parse(line).argv_redactions, 3);
    writeFileSync(`${dir}/toolspan.config.json`, JSON.stringify({ redact: { argv: "yes" } }));
    const bad = await runCli(["wrap", "--", "true"], { cwd: dir });
    assert.equal(bad.code, 2);
    assert.match(stderrText(bad), /redact\.argv" must be true or false/);
  });

  test("the span lints clean; triage offers no rerun; rerun refuses it, exit 2, running nothing", async () => {
    const { run } = await wrapArgs(["--redact-argv", "--cap", "10"]);
    const lint = await runCli(["lint", run]);
    assert.equal(lint.code, 0, stdoutText(lint));
    const triage = await runCli(["triage", "--format", "jsonl", run]);
    const rows = stdoutText(triage).trim().split("\n").map((text) => JSON.parse(text));
    assert.ok(rows.length > 0);
    for (const row of rows) assert.equal(row.rerun, null);
    const rerun = await runCli(["rerun", "--yes", `${run}:1`]);
    assert.equal(rerun.code, 2);
    assert.match(stderrText(rerun), /argv had 3 secrets replaced/);
    assert.equal(stdoutText(rerun), "");
    const one = fresh("one.jsonl");
    await runCli(["wrap", "--out", one, "--redact-argv", "--", ...nodeFixture("argv-json.mjs", "--password", "hunter2-pass")]);
    assert.match(stderrText(await runCli(["rerun", "--yes", `${one}:1`])), /argv had 1 secret replaced/);
  });
});

describe("wrap --redact-argv --json: the command lines that once leaked through --redact-argv", () => {
  for (const { argv, secret, redacted } of ARGV_LEAKS) {
    test(`${argv.join(" ")}: the span holds no part of the secret`, async () => {
      const result = await runCli(["wrap", "--redact-argv", "--json", "--", ...nodeFixture("argv-json.mjs", ...argv)]);
      assert.equal(result.code, 0, stderrText(result));
      const span = JSON.parse(stdoutText(result)) as { argv: string[]; argv_redactions: number };
      assert.deepEqual(span.argv.slice(2), redacted);
      assert.equal(span.argv_redactions, 1);
      // The fixture prints its real argv as JSON, so the preview holds the list items too: they are redacted.
      const line = JSON.stringify(span);
      for (let i = 0; i + 6 <= secret.length; i++) assert.ok(!line.includes(secret.slice(i, i + 6)), secret.slice(i, i + 6));
    });
  }
});
