import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { wrapOptions } from "../../src/cli/wrap.js";
import { UsageError } from "../../src/cli/usage-error.js";
import { cliArgv, runCli, startCli, type CliResult } from "../helpers/cli.js";
import { allByteValues, nodeFixture, patternBytes, sha256 } from "../helpers/fixtures.js";
import { oracleKept } from "../helpers/oracle.js";
import { assertStreamFigures, parseSpan } from "../helpers/span.js";
import type { ToolSpan } from "../../src/contract/span.js";

const OUT = "abcdefghijklmnopqrstuvwxyz\n"; // emit.mjs's default stdout pattern
const ERR = "EFGHIJ!\n"; // emit.mjs's default stderr pattern

const scratch = mkdtempSync(join(tmpdir(), "toolspan-wrap-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;
/** A fresh path for a run file in the scratch folder. */
const runFile = (): string => join(scratch, `run-${++files}.jsonl`);

/** The spans in a run file, each checked to be complete; the file must end with a newline. */
function readSpans(path: string): ToolSpan[] {
  const text = readFileSync(path, "utf8");
  assert.ok(text.endsWith("\n"), "a run file ends with a newline");
  return text.slice(0, -1).split("\n").map((line) => parseSpan(line));
}

/** The one span in a run file. */
function onlySpan(path: string): ToolSpan {
  const spans = readSpans(path);
  assert.equal(spans.length, 1, "one span per wrap");
  return spans[0]!;
}

/** The span printed by --json: exactly one line on stdout, nothing else. */
function jsonSpan(result: CliResult): ToolSpan {
  const text = result.stdout.toString("utf8");
  assert.ok(text.endsWith("\n"), "the --json line ends with a newline");
  assert.equal(text.indexOf("\n"), text.length - 1, "--json prints exactly one line");
  return parseSpan(text);
}

const emit = (out: number, err: number, ...more: string[]): string[] =>
  nodeFixture("emit.mjs", "--out", String(out), "--err", String(err), ...more);

/** Kills a leftover descendant whose pid a fixture printed as "pid N". */
function killLeftover(text: string): void {
  const pid = Number(/pid (\d+)/.exec(text)?.[1]);
  if (Number.isSafeInteger(pid) && pid > 0) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

describe("--json", () => {
  test("prints exactly one line, the span, and nothing of the command's output", async () => {
    const result = await runCli(["wrap", "--json", "--", ...emit(100_000, 50)]);
    assert.equal(result.code, 0);
    const span = jsonSpan(result);
    assert.equal(result.stderr.length, 0, "nothing on stderr either");
    assertStreamFigures(span, "stdout", patternBytes(100_000, OUT), { cap: 8192 });
    assertStreamFigures(span, "stderr", patternBytes(50, ERR), { cap: 8192 });
  });

  test("every option reaches the span", async () => {
    const result = await runCli([
      "wrap", "--json", "--stdout-cap", "10", "--stderr-cap", "7", "--keep", "tail", "--hash-window", "5",
      "--preview", "4", "--tool-name", "pytest", "--cwd", scratch, "--run-id", "run-42",
      "--", ...emit(30, 30),
    ]);
    const span = jsonSpan(result);
    const expectation = { keep: "tail", hashWindow: 5, previewChars: 4 } as const;
    assertStreamFigures(span, "stdout", patternBytes(30, OUT), { cap: 10, ...expectation });
    assertStreamFigures(span, "stderr", patternBytes(30, ERR), { cap: 7, ...expectation });
    assert.equal(span.tool_name, "pytest");
    assert.equal(span.cwd, scratch);
    assert.equal(span.run_id, "run-42");
    assert.deepEqual(span.argv, emit(30, 30));
  });

  test("with --out as well, the same span goes to the file and stdout still holds only it", async () => {
    const path = runFile();
    const result = await runCli(["wrap", "--json", "--out", path, "--", ...emit(50, 5)]);
    const span = jsonSpan(result);
    assert.deepEqual(onlySpan(path), span);
    assert.equal(result.stderr.length, 0);
  });

  test("--no-cap keeps and records everything", async () => {
    const span = jsonSpan(await runCli(["wrap", "--json", "--no-cap", "--", ...emit(20_000, 9000)]));
    assertStreamFigures(span, "stdout", patternBytes(20_000, OUT), { cap: null });
    assertStreamFigures(span, "stderr", patternBytes(9000, ERR), { cap: null });
    assert.equal(span.ok_preview, true);
  });
});

describe("--out", () => {
  test("passes exactly the kept bytes through on stdout and stderr and appends one line", async () => {
    const path = runFile();
    const result = await runCli(["wrap", "--out", path, "--cap", "10", "--keep", "head+tail", "--", ...emit(40, 30)]);
    assert.equal(result.code, 0);
    assert.deepEqual(result.stdout, oracleKept(patternBytes(40, OUT), 10, "head+tail"));
    assert.deepEqual(result.stderr, oracleKept(patternBytes(30, ERR), 10, "head+tail"));
    const span = onlySpan(path);
    assertStreamFigures(span, "stdout", patternBytes(40, OUT), { cap: 10, keep: "head+tail" });
    assert.equal(span.stdout_kept_sha256, sha256(result.stdout));
    assert.equal(span.stderr_kept_sha256, sha256(result.stderr));
  });

  test("appends: a second wrap adds a second line and keeps the first", async () => {
    const path = runFile();
    await runCli(["wrap", "--out", path, "--", ...emit(3, 0)]);
    await runCli(["wrap", "--out", path, "--", ...emit(4, 0)]);
    const spans = readSpans(path);
    assert.deepEqual(spans.map((span) => span.stdout_bytes), [3, 4]);
  });

  test("binary output passes through byte for byte", async () => {
    const path = runFile();
    const result = await runCli(["wrap", "--out", path, "--no-cap", "--", ...nodeFixture("binary.mjs", "4")]);
    assert.deepEqual(result.stdout, allByteValues(4));
    assert.equal(onlySpan(path).encoding, "binary");
  });

  test("without --out or --json the span follows the kept stderr bytes on stderr", async () => {
    const result = await runCli(["wrap", "--cap", "12", "--", ...emit(20, 20)]);
    assert.deepEqual(result.stdout, patternBytes(12, OUT));
    assert.deepEqual(result.stderr.subarray(0, 12), patternBytes(12, ERR));
    const span = parseSpan(result.stderr.subarray(12));
    assert.equal(span.stderr_bytes, 20);
  });

  test("a slow reader gets every kept byte: toolspan waits for it rather than dropping or hoarding output", async () => {
    const size = 5_000_000;
    const cli = startCli(["wrap", "--no-cap", "--", ...emit(size, 0)]);
    const stdout = cli.child.stdout!;
    // One chunk per turn of the event loop: a reader far slower than the command writes.
    stdout.on("data", () => {
      stdout.pause();
      setImmediate(() => stdout.resume());
    });
    const result = await cli.done;
    assert.equal(result.code, 0);
    assert.equal(result.stdout.length, size, "bytes passed through");
    assert.equal(sha256(result.stdout), sha256(patternBytes(size, OUT)));
    assert.equal(parseSpan(result.stderr).stdout_bytes, size);
  });

  test("a run file that cannot be opened is a usage error and nothing runs", async () => {
    const marker = join(scratch, "ran-despite-bad-out");
    const result = await runCli([
      "wrap", "--out", join(scratch, "no-such-dir", "run.jsonl"), "--",
      process.execPath, "-e", `require("fs").writeFileSync(${JSON.stringify(marker)}, "x")`,
    ]);
    assert.equal(result.code, 2);
    assert.match(result.stderr.toString(), /--out/);
    assert.equal(existsSync(marker), false);
  });
});

describe("--marker", () => {
  test("adds one line after a clipped stream's kept bytes, and nothing to an unclipped one", async () => {
    const path = runFile();
    const result = await runCli(["wrap", "--marker", "--out", path, "--cap", "10", "--", ...emit(25, 10)]);
    const span = onlySpan(path);
    const expected = Buffer.concat([
      patternBytes(10, OUT),
      Buffer.from(
        `\n[toolspan: stdout clipped: kept 10 of 25 bytes (head); sha256 of the whole stream ${span.stdout_stream_sha256}; span ${span.span_id}]\n`,
      ),
    ]);
    assert.deepEqual(result.stdout, expected);
    assert.deepEqual(result.stderr, patternBytes(10, ERR));
    assert.equal(span.stdout_stream_sha256, sha256(patternBytes(25, OUT)));
  });

  test("is not added without --marker", async () => {
    const path = runFile();
    const result = await runCli(["wrap", "--out", path, "--cap", "10", "--", ...emit(25, 0)]);
    assert.deepEqual(result.stdout, patternBytes(10, OUT));
  });
});

describe("exit status", () => {
  test("mirrors the command's own code", async () => {
    const [zero, three] = await Promise.all([
      runCli(["wrap", "--json", "--", ...emit(1, 0)]),
      runCli(["wrap", "--json", "--", ...emit(1, 0, "--exit", "3")]),
    ]);
    assert.equal(zero.code, 0);
    assert.equal(jsonSpan(zero).returncode, 0);
    assert.equal(three.code, 3);
    assert.equal(jsonSpan(three).returncode, 3);
  });

  test("128+N when the command is killed by signal N, and the span names the signal", async () => {
    const [term, kill] = await Promise.all([
      runCli(["wrap", "--json", "--", ...nodeFixture("self-signal.mjs", "SIGTERM")]),
      runCli(["wrap", "--json", "--", ...nodeFixture("self-signal.mjs", "SIGKILL")]),
    ]);
    assert.equal(term.code, 143);
    assert.equal(term.signal, null, "toolspan itself exits normally");
    assert.equal(jsonSpan(term).signal, "SIGTERM");
    assert.equal(kill.code, 137);
    assert.equal(jsonSpan(kill).signal, "SIGKILL");
  });

  test("127 for a missing command, with a span and a reason on stderr", async () => {
    const path = runFile();
    const result = await runCli(["wrap", "--out", path, "--", "toolspan-no-such-command-4711"]);
    assert.equal(result.code, 127);
    assert.match(result.stderr.toString(), /ENOENT/);
    const span = onlySpan(path);
    assert.match(span.error!, /^ENOENT/);
    assert.equal(span.returncode, null);
  });

  test("127 with --json too: the span is still the only line on stdout", async () => {
    const result = await runCli(["wrap", "--json", "--", "toolspan-no-such-command-4711"]);
    assert.equal(result.code, 127);
    assert.equal(jsonSpan(result).returncode, null);
  });

  test("126 for a file that is not executable", async () => {
    const script = join(scratch, "not-executable.sh");
    writeFileSync(script, "#!/bin/sh\necho hi\n", { mode: 0o644 });
    const result = await runCli(["wrap", "--json", "--", script]);
    assert.equal(result.code, 126);
    const span = jsonSpan(result);
    assert.match(span.error!, /^EACCES/);
    assert.equal(span.returncode, null);
  });

  test("124 when --timeout fires, with timed_out and the signal", async () => {
    const result = await runCli(["wrap", "--json", "--timeout", "0.3", "--", ...nodeFixture("idle.mjs", "30")]);
    assert.equal(result.code, 124);
    const span = jsonSpan(result);
    assert.equal(span.timed_out, true);
    assert.equal(span.signal, "SIGTERM");
    assert.equal(span.returncode, 143);
  });

  test("124 when --idle-timeout fires, and the span says stalled", async () => {
    const result = await runCli(["wrap", "--json", "--idle-timeout", "0.3", "--", ...nodeFixture("idle.mjs", "30")]);
    assert.equal(result.code, 124);
    const span = jsonSpan(result);
    assert.equal(span.stalled, true);
    assert.equal(span.timed_out, false);
  });

  test("a --timeout of a month neither fires at once nor warns on stderr", async () => {
    const result = await runCli(["wrap", "--out", runFile(), "--timeout", "2600000", "--", ...nodeFixture("idle.mjs", "0.2")]);
    assert.equal(result.code, 0);
    assert.equal(result.stdout.toString(), "ready\n");
    assert.equal(result.stderr.toString(), "", "nothing but the command's stderr is passed through");
  });

  test("--kill-after: a command ignoring SIGTERM is killed, returncode 137", async () => {
    const argv = ["sh", "-c", "trap '' TERM; echo ready; while :; do sleep 1; done"];
    const result = await runCli(["wrap", "--json", "--timeout", "0.5", "--kill-after", "0.3", "--", ...argv]);
    assert.equal(result.code, 124);
    const span = jsonSpan(result);
    assert.equal(span.signal, "SIGKILL");
    assert.equal(span.returncode, 137);
  });
});

describe("usage errors: exit 2, one line naming the argument, nothing run", () => {
  const marker = join(scratch, "ran-despite-usage-error");
  const command = [process.execPath, "-e", `require("fs").writeFileSync(${JSON.stringify(marker)}, "x")`];
  const cases: [string, string[], RegExp][] = [
    ["no command", [], /no command/],
    ["no command after options", ["--json"], /no command/],
    ["nothing after --", ["--cap", "5", "--"], /no command/],
    ["an unknown option", ["--frobnicate", "--", ...command], /unknown option '--frobnicate'/],
    ["a short option", ["-x", "--", ...command], /unknown option '-x'/],
    ["--cap -1", ["--cap", "-1", "--", ...command], /--cap .*'-1'/],
    ["--cap=-1", ["--cap=-1", "--", ...command], /--cap .*'-1'/],
    ["--cap abc", ["--cap", "abc", "--", ...command], /--cap .*'abc'/],
    ["--cap without a value", ["--cap"], /--cap needs a value/],
    ["--stdout-cap 1.5", ["--stdout-cap", "1.5", "--", ...command], /--stdout-cap .*'1\.5'/],
    ["--keep bogus", ["--keep", "bogus", "--", ...command], /--keep .*'bogus'/],
    ["--hash-window 0", ["--hash-window", "0", "--", ...command], /--hash-window .*'0'/],
    ["--timeout soon", ["--timeout", "soon", "--", ...command], /--timeout .*'soon'/],
    ["--timeout 0", ["--timeout", "0", "--", ...command], /^toolspan: --timeout takes a number of seconds greater than 0, got '0'$/],
    ["--timeout -1", ["--timeout", "-1", "--", ...command], /^toolspan: --timeout takes a number of seconds greater than 0, got '-1'$/],
    ["--idle-timeout=0", ["--idle-timeout=0", "--", ...command], /^toolspan: --idle-timeout takes a number of seconds greater than 0, got '0'$/],
    ["--cap with --no-cap", ["--cap", "5", "--no-cap", "--", ...command], /--cap and --no-cap/],
    ["--json with a value", ["--json=yes", "--", ...command], /--json takes no value/],
  ];
  for (const [name, args, message] of cases) {
    test(name, async () => {
      const path = runFile();
      const result = await runCli(["wrap", "--out", path, ...args]);
      assert.equal(result.code, 2);
      assert.equal(result.stdout.length, 0, "nothing on stdout");
      const lines = result.stderr.toString().trimEnd().split("\n");
      assert.match(lines[0]!, /^toolspan: /);
      assert.match(lines[0]!, message);
      assert.ok(lines.length <= 3, `a short message, not ${lines.length} lines`);
      assert.match(result.stderr.toString(), /usage|--help/, "with a usage hint");
      assert.doesNotMatch(result.stderr.toString(), /\n\s+at /, "no stack trace");
      assert.equal(existsSync(marker), false, "the command did not run");
      assert.equal(existsSync(path), false, "no span is written for a usage error");
    });
  }

  test("--help prints every option and exits 0", async () => {
    const result = await runCli(["wrap", "--help"]);
    assert.equal(result.code, 0);
    for (const option of ["--cap", "--stdout-cap", "--stderr-cap", "--no-cap", "--keep", "--preview", "--hash-window",
      "--cwd", "--tool-name", "--timeout", "--idle-timeout", "--stall-grace", "--kill-after", "--run-id", "--json",
      "--out", "--marker"]) {
      assert.match(result.stdout.toString(), new RegExp(`^ {2}${option}\\b`, "m"), option);
    }
  });

  test("wrapOptions applies the defaults and refuses contradictions", () => {
    const defaults = wrapOptions({});
    assert.equal(defaults.cap, 8192);
    assert.equal(defaults.stdoutCap, 8192);
    assert.equal(defaults.stderrCap, 8192);
    assert.equal(defaults.keep, "head");
    assert.equal(defaults.timeoutSeconds, null);
    assert.equal(defaults.marker, false);
    const noCap = wrapOptions({ noCap: true, stderrCap: 5 });
    assert.equal(noCap.stdoutCap, null);
    assert.equal(noCap.stderrCap, 5);
    assert.throws(() => wrapOptions({ noCap: true, cap: 1 }), UsageError);
  });
});

describe("signals sent to toolspan reach the command's process group", () => {
  for (const [signal, code] of [
    ["SIGTERM", 143],
    ["SIGINT", 130],
    ["SIGHUP", 129],
    ["SIGQUIT", 131],
  ] as const) {
    test(`${signal}: the command dies of it, toolspan writes the span and exits ${code}`, async () => {
      const path = runFile();
      const cli = startCli(["wrap", "--out", path, "--", ...nodeFixture("idle.mjs", "30")]);
      await cli.stdoutIncludes("ready\n");
      cli.child.kill(signal);
      const result = await cli.done;
      assert.equal(result.code, code);
      const span = onlySpan(path);
      assert.equal(span.signal, signal);
      assert.equal(span.returncode, code);
      assert.equal(span.timed_out, false);
      assert.equal(span.preview_stdout, "ready\n");
    });
  }

  test("a command that handles the signal decides the exit status itself", async () => {
    const path = runFile();
    const cli = startCli(["wrap", "--out", path, "--", ...nodeFixture("on-signal.mjs", "42")]);
    await cli.stdoutIncludes("ready\n");
    cli.child.kill("SIGTERM");
    const result = await cli.done;
    assert.equal(result.code, 42);
    assert.equal(result.stdout.toString(), "ready\ngot SIGTERM\n");
    const span = onlySpan(path);
    assert.equal(span.returncode, 42);
    assert.equal(span.signal, null);
  });

  test("the whole group gets it: a background child dies too, so nothing holds the pipe", async () => {
    const path = runFile();
    const cli = startCli(["wrap", "--out", path, "--stall-grace", "20", "--", "sh", "-c", "sleep 30 & echo ready; wait"]);
    await cli.stdoutIncludes("ready\n");
    cli.child.kill("SIGTERM");
    const result = await cli.done;
    assert.equal(result.code, 143);
    const span = onlySpan(path);
    assert.equal(span.stalled, false, "the background sleep was left holding the pipe");
    assert.ok(span.duration_ms < 15_000, `took ${span.duration_ms} ms`);
  });
});

describe("pipe stall", () => {
  test("a descendant holding the pipes: toolspan returns promptly with stalled and the bytes seen", async () => {
    const path = runFile();
    const result = await runCli(["wrap", "--out", path, "--stall-grace", "0.3", "--", ...nodeFixture("held-open.mjs", "60")]);
    killLeftover(result.stderr.toString());
    assert.equal(result.code, 0);
    assert.equal(result.stdout.toString(), "started\n");
    const span = onlySpan(path);
    assert.equal(span.stalled, true);
    assert.equal(span.stdout_bytes, 8);
    assert.equal(span.ok_preview, false);
    assert.ok(span.duration_ms < 5000, `took ${span.duration_ms} ms`);
  });

  test("sh -c 'sleep 60 & echo started' with the default grace", async () => {
    const result = await runCli(["wrap", "--json", "--", "sh", "-c", "sleep 60 & echo started; echo pid $! >&2"]);
    const span = jsonSpan(result);
    killLeftover(span.preview_stderr);
    assert.equal(span.stalled, true);
    assert.equal(span.preview_stdout, "started\n");
    assert.ok(span.duration_ms < 5000, `took ${span.duration_ms} ms`);
  });
});

describe("standard input", () => {
  test("is passed to the command as it is", async () => {
    const path = runFile();
    const result = await runCli(["wrap", "--out", path, "--", "cat"], { input: "hello\nworld\n" });
    assert.equal(result.code, 0);
    assert.equal(result.stdout.toString(), "hello\nworld\n");
    assert.equal(onlySpan(path).stdout_sha256, sha256("hello\nworld\n"));
  });

  test("binary input arrives byte for byte", async () => {
    const input = allByteValues(64);
    const span = jsonSpan(await runCli(["wrap", "--json", "--no-cap", "--", "cat"], { input }));
    assert.equal(span.stdout_bytes, input.length);
    assert.equal(span.stdout_sha256, sha256(input));
  });
});

describe("run ids and nesting", () => {
  test("run_id from TOOLSPAN_RUN_ID, parent_span_id from TOOLSPAN_PARENT_SPAN_ID; --run-id wins", async () => {
    const extraEnv = { TOOLSPAN_RUN_ID: "run-env", TOOLSPAN_PARENT_SPAN_ID: "parent-env" };
    const [fromEnv, explicit] = await Promise.all([
      runCli(["wrap", "--json", "--", ...emit(1, 0)], { extraEnv }),
      runCli(["wrap", "--json", "--run-id", "run-flag", "--", ...emit(1, 0)], { extraEnv }),
    ]);
    assert.equal(jsonSpan(fromEnv).run_id, "run-env");
    assert.equal(jsonSpan(fromEnv).parent_span_id, "parent-env");
    assert.equal(jsonSpan(explicit).run_id, "run-flag");
  });

  test("a wrap inside a wrap: the inner span's parent is the outer span, and both share the run", async () => {
    const inner = cliArgv("wrap", "--json", "--", ...nodeFixture("print-env.mjs"));
    const result = await runCli(["wrap", "--json", "--no-cap", "--preview", "100000", "--run-id", "run-nested", "--", ...inner]);
    assert.equal(result.code, 0);
    const outer = jsonSpan(result);
    const innerSpan = parseSpan(outer.preview_stdout);
    assert.equal(innerSpan.parent_span_id, outer.span_id);
    assert.equal(innerSpan.run_id, "run-nested");
    assert.equal(outer.run_id, "run-nested");
    assert.equal(outer.parent_span_id, null);
    const seen = JSON.parse(innerSpan.preview_stdout) as Record<string, string>;
    assert.equal(seen.TOOLSPAN_PARENT_SPAN_ID, innerSpan.span_id);
    assert.equal(seen.TOOLSPAN_RUN_ID, "run-nested");
  });
});

describe("--out joins the run file's run", () => {
  const wrapInto = (path: string, ...args: string[]) => runCli(["wrap", "--out", path, ...args, "--", ...emit(1, 0)]);

  test("two wraps into one file share its run_id, and lint finds no mixed-runs", async () => {
    const path = runFile();
    assert.equal((await wrapInto(path)).code, 0);
    assert.equal((await wrapInto(path)).code, 0);
    const [first, second] = readSpans(path);
    assert.match(first!.run_id, /^[0-9a-f]{32}$/, "a new file starts a new run");
    assert.equal(second!.run_id, first!.run_id);
    const lint = await runCli(["lint", "--format", "jsonl", path]);
    assert.equal(lint.stdout.toString(), "", "no finding, mixed-runs included");
  });

  test("--run-id and TOOLSPAN_RUN_ID still say otherwise", async () => {
    const path = runFile();
    await wrapInto(path);
    await wrapInto(path, "--run-id", "run-flag");
    await runCli(["wrap", "--out", path, "--", ...emit(1, 0)], { extraEnv: { TOOLSPAN_RUN_ID: "run-env" } });
    const ids = readSpans(path).map((span) => span.run_id);
    assert.deepEqual(ids.slice(1), ["run-flag", "run-env"]);
  });

  test("an empty file, or one whose first line is no span, starts a run of its own", async () => {
    const empty = runFile();
    writeFileSync(empty, "");
    await wrapInto(empty);
    await wrapInto(empty);
    const [a, b] = readSpans(empty);
    assert.equal(b!.run_id, a!.run_id, "the first wrap into the empty file set the run");
    for (const firstLine of ["not a span", JSON.stringify({ run_id: "bad\u0000id" }), JSON.stringify({ run_id: 7 })]) {
      const path = runFile();
      writeFileSync(path, `${firstLine}\n`);
      await wrapInto(path);
      await wrapInto(path);
      const [one, two] = readFileSync(path, "utf8").trimEnd().split("\n").slice(1).map((line) => parseSpan(line).run_id);
      assert.match(one!, /^[0-9a-f]{32}$/, firstLine);
      assert.notEqual(two, one, "each wrap's id is new: the file's first line names no run");
    }
  });
});

describe("concurrent --out appends", () => {
  test("20 wraps appending large spans to one file: 20 whole lines, 20 distinct spans", async () => {
    const path = runFile();
    const line = `${"0123456789".repeat(30)}\n`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        runCli([
          "wrap", "--out", path, "--preview", "20000", "--cap", "30000", "--tool-name", `writer-${i}`,
          "--", "sh", "-c", `yes '${line.trimEnd()}' | head -c 25000`,
        ]),
      ),
    );
    for (const result of results) {
      assert.equal(result.code, 0);
      assert.equal(result.stdout.length, 25000);
    }
    const text = readFileSync(path, "utf8");
    const lines = text.slice(0, -1).split("\n");
    assert.equal(lines.length, 20);
    const spans = lines.map((each) => parseSpan(each));
    assert.equal(new Set(spans.map((span) => span.span_id)).size, 20);
    assert.equal(new Set(spans.map((span) => span.tool_name)).size, 20);
    const whole = patternBytes(25000, line);
    for (const span of spans) {
      assert.equal(span.preview_stdout, whole.subarray(0, 20000).toString());
      assert.equal(span.stdout_sha256, sha256(whole));
    }
  });
});

describe("toolspan's own lines in the stream the model reads", () => {
  test("'cannot run' passed through on stderr is counted in the span, and kept_sha256 covers it", async () => {
    const run = join(mkdtempSync(join(tmpdir(), "toolspan-wrap-own-")), "run.jsonl");
    after(() => rmSync(join(run, ".."), { recursive: true, force: true }));
    const result = await runCli(["wrap", "--out", run, "--", "/nonexistent/program"]);
    assert.equal(result.code, 127);
    const span = JSON.parse(readFileSync(run, "utf8")) as ToolSpan;
    assert.match(result.stderr.toString(), /^toolspan: cannot run: ENOENT/);
    assert.equal(span.stderr_notice_bytes, result.stderr.length);
    assert.equal(span.stderr_kept_sha256, sha256(result.stderr));
    assert.equal(span.stderr_bytes, 0, "the command itself wrote nothing");
  });

  test("a failed OTLP export is not added to a passed-through stderr", async () => {
    const result = await runCli(["wrap", "--", process.execPath, "-e", ""], { extraEnv: { OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9", OTEL_EXPORTER_OTLP_TIMEOUT: "300" } });
    assert.equal(result.code, 0);
    assert.doesNotMatch(result.stderr.toString(), /OTLP export failed/);
  });
});
