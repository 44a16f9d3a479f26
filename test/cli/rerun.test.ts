import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { RERUN_KEYS } from "../../src/contract/keys.js";
import { NORMALIZE_MAX_BYTES } from "../../src/meter/normalize.js";
import { cliArgv, runCli } from "../helpers/cli.js";
import { fixturePath, nodeFixture, sha256 } from "../helpers/fixtures.js";
import { repoPath } from "../helpers/repo.js";
import { scratchPaths, stderrText, stdoutText, wrapInto } from "../helpers/scratch.js";
import { parseSpan } from "../helpers/span.js";

const fresh = scratchPaths("toolspan-rerun-cli-");
const text = stdoutText;
const errText = stderrText;
const wrapped = (wrapArgs: string[], argv: string[]): Promise<string> => wrapInto(fresh, wrapArgs, argv);

/** The run file's only line, parsed. */
const onlyLine = (path: string): Record<string, unknown> => {
  const lines = readFileSync(path, "utf8").trimEnd().split("\n");
  assert.equal(lines.length, 1);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
};

/** A run file holding `span` as its one line. */
function runFileWith(span: Record<string, unknown>): string {
  const path = fresh("edited.jsonl");
  writeFileSync(path, `${JSON.stringify(span)}\n`);
  return path;
}

const FAILING_ASSERTION = "E       AssertionError: assert Decimal('10.01') == Decimal('10.00')";

describe("toolspan rerun: the demo suite whose failure lies past the cap", () => {
  test("identical, exit 0, the failing assertion among the unseen bytes, a linked span that lints clean", async () => {
    const run = await wrapped(["--cap", "1024"], [process.execPath, repoPath("examples/demo/run-tests.mjs")]);
    const old = onlyLine(run);
    assert.ok(!(old.preview_stdout as string).includes("AssertionError"), "the model never saw the failure");
    assert.match(old.preview_stdout as string, /test session starts/);
    const out = fresh("new.jsonl");
    const result = await runCli(["rerun", `${run}:1`, "--yes", "--out", out]);
    assert.equal(result.code, 0, errText(result));
    const report = text(result);
    assert.match(report, /^verdict: identical\n/);
    assert.match(report, /\n {2}stdout identical +24520 bytes \(was 24520\); stdout_bytes, stdout_stream_sha256/);
    const unseen = report.slice(report.indexOf("----- stdout bytes 1024..24520 (23496 bytes) -----"));
    assert.ok(unseen.length < report.length, "the unseen range is announced with its byte offsets");
    assert.ok(unseen.includes(FAILING_ASSERTION), "the failing assertion is in the unseen bytes");
    assert.match(report, /returncode 1 \(was 1\); no cap, nothing clipped; did not time out or stall/);
    assert.match(errText(result), /argv {5}\[".*node","[^"]*examples\/demo\/run-tests\.mjs"\]/);

    const span = onlyLine(out);
    assert.equal(span.rerun_of, old.span_id);
    assert.equal(span.rerun_verdict, "identical");
    assert.equal(span.run_id, old.run_id, "the rerun joins the run it checks");
    assert.equal(span.stdout_cap, null);
    const bare = { ...span };
    for (const key of RERUN_KEYS) delete bare[key];
    parseSpan(JSON.stringify(bare));
    const lint = await runCli(["lint", out]);
    assert.equal(lint.code, 0, text(lint));
    assert.match(text(lint), /0 errors, 0 warnings/);
  });

  test("--format json carries the same facts", async () => {
    const run = await wrapped(["--cap", "1024"], [process.execPath, repoPath("examples/demo/run-tests.mjs")]);
    const result = await runCli(["rerun", "--format", "json", "--yes", `${run}:1`]);
    assert.equal(result.code, 0);
    const report = JSON.parse(text(result)) as {
      verdict: string;
      unseen: { stream: string; ranges: { start: number; end: number; head: { text: string }; tail: { text: string } }[] }[];
      span: { rerun_verdict: string };
    };
    assert.equal(report.verdict, "identical");
    assert.equal(report.span.rerun_verdict, "identical");
    const range = report.unseen[0]!.ranges[0]!;
    assert.deepEqual([range.start, range.end], [1024, 24520]);
    assert.ok((range.head.text + range.tail.text).includes(FAILING_ASSERTION));
  });
});

describe("toolspan rerun: output that changes between runs", () => {
  test("a changed middle: differs on the stream hash; same-ends on a record with only head and tail hashes", async () => {
    const state = fresh("state");
    const run = await wrapped(["--cap", "1024"], nodeFixture("counter.mjs", state, "middle"));
    const differs = await runCli(["rerun", "--yes", `${run}:1`]);
    assert.equal(differs.code, 1);
    assert.match(text(differs), /^verdict: differs\n {2}stdout differs +\d+ bytes \(was \d+\); stdout_stream_sha256 differ/);

    // Without the stream hash, the normalised hash still covers the middle: it differs, so the stream does.
    const { stdout_stream_sha256: _stream, stdout_kept_sha256: _kept, ...noStreamHash } = onlyLine(run);
    const caught = await runCli(["rerun", "--yes", `${runFileWith(noStreamHash)}:1`]);
    assert.equal(caught.code, 1, text(caught));
    assert.match(text(caught), /^verdict: differs\n {2}stdout differs .*stdout_head_sha256, stdout_tail_sha256 match\n {9}normalized sha256 [0-9a-f]{64} differs from the span's [0-9a-f]{64}\n/);

    const { stdout_normalized_sha256: _normalized, ...publishedLike } = noStreamHash;
    const sameEnds = await runCli(["rerun", "--yes", `${runFileWith(publishedLike)}:1`]);
    assert.equal(sameEnds.code, 0, text(sameEnds));
    assert.match(text(sameEnds), /^verdict: same-ends\n {2}stdout same-ends/);
  });

  test("a changed last line: differs on the tail hash even without a stream hash", async () => {
    const state = fresh("state");
    const run = await wrapped(["--cap", "1024"], nodeFixture("counter.mjs", state, "end"));
    const { stdout_stream_sha256: _stream, stdout_kept_sha256: _kept, ...publishedLike } = onlyLine(run);
    const result = await runCli(["rerun", "--yes", `${runFileWith(publishedLike)}:1`]);
    assert.equal(result.code, 1);
    assert.match(text(result), /stdout differs .*stdout_tail_sha256 differ/);
  });

  test("times, durations, pids, addresses and temp paths: identical-normalized, a verified match, exit 0", async () => {
    const state = fresh("state");
    const run = await wrapped(["--cap", "100"], nodeFixture("stamps.mjs", state));
    const out = fresh("new.jsonl");
    const result = await runCli(["rerun", "--yes", "--out", out, `${run}:1`]);
    assert.equal(result.code, 0, text(result));
    const report = text(result);
    assert.match(report, /^verdict: identical-normalized\n {2}stdout identical-normalized +\d+ bytes \(was \d+\); stdout_stream_sha256, stdout_head_sha256, stdout_tail_sha256 differ\n {9}normalized sha256 ([0-9a-f]{64}) matches\n/);
    assert.match(report, /\nverdict: identical-normalized\n$/);
    const old = onlyLine(run);
    const span = onlyLine(out);
    assert.equal(span.rerun_verdict, "identical-normalized");
    assert.equal(span.stdout_normalized_sha256, old.stdout_normalized_sha256);
    assert.notEqual(span.stdout_stream_sha256, old.stdout_stream_sha256);
    const json = JSON.parse(text(await runCli(["rerun", "--yes", "--format", "json", `${run}:1`]))) as {
      verdict: string;
      streams: { verdict: string; normalized_sha256: string; old_normalized_sha256: string; normalized_match: boolean }[];
    };
    assert.equal(json.verdict, "identical-normalized");
    assert.deepEqual(
      [json.streams[0]!.normalized_sha256, json.streams[0]!.old_normalized_sha256, json.streams[0]!.normalized_match],
      [old.stdout_normalized_sha256, old.stdout_normalized_sha256, true],
    );
  });

  test("a stream over wrap's normalising limit has no normalised hash; its rerun is judged by the bytes, and normalises only for a span that has one", async () => {
    const big = String(NORMALIZE_MAX_BYTES + 4096);
    const run = await wrapped(["--cap", "1024"], nodeFixture("emit.mjs", "--out", big, "--pattern", "ran in 1.5s\n"));
    const old = onlyLine(run);
    assert.equal(old.stdout_normalized_sha256, null, "wrap gave up past the limit");
    assert.match(old.stderr_normalized_sha256 as string, /^[0-9a-f]{64}$/);
    const out = fresh("new.jsonl");
    const result = await runCli(["rerun", "--yes", "--out", out, `${run}:1`]);
    assert.equal(result.code, 0, text(result));
    assert.match(text(result), /^verdict: identical\n {2}stdout identical .*\n {9}no normalised hash: the span has none \(binary, or too long to normalise when recorded\)\n/);
    // stderr had a normalised hash, so the rerun normalised its whole streams, stdout too.
    assert.match(onlyLine(out).stdout_normalized_sha256 as string, /^[0-9a-f]{64}$/);
    const { stdout_normalized_sha256: _out, stderr_normalized_sha256: _err, ...noneAtAll } = old;
    const again = fresh("again.jsonl");
    await runCli(["rerun", "--yes", "--out", again, `${runFileWith(noneAtAll)}:1`]);
    assert.equal(onlyLine(again).stdout_normalized_sha256, null, "a span with none gets a rerun normalised as wrap would");
  });

  test("--diff: times, durations, pids, addresses and temp paths make no noise; --no-normalize shows them", async () => {
    const state = fresh("state");
    const run = await wrapped([], nodeFixture("stamps.mjs", state));
    const normalised = await runCli(["rerun", "--yes", "--diff", `${run}:1`]);
    assert.equal(normalised.code, 0, "only noise changed");
    assert.match(text(normalised), /stdout: the stored preview matches the rerun \(after normalising/);
    const raw = await runCli(["rerun", "--yes", "--diff", "--no-normalize", `${run}:1`]);
    const report = text(raw);
    assert.match(report, /stdout: the stored preview differs from the rerun \(not normalised\):\n--- stored preview_stdout\n\+\+\+ rerun stdout\n@@/);
    assert.match(report, /\n-2025-01-01T10:21:31\.121Z INFO worker started \(pid 4001\)\n/);
    assert.match(report, /\n\+2025-01-03T10:23:33\.123Z INFO worker started \(pid 4003\)\n/);
    assert.match(report, /\n collected 3 items\n/, "unchanged lines are context");
  });

  test("a binary stream is compared by hashes only", async () => {
    const run = await wrapped(["--cap", "100"], nodeFixture("binary.mjs", "2"));
    const result = await runCli(["rerun", "--yes", "--diff", `${run}:1`]);
    assert.equal(result.code, 0, text(result));
    assert.match(text(result), /stdout: binary: hashes only, no preview diff/);
    assert.match(text(result), /stdout bytes 100\.\.512 \(412 bytes\): binary, not shown as text/);
  });
});

describe("toolspan rerun: consent", () => {
  test("without --yes and without a terminal nothing runs, whatever stdin says; with --yes it does", async () => {
    const marker = fresh("marker");
    const run = await wrapped([], nodeFixture("touch.mjs", marker));
    rmSync(marker);
    const out = fresh("out.jsonl");
    for (const input of [undefined, "y\n"]) {
      const result = await runCli(["rerun", `${run}:1`, "--out", out], input === undefined ? {} : { input });
      assert.equal(result.code, 2);
      assert.match(errText(result), /not confirmed: pass --yes to run without a question/);
      assert.match(errText(result), /argv {5}\[/, "it showed what it would have run");
      assert.equal(existsSync(marker), false, "the command did not run");
      assert.equal(existsSync(out), false, "no span was written");
    }
    const yes = await runCli(["rerun", `${run}:1`, "--yes"]);
    assert.equal(yes.code, 0, text(yes));
    assert.equal(existsSync(marker), true);
  });

  test("at a terminal, an answer other than yes runs nothing; y runs it", async (t) => {
    if (!existsSync("/usr/bin/script")) {
      t.skip("no util-linux script to give the CLI a terminal");
      return;
    }
    const marker = fresh("marker");
    const run = await wrapped([], nodeFixture("touch.mjs", marker));
    rmSync(marker);
    const atTerminal = (answer: string): Promise<{ code: number | null; output: string }> =>
      new Promise((resolve, reject) => {
        const command = cliArgv("rerun", `${run}:1`).map((arg) => `'${arg.replace(/'/g, "'\\''")}'`).join(" ");
        const child = spawn("/usr/bin/script", ["-qec", command, "/dev/null"], { stdio: ["pipe", "pipe", "pipe"] });
        let output = "";
        let answered = false;
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString("utf8");
          if (!answered && output.includes("Run it? [y/N]")) {
            answered = true;
            child.stdin.write(answer);
          }
        });
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, output }));
      });
    const declined = await atTerminal("n\r");
    assert.equal(declined.code, 2, declined.output);
    assert.match(declined.output, /not run: the answer was not yes/);
    assert.equal(existsSync(marker), false);
    const accepted = await atTerminal("y\r");
    assert.equal(accepted.code, 0, accepted.output);
    assert.equal(existsSync(marker), true);
  });
});

describe("toolspan rerun: what runs and where", () => {
  test("shell metacharacters are literal arguments", async () => {
    const cwd = fresh("cwd");
    mkdirSync(cwd);
    writeFileSync(join(cwd, "x"), "keep me");
    const args = ["; rm -rf x", "$(touch pwned)", "`touch pwned`", "a b", "'quoted'"];
    const run = await wrapped(["--cwd", cwd], [process.execPath, fixturePath("argv-json.mjs"), ...args]);
    const save = fresh("save");
    const out = fresh("out.jsonl");
    const result = await runCli(["rerun", "--yes", "--save", save, "--out", out, `${run}:1`]);
    assert.equal(result.code, 0, errText(result));
    assert.ok(errText(result).includes(JSON.stringify([process.execPath, fixturePath("argv-json.mjs"), ...args])));
    const span = onlyLine(out);
    assert.deepEqual(JSON.parse(readFileSync(join(save, `${span.span_id}.stdout`), "utf8")), args);
    assert.equal(existsSync(join(cwd, "pwned")), false);
    assert.equal(existsSync(repoPath("pwned")), false);
    assert.equal(readFileSync(join(cwd, "x"), "utf8"), "keep me");
  });

  test("--save DIR writes the full streams, whose sha256 is the new span's stream hash", async () => {
    const run = await wrapped(["--cap", "500"], nodeFixture("emit.mjs", "--out", "200000", "--err", "3000"));
    const save = fresh("save");
    const out = fresh("out.jsonl");
    const result = await runCli(["rerun", "--yes", "--save", save, "--out", out, "--show-bytes", "100", `${run}:1`]);
    assert.equal(result.code, 0, errText(result));
    const span = onlyLine(out);
    assert.equal(sha256(readFileSync(join(save, `${span.span_id}.stdout`))), span.stdout_stream_sha256);
    assert.equal(sha256(readFileSync(join(save, `${span.span_id}.stderr`))), span.stderr_stream_sha256);
    assert.equal(readFileSync(join(save, `${span.span_id}.stdout`)).length, 200_000);
    assert.match(text(result), /bytes of stdout not shown \(bytes \d+\.\.\d+\); --save DIR keeps every byte/);
  });

  // Node 20's recursive mkdir never returns for a folder it cannot make under /proc: the command hung.
  test("--save DIR that cannot be made: one line naming it, exit 2, nothing runs", { skip: process.platform !== "linux" }, async () => {
    const marker = fresh("marker");
    const run = await wrapped([], nodeFixture("touch.mjs", marker));
    rmSync(marker);
    const result = await runCli(["rerun", "--yes", "--save", "/proc/nope", `${run}:1`]);
    assert.equal(result.code, 2, errText(result));
    assert.equal(errText(result).split("\n").filter((line) => line.startsWith("toolspan: ")).length, 1, errText(result));
    assert.match(errText(result), /^toolspan: .*'\/proc\/nope'\n$/m);
    assert.equal(existsSync(marker), false);
  });

  test("a cwd that no longer exists is refused and nothing runs", async () => {
    const cwd = fresh("gone");
    mkdirSync(cwd);
    const marker = fresh("marker");
    const run = await wrapped(["--cwd", cwd], nodeFixture("touch.mjs", marker));
    rmSync(marker);
    rmSync(cwd, { recursive: true });
    const result = await runCli(["rerun", "--yes", `${run}:1`]);
    assert.equal(result.code, 2);
    assert.match(errText(result), /cwd ".*gone" no longer exists/);
    assert.equal(existsSync(marker), false);
  });

  test("a span with bad types is refused with exit 2 and nothing runs", async () => {
    const marker = fresh("marker");
    const run = await wrapped([], nodeFixture("touch.mjs", marker));
    rmSync(marker);
    const span = onlyLine(run);
    for (const bad of [{ argv: `node ${fixturePath("touch.mjs")} ${marker}` }, { argv: [] }, { cwd: ["/"] }, { stdout_bytes: "many" }]) {
      const result = await runCli(["rerun", "--yes", `${runFileWith({ ...span, ...bad })}:1`]);
      assert.equal(result.code, 2, JSON.stringify(bad));
      assert.match(errText(result), /will not rerun a span with bad types/);
      assert.equal(existsSync(marker), false);
    }
  });

  test("--span ID finds the span; usage errors and missing lines exit 2", async () => {
    const run = await wrapped([], nodeFixture("emit.mjs", "--out", "10"));
    const id = onlyLine(run).span_id as string;
    const byId = await runCli(["rerun", run, "--span", id, "--yes"]);
    assert.equal(byId.code, 0, errText(byId));
    for (const args of [["rerun", `${run}:2`, "--yes"], ["rerun", run, "--yes"], ["rerun", "--yes"], ["rerun", `${fresh("missing")}:1`, "--yes"]]) {
      const result = await runCli(args);
      assert.equal(result.code, 2, args.join(" "));
    }
  });

  test("a bad span reference names the flag, --span, where the library names its option, spanId", async () => {
    const run = await wrapped([], nodeFixture("emit.mjs", "--out", "10"));
    const empty = await runCli(["rerun", run, "--span", "", "--yes"]);
    assert.equal(empty.code, 2);
    assert.equal(errText(empty), "toolspan: --span takes a non-empty span id\n");
    const noLine = await runCli(["rerun", run, "--yes"]);
    assert.equal(errText(noLine), `toolspan: '${run}' is not FILE:LINE (line from 1); or give FILE --span ID\n`);
  });

  test("a rerun stopped by --timeout says so and does not claim a match", async () => {
    const run = await wrapped([], nodeFixture("ticker.mjs", "3", "0"));
    const span = onlyLine(run);
    const slow = runFileWith({ ...span, argv: nodeFixture("ticker.mjs", "1000", "1000") });
    const result = await runCli(["rerun", "--yes", "--timeout", "0.5", "--format", "text", `${slow}:1`]);
    assert.equal(result.code, 1);
    assert.match(text(result), /TIMED OUT: the new streams are incomplete/);
    assert.match(text(result), /^verdict: incomplete\n {2}stdout incomplete /);
    assert.match(text(result), /\nINCOMPLETE: the rerun timed out \(--timeout\): its streams are cut short; this rerun verifies nothing\n/);
    assert.match(errText(result), /timeout {2}0\.5s/);
  });

  test("a silent command stopped at once never matches, even when the span it reruns was silent too", async () => {
    // The case: an empty stream is identical to an empty stream, but a rerun cut short proves nothing.
    const run = await wrapped([], ["sleep", "0"]);
    const span = onlyLine(run);
    assert.equal(span.stdout_bytes, 0);
    const silent = runFileWith({ ...span, argv: ["sleep", "100"] });
    const out = fresh("new.jsonl");
    for (const limit of ["--timeout", "--idle-timeout"]) {
      const result = await runCli(["rerun", "--yes", limit, "0.5", "--out", out, `${silent}:1`]);
      assert.equal(result.code, 1, `${limit}: ${text(result)}`);
      assert.match(text(result), /^verdict: incomplete\n/, limit);
    }
    const missing = runFileWith({ ...span, argv: ["toolspan-no-such-command-xyz"] });
    const result = await runCli(["rerun", "--yes", "--format", "json", "--out", out, `${missing}:1`]);
    assert.equal(result.code, 1);
    const report = JSON.parse(text(result)) as { verdict: string; incomplete: string };
    assert.equal(report.verdict, "incomplete");
    assert.match(report.incomplete, /could not start \(ENOENT/);
    const verdicts = readFileSync(out, "utf8").trimEnd().split("\n").map((line) => (JSON.parse(line) as { rerun_verdict: string }).rerun_verdict);
    assert.deepEqual(verdicts, ["incomplete", "incomplete", "incomplete"]);
  });

  test("--help names the verdicts and the exit statuses", async () => {
    const result = await runCli(["rerun", "--help"]);
    assert.equal(result.code, 0);
    for (const word of ["identical", "identical-normalized", "same-ends", "differs", "unverifiable", "incomplete", "Exit status: 0", "--yes", "--no-normalize"]) {
      assert.ok(text(result).includes(word), word);
    }
  });
});
