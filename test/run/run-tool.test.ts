import assert from "node:assert/strict";
import { chmodSync, closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { after, describe, test } from "node:test";
import { runTool, type RunToolOptions, type RunToolResult } from "../../src/run/run-tool.js";
import { cleanEnv, cliArgv } from "../helpers/cli.js";
import { allByteValues, nodeFixture, patternBytes, patternSha256, sha256 } from "../helpers/fixtures.js";
import { oracleKept } from "../helpers/oracle.js";
import { repoRoot } from "../helpers/repo.js";
import { assertFullSpan, assertStreamFigures } from "../helpers/span.js";

const OUT = "abcdefghijklmnopqrstuvwxyz\n"; // emit.mjs's default stdout pattern
const ERR = "EFGHIJ!\n"; // emit.mjs's default stderr pattern
const EMPTY = Buffer.alloc(0);

/** runTool with stdin closed and no TOOLSPAN_* inherited from whatever runs the tests; checks the span is complete. */
async function run(argv: string[], options: RunToolOptions = {}): Promise<RunToolResult> {
  const result = await runTool(argv, { stdin: "ignore", env: cleanEnv(), ...options });
  assertFullSpan(result.span);
  return result;
}

const emit = (out: number, err: number, ...more: string[]): string[] =>
  nodeFixture("emit.mjs", "--out", String(out), "--err", String(err), ...more);

/** Kills a leftover descendant whose pid a fixture printed as "pid N" or a bare number. */
function killLeftover(stderr: Buffer): void {
  const pid = Number(/(\d+)/.exec(stderr.toString())?.[1]);
  if (Number.isSafeInteger(pid) && pid > 0) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

const scratch = mkdtempSync(join(tmpdir(), "toolspan-run-tool-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

// First in the file, so that the peak RSS before it is this process's start-up, not an earlier test's.
test("100 MB of output stream through with the cap's bytes kept and memory not growing with the stream", async () => {
  const size = 100 * 1000 * 1000;
  const before = process.resourceUsage().maxRSS;
  const { span, stdout, stderr, exitCode } = await run(emit(size, 0, "--chunk", "65536"));
  const grownKiB = process.resourceUsage().maxRSS - before;
  assert.ok(grownKiB < 64 * 1024, `peak RSS grew by ${grownKiB} KiB while 100 MB streamed through`);

  assert.equal(exitCode, 0);
  assert.equal(span.stdout_bytes, size);
  assert.equal(span.stdout_cap, 8192);
  assert.equal(span.stdout_truncated, true);
  assert.equal(span.stdout_sha256, null);
  assert.equal(span.stdout_stream_sha256, patternSha256(size, OUT));
  assert.equal(span.stdout_head_sha256, sha256(patternBytes(256, OUT)));
  // The last 256 bytes start at offset size-256 of the repeating pattern.
  const offset = (size - 256) % OUT.length;
  assert.equal(span.stdout_tail_sha256, sha256(patternBytes(256 + OUT.length, OUT).subarray(offset, offset + 256)));
  assert.deepEqual(stdout, patternBytes(8192, OUT));
  assert.equal(span.stdout_kept_sha256, sha256(patternBytes(8192, OUT)));
  assert.equal(span.preview_stdout, patternBytes(512, OUT).toString());
  assert.equal(span.ok_preview, false);
  assert.equal(stderr.length, 0);
});

describe("byte counts around the cap", () => {
  // cap 9 is odd, so head+tail splits it 5 + 4; hash window 4 and preview 6 are smaller than the cap.
  const cap = 9;
  const sizes = [0, 1, cap - 1, cap, cap + 1, 3 * cap + 2];
  for (const keep of ["head", "tail", "head+tail"] as const) {
    test(`keep ${keep}: ${sizes.join(", ")} bytes on both streams against cap ${cap}`, async () => {
      const results = await Promise.all(
        sizes.map((n) => run(emit(n, n, "--chunk", "4"), { cap, keep, hashWindow: 4, previewChars: 6 })),
      );
      results.forEach(({ span, stdout, stderr, exitCode }, index) => {
        const n = sizes[index]!;
        const expectation = { cap, keep, hashWindow: 4, previewChars: 6 };
        assertStreamFigures(span, "stdout", patternBytes(n, OUT), expectation);
        assertStreamFigures(span, "stderr", patternBytes(n, ERR), expectation);
        assert.deepEqual(stdout, oracleKept(patternBytes(n, OUT), cap, keep), `kept stdout of ${n} bytes`);
        assert.deepEqual(stderr, oracleKept(patternBytes(n, ERR), cap, keep), `kept stderr of ${n} bytes`);
        assert.equal(span.stdout_truncated, n > cap);
        assert.equal(span.ok_preview, n <= cap);
        assert.equal(exitCode, 0);
      });
    });
  }

  test("the default cap 8192: 0, 1, 8191, 8192 and 8193 bytes", async () => {
    const sizes8k = [0, 1, 8191, 8192, 8193];
    const results = await Promise.all(sizes8k.map((n) => run(emit(n, 0))));
    results.forEach(({ span, stdout }, index) => {
      const n = sizes8k[index]!;
      assertStreamFigures(span, "stdout", patternBytes(n, OUT), { cap: 8192 });
      assertStreamFigures(span, "stderr", EMPTY, { cap: 8192 });
      assert.equal(stdout.length, Math.min(n, 8192));
      assert.equal(span.stdout_truncated, n === 8193);
    });
  });

  test("stdout and stderr caps apply separately; cap 0 keeps nothing but still counts and hashes", async () => {
    const { span, stdout, stderr } = await run(emit(30, 30), { stdoutCap: 0, stderrCap: null });
    assertStreamFigures(span, "stdout", patternBytes(30, OUT), { cap: 0 });
    assertStreamFigures(span, "stderr", patternBytes(30, ERR), { cap: null });
    assert.equal(stdout.length, 0);
    assert.equal(span.stdout_kept_sha256, sha256(EMPTY));
    assert.deepEqual(stderr, patternBytes(30, ERR));
  });

  test("no cap: everything is kept and nothing is flagged", async () => {
    const { span, stdout, stderr } = await run(emit(20000, 20000), { cap: null });
    assertStreamFigures(span, "stdout", patternBytes(20000, OUT), { cap: null });
    assertStreamFigures(span, "stderr", patternBytes(20000, ERR), { cap: null });
    assert.deepEqual(stdout, patternBytes(20000, OUT));
    assert.deepEqual(stderr, patternBytes(20000, ERR));
    assert.equal(span.ok_preview, true);
  });
});

describe("hash window boundaries", () => {
  const window = 16;
  const sizes = [1, window - 1, window, window + 1, 2 * window - 1, 2 * window, 2 * window + 1, 5 * window];
  for (const cap of [null, 8]) {
    test(`window ${window}, cap ${cap}: head and tail hashes cover the whole stream, not the kept bytes`, async () => {
      const results = await Promise.all(sizes.map((n) => run(emit(n, 0, "--chunk", "5"), { cap, hashWindow: window })));
      results.forEach(({ span }, index) => {
        const whole = patternBytes(sizes[index]!, OUT);
        assertStreamFigures(span, "stdout", whole, { cap, hashWindow: window });
        assert.equal(span.stdout_head_sha256, sha256(whole.subarray(0, window)));
        assert.equal(span.stdout_tail_sha256, sha256(whole.subarray(Math.max(0, whole.length - window))));
      });
    });
  }
});

describe("binary and multi-byte UTF-8 output", () => {
  test("all 256 byte values: binary, empty preview, exact hashes", async () => {
    const whole = allByteValues(3);
    const { span, stdout } = await run(nodeFixture("binary.mjs", "3"), { cap: null });
    assertStreamFigures(span, "stdout", whole, { cap: null });
    assert.equal(span.stdout_encoding, "binary");
    assert.equal(span.stderr_encoding, "utf-8");
    assert.equal(span.encoding, "binary");
    assert.equal(span.preview_stdout, "");
    assert.deepEqual(stdout, whole);
  });

  test("binary on stderr alone makes the span binary; a clipped binary tail is kept byte for byte", async () => {
    const whole = allByteValues(2);
    const { span, stderr } = await run(nodeFixture("binary.mjs", "2", "--stderr"), { cap: 100, keep: "tail" });
    assertStreamFigures(span, "stderr", whole, { cap: 100, keep: "tail" });
    assert.deepEqual(stderr, whole.subarray(whole.length - 100));
    assert.equal(span.stdout_encoding, "utf-8");
    assert.equal(span.encoding, "binary");
  });

  for (const [name, hex] of [
    ["a NUL byte in ASCII", "61006200"],
    ["a lone 0xff", "6162ff63"],
    ["a character cut off at the end", "6162e282"],
    ["an overlong encoding", "c0af"],
    ["an encoded surrogate", "eda080"],
  ] as const) {
    test(`${name} is binary`, async () => {
      const { span } = await run(nodeFixture("utf8.mjs", "--hex", hex), { cap: null });
      assertStreamFigures(span, "stdout", Buffer.from(hex, "hex"), { cap: null });
      assert.equal(span.encoding, "binary");
    });
  }

  test("multi-byte characters split across writes are utf-8, previewed whole", async () => {
    const text = "héllo wörld € 😀 ✓ 日本語\n";
    const { span, stdout } = await run(nodeFixture("utf8.mjs", text, "1"), { cap: null });
    assertStreamFigures(span, "stdout", Buffer.from(text), { cap: null });
    assert.equal(span.encoding, "utf-8");
    assert.equal(span.preview_stdout, text);
    assert.equal(span.stdout_bytes, Buffer.byteLength(text));
    assert.equal(stdout.toString("utf8"), text);
  });

  test("a cap inside a character: the stream stays utf-8, the kept bytes end mid-character", async () => {
    const text = "€€😀😀";
    // 3 + 3 + 2 bytes of the first emoji: cut inside it.
    const { span, stdout } = await run(nodeFixture("utf8.mjs", text, "2"), { cap: 8 });
    assertStreamFigures(span, "stdout", Buffer.from(text), { cap: 8 });
    assert.equal(span.stdout_encoding, "utf-8");
    assert.deepEqual(stdout, Buffer.from(text).subarray(0, 8));
    assert.ok(span.preview_stdout.startsWith("€€"));
  });

  test("the preview counts characters, never splitting one", async () => {
    const text = "😀é€a😀";
    const { span } = await run(nodeFixture("utf8.mjs", text, "3"), { cap: null, previewChars: 3 });
    assert.equal(span.preview_stdout, "😀é€");
    assert.equal(span.preview_chars, 3);
    assertStreamFigures(span, "stdout", Buffer.from(text), { cap: null, previewChars: 3 });
  });
});

describe("exit codes and signals", () => {
  test("the command's own code", async () => {
    const [three, zero] = await Promise.all([run(emit(3, 0, "--exit", "3")), run(emit(0, 0))]);
    assert.equal(three.span.returncode, 3);
    assert.equal(three.exitCode, 3);
    assert.equal(three.span.signal, null);
    assert.equal(three.span.ok_preview, false);
    assert.equal(zero.span.returncode, 0);
    assert.equal(zero.exitCode, 0);
    assert.equal(zero.span.ok_preview, true);
  });

  for (const [signal, code] of [
    ["SIGTERM", 143],
    ["SIGKILL", 137],
    ["SIGHUP", 129],
    ["SIGINT", 130],
  ] as const) {
    test(`a command killed by ${signal}: returncode and exit status ${code}, signal named`, async () => {
      const { span, exitCode, stdout } = await run(nodeFixture("self-signal.mjs", signal));
      assert.equal(span.signal, signal);
      assert.equal(span.returncode, code);
      assert.equal(exitCode, code);
      assert.equal(span.timed_out, false);
      assert.equal(stdout.toString(), "bye\n");
    });
  }
});

describe("commands that cannot start", () => {
  test("a missing command: ENOENT, returncode null, exit status 127", async () => {
    const { span, exitCode } = await run(["toolspan-no-such-command-4711", "--flag"]);
    assert.match(span.error!, /^ENOENT/);
    assert.equal(span.returncode, null);
    assert.equal(exitCode, 127);
    assert.deepEqual(span.argv, ["toolspan-no-such-command-4711", "--flag"]);
    assert.equal(span.tool_name, "toolspan-no-such-command-4711");
    assert.equal(span.stdout_bytes, 0);
  });

  test("a file that is not executable: EACCES, returncode null, exit status 126", async () => {
    const path = join(scratch, "not-executable.sh");
    writeFileSync(path, "#!/bin/sh\necho hi\n");
    chmodSync(path, 0o644);
    const { span, exitCode } = await run([path]);
    assert.match(span.error!, /^EACCES/);
    assert.equal(span.returncode, null);
    assert.equal(exitCode, 126);
  });

  test("a directory as the command: cannot execute, exit status 126", async () => {
    const { span, exitCode } = await run([scratch]);
    assert.notEqual(span.error, null);
    assert.equal(span.returncode, null);
    assert.equal(exitCode, 126);
  });

  test("a missing working directory: an error saying so, returncode null, nothing run", async () => {
    const missing = join(scratch, "no-such-dir");
    const { span, exitCode } = await run(nodeFixture("emit.mjs", "--out", "5"), { cwd: missing });
    assert.match(span.error!, /working directory/);
    assert.ok(span.error!.includes(missing));
    assert.equal(span.returncode, null);
    assert.equal(span.cwd, missing);
    assert.equal(exitCode, 126, "the command was not tried, which is not 'command not found'");
  });

  test("an empty argv: an error, returncode null", async () => {
    const { span, exitCode } = await run([]);
    assert.match(span.error!, /^ENOENT/);
    assert.equal(span.returncode, null);
    assert.equal(exitCode, 127);
  });
});

describe("timeouts", () => {
  test("--timeout: SIGTERM, returncode 143, timed_out, exit status 124", async () => {
    const { span, exitCode } = await run(nodeFixture("idle.mjs", "30"), { timeoutSeconds: 0.3 });
    assert.equal(span.timed_out, true);
    assert.equal(span.signal, "SIGTERM");
    assert.equal(span.returncode, 143);
    assert.equal(exitCode, 124);
    assert.equal(span.stalled, false);
    assert.equal(span.ok_preview, false);
    assert.ok(span.duration_ms < 5000, `took ${span.duration_ms} ms`);
  });

  test("a command that ignores SIGTERM gets SIGKILL after the kill-after grace: returncode 137", async () => {
    // The shell ignores SIGTERM from its first instruction, so the timeout cannot catch it before the trap is set.
    const argv = ["sh", "-c", "trap '' TERM; echo ready; while :; do sleep 1; done"];
    const { span, exitCode, stdout } = await run(argv, { timeoutSeconds: 0.5, killAfterSeconds: 0.3 });
    assert.equal(span.timed_out, true);
    assert.equal(span.signal, "SIGKILL");
    assert.equal(span.returncode, 137);
    assert.equal(exitCode, 124);
    assert.equal(stdout.toString(), "ready\n");
    assert.ok(span.duration_ms < 5000, `took ${span.duration_ms} ms`);
  });

  test("the SIGKILL reaches group members that ignore SIGTERM even after the command itself died", async () => {
    // sleep inherits the ignored SIGTERM; the shell then restores the default and dies of the timeout's SIGTERM.
    const argv = ["sh", "-c", "trap '' TERM; sleep 30 & trap - TERM; echo ready; wait"];
    const { span, exitCode, stdout } = await run(argv, {
      timeoutSeconds: 0.5,
      killAfterSeconds: 0.3,
      stallGraceSeconds: 20,
    });
    assert.equal(span.timed_out, true);
    assert.equal(span.returncode, 143);
    assert.equal(exitCode, 124);
    assert.equal(span.stalled, false, "the sleep ignoring SIGTERM was left running, holding the pipes");
    assert.equal(stdout.toString(), "ready\n");
    assert.ok(span.duration_ms < 10_000, `took ${span.duration_ms} ms`);
  });

  test("aborting stops the command as a timeout does: SIGTERM first, SIGKILL when it is ignored", async () => {
    const controller = new AbortController();
    const seen: Buffer[] = [];
    const { span, exitCode } = await run(nodeFixture("ignore-term.mjs"), {
      signal: controller.signal,
      killAfterSeconds: 0.5,
      buffer: false,
      onStdout: (chunk) => {
        seen.push(chunk);
        if (Buffer.concat(seen).toString().includes("ready\n")) controller.abort();
      },
    });
    assert.equal(span.signal, "SIGKILL");
    assert.equal(span.returncode, 137);
    assert.equal(exitCode, 137);
    assert.equal(span.timed_out, false);
    assert.match(Buffer.concat(seen).toString(), /^ready\nignored SIGTERM\n/);
  });

  test("--idle-timeout: a silent command is stopped and the span says stalled; exit status 124", async () => {
    const { span, exitCode, idleTimedOut } = await run(nodeFixture("idle.mjs", "30"), { idleTimeoutSeconds: 0.3 });
    assert.equal(idleTimedOut, true);
    assert.equal(span.stalled, true);
    assert.equal(span.timed_out, false);
    assert.equal(span.signal, "SIGTERM");
    assert.equal(span.returncode, 143);
    assert.equal(exitCode, 124);
    assert.ok(span.duration_ms < 5000, `took ${span.duration_ms} ms`);
  });

  test("limits longer than a timer can hold (2^31 ms, about 24.8 days) do not fire at once", async () => {
    const { span, exitCode } = await run(nodeFixture("idle.mjs", "0.2"), {
      timeoutSeconds: 3_000_000,
      idleTimeoutSeconds: 1e10,
      stallGraceSeconds: 1e10,
      killAfterSeconds: 1e10,
    });
    assert.equal(span.timed_out, false);
    assert.equal(span.stalled, false);
    assert.equal(span.returncode, 0);
    assert.equal(exitCode, 0);
  });

  test("--idle-timeout leaves a command alone while it keeps writing", async () => {
    const { span, exitCode, idleTimedOut } = await run(nodeFixture("ticker.mjs", "6", "40"), { idleTimeoutSeconds: 3 });
    assert.equal(idleTimedOut, false);
    assert.equal(span.stalled, false);
    assert.equal(exitCode, 0);
    assert.equal(span.preview_stdout, "tick 1\ntick 2\ntick 3\ntick 4\ntick 5\ntick 6\n");
  });
});

describe("pipe stalls", () => {
  test("a descendant holding stdout open: stop after the stall grace, stalled, the bytes seen so far", async () => {
    const { span, exitCode, stderr } = await run(["sh", "-c", "sleep 60 & echo started; echo $! >&2"], {
      stallGraceSeconds: 0.3,
    });
    killLeftover(stderr);
    assert.equal(span.stalled, true);
    assert.equal(span.preview_stdout, "started\n");
    assert.equal(span.stdout_bytes, 8);
    assert.equal(span.stdout_sha256, sha256("started\n"));
    assert.equal(span.returncode, 0);
    assert.equal(span.ok_preview, false);
    assert.equal(exitCode, 0);
    assert.ok(span.duration_ms < 5000, `took ${span.duration_ms} ms`);
  });

  test("the same with a node program whose child keeps both pipes", async () => {
    const { span, stderr } = await run(nodeFixture("held-open.mjs", "60"), { stallGraceSeconds: 0.3 });
    killLeftover(stderr);
    assert.equal(span.stalled, true);
    assert.equal(span.preview_stdout, "started\n");
    assert.match(span.preview_stderr, /^pid \d+\n$/);
    assert.ok(span.duration_ms < 5000, `took ${span.duration_ms} ms`);
  });

  test("a descendant that writes and closes within the grace is read to the end, not a stall", async () => {
    const { span, stdout } = await run(["sh", "-c", "(sleep 0.2; echo late) & echo early"], { stallGraceSeconds: 10 });
    assert.equal(span.stalled, false);
    assert.equal(stdout.toString(), "early\nlate\n");
    assert.ok(span.duration_ms < 5000, `took ${span.duration_ms} ms`);
  });
});

describe("the marker", () => {
  test("is appended to a clipped stream only, after exactly the kept bytes", async () => {
    const { span, stdout, stderr } = await run(emit(25, 5), { cap: 10, marker: true });
    const kept = patternBytes(10, OUT);
    assert.deepEqual(stdout.subarray(0, 10), kept);
    const line = stdout.subarray(10).toString();
    assert.equal(
      line,
      `\n[toolspan: stdout clipped: kept 10 of 25 bytes (head); sha256 of the whole stream ${sha256(patternBytes(25, OUT))}; span ${span.span_id}]\n`,
    );
    assert.equal(span.stdout_kept_sha256, sha256(stdout), "kept_sha256 covers exactly what the model got, marker included");
    assert.equal(span.stdout_notice_bytes, line.length, "the span counts the bytes toolspan added");
    assert.deepEqual(stderr, patternBytes(5, ERR), "an unclipped stream gets no marker");
    assert.equal(span.stderr_notice_bytes, undefined);
  });

  test("fits within a cap that can hold it: kept bytes shrink by the marker, and the span's cap says so", async () => {
    for (const keep of ["head", "tail", "head+tail"] as const) {
      const { span, stdout } = await run(emit(5000, 0), { cap: 1000, keep, marker: true });
      assert.ok(stdout.length <= 1000, `${keep}: ${stdout.length} bytes handed on under a cap of 1000`);
      assert.equal(span.stdout_truncated, true);
      assert.equal(span.stdout_cap! + span.stdout_notice_bytes!, stdout.length, `${keep}: the span's cap is the stream's share`);
      assert.deepEqual(stdout.subarray(0, span.stdout_cap!), oracleKept(patternBytes(5000, OUT), span.stdout_cap, keep));
      assert.match(stdout.subarray(span.stdout_cap!).toString(), new RegExp(`^\\n?\\[toolspan: stdout clipped: kept ${span.stdout_cap} of 5000 bytes`));
      assert.equal(span.stdout_kept_sha256, sha256(stdout));
    }
  });

  test("is absent when nothing was clipped, even at exactly the cap", async () => {
    const { stdout, stderr } = await run(emit(10, 10), { cap: 10, marker: true });
    assert.deepEqual(stdout, patternBytes(10, OUT));
    assert.deepEqual(stderr, patternBytes(10, ERR));
  });

  test("is absent unless asked for", async () => {
    const { stdout } = await run(emit(25, 0), { cap: 10 });
    assert.deepEqual(stdout, patternBytes(10, OUT));
  });
});

describe("identity and linking", () => {
  test("the command sees this span's id as TOOLSPAN_PARENT_SPAN_ID and the run id as TOOLSPAN_RUN_ID", async () => {
    const { span, stdout } = await run(nodeFixture("print-env.mjs"));
    const seen = JSON.parse(stdout.toString()) as Record<string, string | null>;
    assert.equal(seen.TOOLSPAN_PARENT_SPAN_ID, span.span_id);
    assert.equal(seen.TOOLSPAN_RUN_ID, span.run_id);
    assert.equal(span.parent_span_id, null);
    assert.match(span.run_id, /^[0-9a-f]{32}$/);
    assert.match(span.span_id, /^[0-9a-f]{16}$/);
  });

  test("run_id and parent_span_id come from the environment; the runId option overrides it", async () => {
    const env = cleanEnv({ TOOLSPAN_RUN_ID: "run-from-env", TOOLSPAN_PARENT_SPAN_ID: "outer-span" });
    const fromEnv = await run(nodeFixture("print-env.mjs"), { env });
    assert.equal(fromEnv.span.run_id, "run-from-env");
    assert.equal(fromEnv.span.parent_span_id, "outer-span");
    const seen = JSON.parse(fromEnv.stdout.toString()) as Record<string, string | null>;
    assert.equal(seen.TOOLSPAN_RUN_ID, "run-from-env");
    assert.equal(seen.TOOLSPAN_PARENT_SPAN_ID, fromEnv.span.span_id);
    const overridden = await run(nodeFixture("print-env.mjs"), { env, runId: "explicit" });
    assert.equal(overridden.span.run_id, "explicit");
  });

  test("each run gets its own span id", async () => {
    const spans = await Promise.all([1, 2, 3].map(() => run(emit(1, 0))));
    assert.equal(new Set(spans.map(({ span }) => span.span_id)).size, 3);
  });

  test("the CLI wrapped by the library: the inner span's parent is the outer span, in the same run", async () => {
    const outer = await run(cliArgv("wrap", "--json", "--", ...nodeFixture("print-env.mjs")), {
      cap: null,
      previewChars: 100000,
    });
    assert.equal(outer.exitCode, 0);
    const lines = outer.stdout.toString().split("\n");
    assert.equal(lines.length, 2, "the inner --json wrap prints one line");
    const inner: unknown = JSON.parse(lines[0]!);
    assertFullSpan(inner);
    assert.equal(inner.parent_span_id, outer.span.span_id);
    assert.equal(inner.run_id, outer.span.run_id);
    const seen = JSON.parse(inner.preview_stdout) as Record<string, string | null>;
    assert.equal(seen.TOOLSPAN_PARENT_SPAN_ID, inner.span_id);
    assert.equal(seen.TOOLSPAN_RUN_ID, outer.span.run_id);
  });

  test("stdin from an open file descriptor: the command reads exactly the file's bytes", async () => {
    const path = join(scratch, "stdin.txt");
    writeFileSync(path, "line one\nline two\n");
    const fd = openSync(path, "r");
    try {
      const { stdout, span } = await run(["wc", "-c"], { stdin: fd });
      assert.equal(stdout.toString().trim(), "18");
      assert.equal(span.returncode, 0);
    } finally {
      closeSync(fd);
    }
  });

  test("argv, tool_name and cwd are recorded: cwd absolute, tool_name the basename unless given", async () => {
    const argv = nodeFixture("emit.mjs", "--out", "1");
    const plain = await run(argv, { cwd: relative(process.cwd(), scratch) });
    assert.deepEqual(plain.span.argv, argv);
    assert.equal(plain.span.cwd, scratch);
    assert.equal(plain.span.tool_name, "node");
    const named = await run(argv, { toolName: "pytest", cwd: repoRoot });
    assert.equal(named.span.tool_name, "pytest");
    assert.equal(named.span.cwd, repoRoot.replace(/\/$/, ""));
  });

  test("with buffer false the kept bytes go to the callbacks in order, and the result holds none", async () => {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const { stdout, stderr, span } = await run(emit(40, 30, "--chunk", "7"), {
      cap: 20,
      keep: "head+tail",
      buffer: false,
      onStdout: (chunk) => out.push(Buffer.from(chunk)),
      onStderr: (chunk) => err.push(Buffer.from(chunk)),
    });
    assert.equal(stdout.length + stderr.length, 0);
    assert.deepEqual(Buffer.concat(out), oracleKept(patternBytes(40, OUT), 20, "head+tail"));
    assert.deepEqual(Buffer.concat(err), oracleKept(patternBytes(30, ERR), 20, "head+tail"));
    assert.equal(span.stdout_kept_sha256, sha256(Buffer.concat(out)));
  });
});
