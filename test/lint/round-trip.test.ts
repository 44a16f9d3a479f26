// Every span toolspan writes lints clean: runTool over many generated commands (sizes on both sides of the
// caps, every keep policy, binary and multi-byte output, failures, a missing command, small hash windows and
// previews), then each span is linted alone and all of them as one run file. Errors: none, ever. Warnings:
// exactly the ones the span's figures call for (an empty successful run may be a pipe stall; a stream of
// exactly a well-known cap size may have been cut upstream; another harness's marker in the output).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import fc from "fast-check";
import type { KeepPolicy, ToolSpan } from "../../src/contract/span.js";
import { WELL_KNOWN_CAPS } from "../../src/formats/clip-markers.js";
import { runTool, type RunToolOptions } from "../../src/run/run-tool.js";
import { cleanEnv, cliArgv, runCli } from "../helpers/cli.js";
import { jsonl, lintPaths, lintSpan, summarize, tempDir, writeTemp } from "../helpers/lint.js";
import { assertFullSpan } from "../helpers/span.js";
import { nodeFixture } from "../helpers/fixtures.js";
import { repoPath } from "../helpers/repo.js";

/** Writes LEN bytes of PATTERN (hex) to stdout and ERRLEN of ERRPATTERN to stderr, then exits with CODE. */
const WRITE = `const [o, on, e, en, code] = process.argv.slice(1);
if (+on > 0) process.stdout.write(Buffer.alloc(+on, o, "hex"));
if (+en > 0) process.stderr.write(Buffer.alloc(+en, e, "hex"));
process.exitCode = +code;`;

const hex = (text: string): string => Buffer.from(text, "utf8").toString("hex");
const PATTERNS = {
  ascii: hex("ok line\n"),
  euro: hex("€"), // 3 bytes: caps that are not a multiple of 3 cut it
  emoji: hex("a😀"), // 5 bytes, a 4-byte character
  accents: hex("é"),
  binary: "00ff41", // a NUL and an invalid byte
  bom: hex("\uFEFFx\r\n"),
  replacement: hex("\uFFFD"), // text made of literal U+FFFD characters
};
type Pattern = keyof typeof PATTERNS;

interface Case {
  name: string;
  argv: string[];
  options: RunToolOptions;
}

const write = (out: [Pattern, number], err: [Pattern, number], code = 0): string[] => [
  process.execPath,
  "-e",
  WRITE,
  PATTERNS[out[0]],
  String(out[1]),
  PATTERNS[err[0]],
  String(err[1]),
  String(code),
];

const KEEPS: KeepPolicy[] = ["head", "tail", "head+tail"];
/** Prints a file of the planted-secret corpus. */
const secrets = (file: string): string[] => nodeFixture("cat-file.mjs", repoPath(`test/fixtures/secrets/${file}`));
const names = Object.keys(PATTERNS) as Pattern[];

function gridCases(): Case[] {
  const cases: Case[] = [];
  let turn = 0;
  for (const cap of [0, 1, 7, 100, 8192]) {
    for (const size of [0, 1, cap - 1, cap, cap + 1, 3 * cap + 2]) {
      if (size < 0) continue;
      const pattern = names[turn % names.length]!;
      const keep = KEEPS[turn % 3]!;
      const errSize = [0, cap + 1, cap, 5][turn % 4]!;
      const options: RunToolOptions = { cap, keep, hashWindow: [1, 5, 256, 64][turn % 4]!, previewChars: [512, 0, 3, 40][turn % 4]! };
      cases.push({ name: `cap ${cap}, ${size} bytes of ${pattern}, ${keep}`, argv: write([pattern, size], [names[(turn + 3) % names.length]!, errSize], turn % 5 === 4 ? 1 : 0), options });
      turn++;
    }
  }
  return cases;
}

function randomCases(): Case[] {
  const arbitrary = fc.record({
    out: fc.tuple(fc.constantFrom(...names), fc.oneof(fc.nat(40), fc.nat(5000))),
    err: fc.tuple(fc.constantFrom(...names), fc.oneof(fc.constant(0), fc.nat(300))),
    code: fc.constantFrom(0, 0, 1, 2, 255),
    cap: fc.oneof(fc.constant(null), fc.nat(3000)),
    stdoutCap: fc.option(fc.oneof(fc.constant(null), fc.nat(100)), { nil: undefined }),
    keep: fc.constantFrom(...KEEPS),
    hashWindow: fc.integer({ min: 1, max: 600 }),
    previewChars: fc.nat(600),
  });
  return fc.sample(arbitrary, { seed: 20250102, numRuns: 30 }).map((c, index) => ({
    name: `random ${index}: ${c.out[1]} bytes of ${c.out[0]}, ${c.err[1]} of ${c.err[0]}, exit ${c.code}, cap ${c.cap}`,
    argv: write(c.out, c.err, c.code),
    options: { cap: c.cap, stdoutCap: c.stdoutCap, keep: c.keep, hashWindow: c.hashWindow, previewChars: c.previewChars },
  }));
}

const SPECIAL: Case[] = [
  { name: "a missing command", argv: ["/nonexistent/toolspan-no-such-command"], options: {} },
  { name: "a command that is not executable (a directory)", argv: ["/"], options: {} },
  { name: "a failing command with a stack trace", argv: [process.execPath, "-e", "throw new Error('boom')"], options: { cap: 100 } },
  { name: "a command killed by a signal", argv: [process.execPath, "-e", "process.stdout.write('x'); process.kill(process.pid, 'SIGTERM')"], options: {} },
  { name: "a command stopped by the timeout", argv: [process.execPath, "-e", "process.stdout.write('tick\\n'); setInterval(() => {}, 1000)"], options: { timeoutSeconds: 0.3, killAfterSeconds: 1 } },
  { name: "a command stopped by the idle limit (stalled)", argv: [process.execPath, "-e", "process.stderr.write('waiting'); setInterval(() => {}, 1000)"], options: { idleTimeoutSeconds: 0.3, killAfterSeconds: 1 } },
  { name: "exit 0 with no output at all", argv: [process.execPath, "-e", ""], options: {} },
  { name: "exactly 8192 bytes under the default cap", argv: write(["ascii", 8192], ["ascii", 0]), options: {} },
  { name: "exactly 30000 bytes, no cap", argv: write(["accents", 30000], ["ascii", 3]), options: { cap: null } },
  { name: "another harness's marker in the output", argv: [process.execPath, "-e", "console.log('a\\n[... Observation truncated due to length ...]\\nb')"], options: {} },
  { name: "200 literal U+FFFD characters, no cap", argv: write(["replacement", 600], ["ascii", 0]), options: { cap: null, previewChars: 512 } },
  { name: "multi-byte text cut at the cap with the tail kept", argv: write(["euro", 9001], ["emoji", 1001]), options: { cap: 1000, keep: "tail", previewChars: 10000 } },
  { name: "multi-byte text cut at both ends of head+tail", argv: write(["emoji", 9001], ["euro", 0]), options: { cap: 1001, keep: "head+tail", previewChars: 10000 } },
  { name: "a tiny hash window and preview on a clipped binary stream", argv: write(["binary", 5000], ["binary", 2]), options: { cap: 10, hashWindow: 1, previewChars: 1 } },
  { name: "a byte-order mark and CRLF output, whole in the preview", argv: write(["bom", 40], ["bom", 5]), options: { cap: null } },
  { name: "with the clip marker appended for the model", argv: write(["ascii", 500], ["euro", 500], 1), options: { cap: 50, marker: true } },
  { name: "secrets, redacted, whole in the preview", argv: secrets("env-dump.txt"), options: { cap: null, previewChars: 10000 } },
  { name: "secrets, redacted, a key cut by a head cap", argv: secrets("env-dump.txt"), options: { cap: 90 } },
  { name: "secrets, redacted, across a head+tail seam", argv: secrets("git-remote.txt"), options: { cap: 120, keep: "head+tail" } },
  { name: "secrets, redacted, tail kept, tiny preview", argv: secrets("curl-verbose.txt"), options: { cap: 200, keep: "tail", previewChars: 12 } },
  { name: "secrets, redacted, markers longer than the kept secret", argv: [process.execPath, "-e", "process.stdout.write('PASSWORD=abc')"], options: { cap: null } },
  { name: "secrets, redaction off", argv: secrets("jwt.txt"), options: { cap: null, redact: false } },
];

/** The warnings a correct span still earns, worked out from its figures (CONTRACT.md, and the rules' texts). */
function expectedWarnings(span: ToolSpan, markerInOutput: boolean): string[] {
  const expected: string[] = [];
  if (markerInOutput) expected.push("possible-second-cap/marker/stdout");
  for (const stream of ["stdout", "stderr"] as const) {
    if (!span[`${stream}_truncated`] && WELL_KNOWN_CAPS.has(span[`${stream}_bytes`])) expected.push(`possible-second-cap/exactCap/${stream}`);
  }
  // possible-pipe-stall: never on wrap's own spans, whose stalled false says both pipes were read to the end.
  if (span.stdout_bytes === 0 && span.stderr_bytes === 0 && span.returncode === 0 && span.stalled !== false) expected.unshift("possible-pipe-stall/empty");
  return expected;
}

describe("round trip: every span runTool writes lints clean", () => {
  const cases = [...gridCases(), ...randomCases(), ...SPECIAL];
  const spans: ToolSpan[] = [];
  const runId = "round-trip-run";

  test(`${cases.length} generated commands: no errors, exactly the expected warnings`, async () => {
    assert.ok(cases.length >= 70);
    const problems: string[] = [];
    const seen = { clipped: 0, binary: 0, failed: 0, neverStarted: 0, signalled: 0, timedOut: 0, stalled: 0, emptyPreview: 0, replacement: 0, redacted: 0 };
    for (let from = 0; from < cases.length; from += 8) {
      const batch = cases.slice(from, from + 8);
      const results = await Promise.all(batch.map((c) => runTool(c.argv, { stdin: "ignore", env: cleanEnv(), runId, stallGraceSeconds: 1, ...c.options })));
      results.forEach(({ span }, index) => {
        const c = batch[index]!;
        assertFullSpan(span);
        spans.push(span);
        const found = summarize(lintSpan(span as unknown as Record<string, unknown>));
        const expected = expectedWarnings(span, c.name.includes("marker in the output"));
        if (JSON.stringify(found) !== JSON.stringify(expected)) problems.push(`${c.name}: ${JSON.stringify(found)}, expected ${JSON.stringify(expected)}\n  ${JSON.stringify(span)}`);
        if (span.stdout_truncated || span.stderr_truncated) seen.clipped++;
        if (span.encoding === "binary") seen.binary++;
        if (span.returncode !== 0 && span.returncode !== null) seen.failed++;
        if (span.returncode === null) seen.neverStarted++;
        if (span.signal !== null) seen.signalled++;
        if (span.timed_out) seen.timedOut++;
        if (span.stalled) seen.stalled++;
        if (span.preview_stdout.includes("\uFFFD")) seen.replacement++;
        if (span.preview_stdout === "" && span.stdout_bytes > 0) seen.emptyPreview++;
        if (span.preview_redactions > 0) seen.redacted++;
      });
    }
    assert.deepEqual(problems, []);
    // The generated cases really reach the corners they are meant to.
    for (const [corner, count] of Object.entries(seen)) assert.ok(count > 0, `no span was ${corner}`);
    assert.ok(spans.some((s) => s.stdout_bytes === s.stdout_cap && !s.stdout_truncated), "a stream of exactly its cap");
    assert.ok(spans.some((s) => s.stdout_cap !== null && s.stdout_bytes === s.stdout_cap + 1), "a stream one byte over its cap");
    assert.ok(spans.some((s) => s.stdout_cap === 0 && s.stdout_truncated), "a cap of 0");
  });

  test("the spans as one run file: the same warnings, no file-level findings, every line accounted for", async () => {
    assert.equal(spans.length, cases.length, "the previous test ran");
    const path = writeTemp(jsonl(spans as unknown as Record<string, unknown>[]));
    const { findings, summary } = await lintPaths([path]);
    assert.equal(summary.lines, spans.length);
    assert.deepEqual(findings.filter((f) => f.severity === "error"), []);
    assert.deepEqual(findings.filter((f) => f.rule === "mixed-runs" || f.rule === "duplicate-span-id"), []);
    const expected = spans.flatMap((span, index) => expectedWarnings(span, cases[index]!.name.includes("marker in the output")).map((w) => `${index + 1} ${w}`));
    assert.deepEqual(findings.map((f) => `${f.line} ${f.rule}/${f.messageId}${f.stream ? `/${f.stream}` : ""}`), expected);
  });
});

describe("round trip through the CLI: toolspan wrap --out, then toolspan lint", () => {
  test("wraps with several options, and a wrap nested in a wrap, append to one file that lints with exit 0", async () => {
    const dir = tempDir();
    const out = join(dir, "run.jsonl");
    const env = cleanEnv({ TOOLSPAN_RUN_ID: "cli-run" });
    const wraps = [
      ["--cap", "16", "--marker", "--keep", "head+tail"],
      ["--no-cap", "--preview", "5", "--hash-window", "3"],
      ["--stdout-cap", "0", "--stderr-cap", "4096", "--keep", "tail"],
    ];
    for (const options of wraps) {
      const result = await runCli(["wrap", "--out", out, ...options, "--", ...write(["emoji", 100], ["accents", 50], 1)], { env });
      assert.equal(result.code, 1, result.stderr.toString());
    }
    // The outer wrap sees the inner one's kept bytes and its toolspan marker: no second-cap warning for that.
    const inner = cliArgv("wrap", "--out", out, "--cap", "10", "--marker", "--", ...write(["ascii", 100], ["ascii", 0]));
    const outer = await runCli(["wrap", "--out", out, "--cap", "4096", "--", ...inner], { env });
    assert.equal(outer.code, 0, outer.stderr.toString());
    const lines = readFileSync(out, "utf8").trim().split("\n");
    assert.equal(lines.length, 5);
    const [innerSpan, outerSpan] = lines.slice(3).map((line) => JSON.parse(line) as ToolSpan);
    assert.equal(innerSpan!.parent_span_id, outerSpan!.span_id, "the nested wrap links to its parent");
    assert.match(outerSpan!.preview_stdout, /\[toolspan: stdout clipped: kept 10 of 100 bytes/);
    const lint = await runCli(["lint", "--format", "jsonl", "--max-warnings", "0", out]);
    assert.equal(lint.stdout.toString(), "");
    assert.equal(lint.code, 0, lint.stderr.toString());
  });
});
