// Real test runners, wrapped with a small cap and rerun as a person would: pytest, cargo test and npm test (node
// --test) must verify (identical, or identical-normalized where only times and the like changed), and a suite that
// changed between the wrap and the rerun must not. Each runs in a temporary copy of its fixture (cargo writes
// target/). CI installs what they need (.ci/run: Debian's python3-pytest; cargo and npm are on the machine); where
// a runner is missing outside CI the test says so and skips, in CI it fails.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test, type TestContext } from "node:test";
import { cleanEnv, runCli, type CliResult } from "../helpers/cli.js";
import { repoPath } from "../helpers/repo.js";
import { scratchPaths, stderrText, stdoutText } from "../helpers/scratch.js";

const fresh = scratchPaths("toolspan-runners-");
const CAP = "1024";
const VERIFIED = /^verdict: (identical|identical-normalized)\n/;

/** The first of `candidates` that runs with exit 0, or null. */
function firstWorking(candidates: readonly string[][]): string[] | null {
  for (const argv of candidates) {
    const probe = spawnSync(argv[0]!, argv.slice(1), { stdio: "ignore", timeout: 60_000 });
    if (probe.status === 0) return argv;
  }
  return null;
}

/** A runner that is not there: a failure in CI (it must have been installed), a skip elsewhere. */
function missing(t: TestContext, what: string): void {
  assert.ok(!process.env.CI, `${what} is not installed: .ci/run installs it`);
  t.skip(`${what} is not installed here`);
}

/** A temporary copy of test/fixtures/runners/NAME. */
function copyOf(name: string): string {
  const dir = fresh(name);
  cpSync(repoPath(`test/fixtures/runners/${name}`), dir, { recursive: true });
  return dir;
}

interface Runner {
  cwd: string;
  argv: string[];
  env: NodeJS.ProcessEnv;
}

/** The CLI's environment for a runner: ours plus its own, without the variable that tells a `node --test` it is a
 * child of this test run (it would then skip its files). */
function runnerEnv(runner: Runner): NodeJS.ProcessEnv {
  const { NODE_TEST_CONTEXT: _child, ...env } = cleanEnv(runner.env);
  return env;
}

/** wrap (small cap) into a fresh run file, then rerun it with --yes, appending the rerun to the same file. */
async function wrapThenRerun(runner: Runner): Promise<{ run: string; wrapped: Record<string, unknown>; rerun: CliResult }> {
  const run = join(runner.cwd, "run.jsonl");
  const wrap = await runCli(["wrap", "--cap", CAP, "--out", run, "--", ...runner.argv], { cwd: runner.cwd, env: runnerEnv(runner) });
  const wrapped = JSON.parse(readFileSync(run, "utf8").split("\n")[0]!) as Record<string, unknown>;
  assert.equal(wrapped.stdout_truncated, true, `the suite's output is over the cap: ${stderrText(wrap)}`);
  const rerun = await runCli(["rerun", "--yes", "--out", run, `${run}:1`], { cwd: runner.cwd, env: runnerEnv(runner) });
  return { run, wrapped, rerun };
}

/** The rerun verified the wrapped run: exit 0, a verified verdict, the rerun's span says so, triage is settled. */
async function assertVerified(runner: Runner, result: Awaited<ReturnType<typeof wrapThenRerun>>): Promise<string> {
  const report = stdoutText(result.rerun);
  assert.equal(result.rerun.code, 0, report + stderrText(result.rerun));
  const verdict = VERIFIED.exec(report)?.[1];
  assert.ok(verdict, report);
  assert.match(report, /rerun: returncode (\d+) \(was \1\); no cap, nothing clipped; did not time out or stall/);
  const lines = readFileSync(result.run, "utf8").trimEnd().split("\n");
  const span = JSON.parse(lines[1]!) as Record<string, unknown>;
  assert.equal(span.rerun_verdict, verdict);
  assert.equal(span.rerun_of, result.wrapped.span_id);
  assert.equal(span.stdout_normalized_sha256, result.wrapped.stdout_normalized_sha256, "the normalised streams match");
  const triage = await runCli(["triage", result.run], { cwd: runner.cwd });
  assert.equal(triage.code, 0, stdoutText(triage));
  assert.match(stdoutText(triage), /settled by a verified rerun/);
  return verdict;
}

/** After `change`, a rerun of the first span differs, and exits 1. */
async function assertChangeDiffers(runner: Runner, run: string, change: () => void): Promise<string> {
  change();
  const result = await runCli(["rerun", "--yes", `${run}:1`], { cwd: runner.cwd, env: runnerEnv(runner) });
  const report = stdoutText(result);
  assert.equal(result.code, 1, report);
  assert.match(report, /^verdict: differs\n {2}stdout differs .*\n {9}normalized sha256 [0-9a-f]{64} differs from the span's [0-9a-f]{64}\n/);
  return report;
}

function edit(path: string, from: string, to: string): void {
  const text = readFileSync(path, "utf8");
  assert.ok(text.includes(from), `${path} holds ${from}`);
  writeFileSync(path, text.replace(from, to));
}

describe("real test runners, wrapped and rerun", () => {
  test("pytest -v: verified; a changed assertion value or test name differs", async (t) => {
    const python = firstWorking([["/usr/bin/python3", "-m", "pytest", "--version"], ["python3", "-m", "pytest", "--version"]]);
    if (python === null) return missing(t, "pytest");
    const cwd = copyOf("pytest");
    // No cache folder, no bytecode: the copy stays as it was, and the run is what an agent's would be.
    const runner = { cwd, argv: [python[0]!, "-m", "pytest", "-v", "-p", "no:cacheprovider"], env: { PYTHONDONTWRITEBYTECODE: "1" } };
    const result = await wrapThenRerun(runner);
    t.diagnostic(`pytest: ${await assertVerified(runner, result)}`);
    const suite = join(cwd, "test_suite.py");
    await assertChangeDiffers(runner, result.run, () => edit(suite, "== 10.02", "== 10.03"));
    edit(suite, "== 10.03", "== 10.02");
    await assertChangeDiffers(runner, result.run, () => edit(suite, "def test_words", "def test_word"));
  });

  test("cargo test --offline: verified; a changed assertion differs", async (t) => {
    const cwd = copyOf("cargo");
    // A CARGO_HOME of its own: nothing of the machine's registry or config is read, and nothing is fetched.
    const env = { CARGO_HOME: fresh("cargo-home"), CARGO_TERM_COLOR: "never" };
    const build = spawnSync("cargo", ["test", "--offline", "--no-run"], { cwd, env: { ...process.env, ...env }, encoding: "utf8", timeout: 300_000 });
    if (build.error !== undefined && (build.error as NodeJS.ErrnoException).code === "ENOENT") return missing(t, "cargo");
    assert.equal(build.status, 0, build.stderr);
    // Built first, so the wrap and the rerun both only run the tests; one thread, so libtest's order is fixed.
    const runner = { cwd, argv: ["cargo", "test", "--offline", "--", "--test-threads=1"], env };
    const result = await wrapThenRerun(runner);
    assert.equal(result.wrapped.returncode, 101, "the failing test fails the run");
    t.diagnostic(`cargo: ${await assertVerified(runner, result)}`);
    await assertChangeDiffers(runner, result.run, () => edit(join(cwd, "src/lib.rs"), '5, "two and two"', '6, "two and two"'));
  });

  test("npm test (node --test): verified; a changed assertion value differs", async (t) => {
    if (firstWorking([["npm", "--version"]]) === null) return missing(t, "npm");
    const cwd = copyOf("npm");
    const runner = { cwd, argv: ["npm", "test"], env: { npm_config_update_notifier: "false", npm_config_fund: "false", NO_COLOR: "1" } };
    const result = await wrapThenRerun(runner);
    assert.equal(result.wrapped.returncode, 1, "the failing test fails the run");
    t.diagnostic(`npm: ${await assertVerified(runner, result)}`);
    await assertChangeDiffers(runner, result.run, () => edit(join(cwd, "test/tiny.test.js"), "amount: 10.0,", "amount: 10.5,"));
  });
});
