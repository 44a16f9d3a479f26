#!/usr/bin/env node
// Writes N realistic toolspan/1 tool spans as JSONL: one agent run's trace, for benchmarking linters.
//
//   node bench/gen-spans.mjs N [SEED] [--defect-rate R] [--out FILE] [--summary]
//
// N may be written 100k or 1M. SEED (default 1) fixes everything: the same N and SEED give the same bytes,
// and the first N spans of a larger file are the N spans of a smaller one. --defect-rate (default 0.01) is
// the share of spans that carry one planted defect, each of which `toolspan lint` reports as an error;
// --defect-rate 0 gives a trace on which it reports nothing at all (no error, no warning). --out writes to
// FILE instead of stdout; --summary prints one JSON line of counts on stderr when done (the benchmark
// checks the linters against it).
//
// What the spans look like:
// - Two writers share the run, as when a harness records some tools itself: a third of the spans come from
//   `toolspan wrap` (every key of the contract, ~1.9 KB each) and two thirds from a writer that follows only the
//   seed schema (the core keys, ~1.1 KB each); together they average about 1.4 KB a span, so 100k spans are
//   about 140 MB.
// - Output from pytest, npm/jest, cargo, go test, git, ls, grep, cat, tsc: previews of a few hundred
//   characters (a clipped or longer stream's preview is exactly 512, the preview limit), a little non-ASCII
//   text, quotes and tabs that JSON escapes.
// - About 20% of stdout streams are clipped at the 8192-byte cap, a few are empty or binary; most stderr
//   streams are empty. The figures agree with each other as the contract requires: where a preview is the
//   whole stream its sha256 (and, up to 256 bytes, its head and tail hashes) are the real ones; elsewhere the
//   hashes are well-formed stand-ins, since the bytes they would hash are not in the trace.
import { createHash } from "node:crypto";
import * as crypto from "node:crypto";
import { closeSync, openSync, writeSync } from "node:fs";
import { once } from "node:events";

const USAGE = "usage: node bench/gen-spans.mjs N [SEED] [--defect-rate R] [--out FILE] [--summary]";

function parseArgs(argv) {
  const options = { count: null, seed: 1, defectRate: 0.01, out: null, summary: false };
  const positional = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) fail(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === "--defect-rate") options.defectRate = Number(value());
    else if (arg === "--out") options.out = value();
    else if (arg === "--summary") options.summary = true;
    else if (arg === "--help" || arg === "-h") {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else if (arg.startsWith("--")) fail(`unknown option ${arg}`);
    else positional.push(arg);
  }
  if (positional.length < 1 || positional.length > 2) fail("N is required");
  options.count = parseCount(positional[0]);
  if (positional[1] !== undefined) options.seed = Number(positional[1]);
  if (!Number.isInteger(options.seed)) fail(`bad seed '${positional[1]}'`);
  if (!(options.defectRate >= 0 && options.defectRate <= 1)) fail("--defect-rate takes a number from 0 to 1");
  return options;
}

function parseCount(text) {
  const match = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(text);
  if (!match) fail(`bad span count '${text}' (e.g. 2000, 100k, 1M)`);
  const n = Number(match[1]) * { "": 1, k: 1e3, m: 1e6 }[match[2].toLowerCase()];
  if (!Number.isSafeInteger(n)) fail(`bad span count '${text}'`);
  return n;
}

function fail(message) {
  process.stderr.write(`gen-spans: ${message}\n${USAGE}\n`);
  process.exit(2);
}

const options = parseArgs(process.argv.slice(2));

// mulberry32: small, fast, and the same on every platform.
let state = options.seed >>> 0;
const next32 = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
};
const random = () => next32() / 2 ** 32;
const below = (n) => Math.floor(random() * n);
const pick = (items) => items[below(items.length)];
const hex8 = () => next32().toString(16).padStart(8, "0");
// A megabyte of random hex digits, drawn once: a stand-in hash is a slice of it at a random place (building
// each from eight words was a large share of the generator's time).
const HEX_POOL = Array.from({ length: 1 << 17 }, hex8).join("");
/** A well-formed sha256 stand-in, for bytes that are not in the trace. */
const fakeHash = () => {
  const at = next32() % (HEX_POOL.length - 64);
  return HEX_POOL.slice(at, at + 64);
};

const oneShot = crypto.hash;
const sha256 = oneShot ? (data) => oneShot("sha256", data) : (data) => createHash("sha256").update(data).digest("hex");
const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const CAP = 8192;
const PREVIEW_CHARS = 512;
const HASH_WINDOW = 256;
// Sizes some wrappers cap at: an unclipped stream of exactly one of these is (rightly) a lint warning.
const KNOWN_CAPS = new Set([4096, 8192]);

// ---- what the tools print ---------------------------------------------------------------------------------

const modules = ["billing", "invoices", "refunds", "ledger", "currency", "tax", "sync", "auth", "search", "export"];
const pad = (n, width) => String(n).padStart(width, "0");
const num = (n) => below(n);

/** Each tool: its argv, the lines it prints on stdout and stderr, and how often it fails. */
const TOOLS = [
  {
    name: "pytest",
    argv: () => ["pytest", "-q", `tests/test_${pick(modules)}.py`],
    failRate: 0.25,
    out: () =>
      pick([
        () => `tests/test_${pick(modules)}.py::test_${pick(modules)}_case_${pad(num(400), 3)} PASSED${" ".repeat(1 + num(8))}[${String(num(100)).padStart(3)}%]`,
        () => `tests/test_${pick(modules)}.py::test_${pick(modules)}_rounding FAILED                         [${String(num(100)).padStart(3)}%]`,
        () => "============================= test session starts ==============================",
        () => `platform linux -- Python 3.11.7, pytest-8.3.2, pluggy-1.5.0`,
        () => `collected ${num(900)} items`,
        () => `E       AssertionError: assert Decimal('10.0${num(10)}') == Decimal('10.00')`,
        () => `>       assert refund == Decimal("10.00")`,
        () => `tests/test_${pick(modules)}.py:${num(400)}: AssertionError`,
        () => `======================== ${num(3)} failed, ${num(500)} passed in ${(random() * 9).toFixed(2)}s =========================`,
      ])(),
    err: () => `  /usr/lib/python3.11/site-packages/_pytest/config/__init__.py:${num(1400)}: PytestConfigWarning: Unknown config option: asyncio_mode`,
  },
  {
    name: "npm",
    argv: () => ["npm", "test", "--", `src/${pick(modules)}`],
    failRate: 0.2,
    out: () =>
      pick([
        () => ` PASS  src/${pick(modules)}/${pick(modules)}.test.ts (${(random() * 3).toFixed(3)} s)`,
        () => ` FAIL  src/${pick(modules)}/${pick(modules)}.test.ts`,
        () => `  ✓ computes the ${pick(modules)} total for "${pick(modules)}" (${num(90)} ms)`,
        () => `  ✕ rounds half-even — expected 10.00, received 10.01 (${num(40)} ms)`,
        () => `    Expected: "10.00"\n    Received: "10.01"`,
        () => `Tests:       ${num(3)} failed, ${num(300)} passed, ${num(310)} total`,
        () => `> acme-${pick(modules)}@2.${num(20)}.${num(9)} test`,
      ])(),
    err: () => `npm WARN deprecated ${pick(["inflight@1.0.6", "glob@7.2.3", "rimraf@3.0.2"])}: This module is not supported, and leaks memory.`,
  },
  {
    name: "cargo",
    argv: () => ["cargo", pick(["build", "test", "clippy"])],
    failRate: 0.15,
    // cargo writes its progress to stderr, and test results to stdout.
    out: () => `test ${pick(modules)}::tests::${pick(modules)}_${num(99)} ... ${random() < 0.95 ? "ok" : "FAILED"}`,
    err: () =>
      pick([
        () => `   Compiling ${pick(["serde", "tokio", "regex", "anyhow", "clap"])} v1.${num(40)}.${num(20)}`,
        () => `warning: unused variable: \`${pick(modules)}\`\n  --> src/${pick(modules)}.rs:${num(300)}:${num(40)}`,
        () => `    Finished \`dev\` profile [unoptimized + debuginfo] target(s) in ${(random() * 60).toFixed(2)}s`,
      ])(),
  },
  {
    name: "go",
    argv: () => ["go", "test", "./..."],
    failRate: 0.15,
    out: () =>
      pick([
        () => `ok  \tgithub.com/acme/${pick(modules)}/internal/${pick(modules)}\t${(random()).toFixed(3)}s`,
        () => `--- FAIL: Test${pick(modules)}Rounding (0.00s)`,
        () => `    ${pick(modules)}_test.go:${num(200)}: got 10.01, want 10.00`,
        () => `FAIL\tgithub.com/acme/${pick(modules)}\t${(random()).toFixed(3)}s`,
      ])(),
    err: () => `go: downloading github.com/stretchr/testify v1.${num(10)}.${num(5)}`,
  },
  {
    name: "git",
    argv: () => ["git", pick(["status", "diff", "log", "show"])],
    failRate: 0.02,
    out: () =>
      pick([
        () => `diff --git a/src/${pick(modules)}.ts b/src/${pick(modules)}.ts`,
        () => `@@ -${num(300)},7 +${num(300)},9 @@ export function ${pick(modules)}Total(items: Item[]) {`,
        () => `+  const total = items.reduce((sum, item) => sum + item.amount, 0);`,
        () => `-  return Math.round(total * 100) / 100;`,
        () => `commit ${hex8()}${hex8()}${hex8()}${hex8()}${hex8()}`,
        () => `Author: Zoë Durand <zoe@example.com>`,
        () => `	modified:   src/${pick(modules)}/${pick(modules)}.ts`,
      ])(),
    err: () => `warning: in the working copy of 'src/${pick(modules)}.ts', LF will be replaced by CRLF the next time Git touches it`,
  },
  {
    name: "ls",
    argv: () => ["ls", "-la", `src/${pick(modules)}`],
    failRate: 0.02,
    out: () => `-rw-r--r--  1 agent agent ${String(num(40000)).padStart(6)} Dec  1 0${num(9)}:${pad(num(60), 2)} ${pick(modules)}_${pick(modules)}.ts`,
    err: () => `ls: cannot access 'src/${pick(modules)}': No such file or directory`,
  },
  {
    name: "grep",
    argv: () => ["grep", "-rn", pick(modules), "src"],
    failRate: 0.1,
    out: () => `src/${pick(modules)}/${pick(modules)}.py:${num(500)}:    return amount.quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN)  # ${pick(modules)}`,
    err: () => `grep: src/${pick(modules)}/cache.bin: binary file matches`,
  },
  {
    name: "cat",
    argv: () => ["cat", `src/${pick(modules)}/${pick(modules)}.py`],
    failRate: 0.01,
    out: () =>
      pick([
        () => `def ${pick(modules)}_total(items: list["Item"]) -> Decimal:`,
        () => `    """Sums the ${pick(modules)} amounts; rounds half-even to the cent."""`,
        () => `    total = sum((item.amount for item in items), Decimal("0"))`,
        () => `from .${pick(modules)} import ${pick(modules)}_rate  # noqa: F401`,
        () => `        raise ValueError(f"unknown currency: {code!r}")`,
      ])(),
    err: () => `cat: src/${pick(modules)}.py: No such file or directory`,
  },
  {
    name: "tsc",
    argv: () => ["npx", "tsc", "--noEmit"],
    failRate: 0.3,
    out: () => `src/${pick(modules)}/${pick(modules)}.ts(${num(300)},${num(40)}): error TS2322: Type 'string' is not assignable to type 'number'.`,
    err: () => `npm notice New minor version of npm available! 10.${num(9)}.0 -> 10.${num(9) + 1}.0`,
  },
];

// Lines are drawn from a pool per tool and stream, built once: making each line afresh would be most of the
// generator's time, and a few hundred variants per tool are as varied as a test log is.
const POOL_SIZE = 256;
for (const tool of TOOLS) {
  for (const key of ["out", "err"]) {
    const make = tool[key];
    const pool = Array.from({ length: POOL_SIZE }, make);
    tool[key] = () => pool[below(POOL_SIZE)];
  }
}

/** Lines for a stream of at least `minChars` characters (or, with `maxChars`, as many as fit in it). */
function text(lineOf, minChars, maxChars = Infinity) {
  let out = "";
  for (;;) {
    const line = `${lineOf()}\n`;
    if (out.length + line.length > maxChars) return out.length > 0 ? out : line.slice(0, maxChars);
    out += line;
    if (out.length >= minChars) return out;
  }
}

// ---- one stream's figures -----------------------------------------------------------------------------

/**
 * One stream, with figures that agree: `kind` is empty, whole (the preview is the whole stream), long
 * (unclipped, longer than the preview), clipped or binary.
 */
function stream(kind, lineOf) {
  if (kind === "empty") {
    return { bytes: 0, truncated: false, sha256: EMPTY_SHA256, stream: EMPTY_SHA256, head: null, tail: null, kept: EMPTY_SHA256, preview: "", encoding: "utf-8" };
  }
  if (kind === "whole") {
    // A few hundred characters, all of them in the preview: every hash is checkable, so every hash is real.
    const preview = text(lineOf, 40 + below(380), PREVIEW_CHARS);
    const bytes = Buffer.from(preview, "utf8");
    const full = sha256(bytes);
    const head = bytes.length <= HASH_WINDOW ? full : sha256(bytes.subarray(0, HASH_WINDOW));
    const tail = bytes.length <= HASH_WINDOW ? full : sha256(bytes.subarray(bytes.length - HASH_WINDOW));
    return { bytes: bytes.length, truncated: false, sha256: full, stream: full, head, tail, kept: full, preview, encoding: "utf-8" };
  }
  if (kind === "binary") {
    let size = random() < 0.7 ? 1 + below(CAP) : CAP + 1 + below(1 << 20);
    if (KNOWN_CAPS.has(size)) size++;
    const clipped = size > CAP;
    const full = fakeHash();
    const small = size <= HASH_WINDOW; // then head and tail cover the whole stream
    return {
      bytes: size,
      truncated: clipped,
      sha256: clipped ? null : full,
      stream: full,
      head: small ? full : fakeHash(),
      tail: small ? full : fakeHash(),
      kept: clipped ? fakeHash() : full,
      preview: "",
      encoding: "binary",
    };
  }
  // long or clipped: the preview is the first 512 characters of the kept bytes.
  const preview = text(lineOf, PREVIEW_CHARS).slice(0, PREVIEW_CHARS);
  const previewBytes = Buffer.byteLength(preview, "utf8");
  if (kind === "long") {
    let size = previewBytes + 1 + below(CAP - previewBytes - 1); // up to 8191: under the cap
    if (KNOWN_CAPS.has(size)) size++;
    const full = fakeHash();
    return { bytes: size, truncated: false, sha256: full, stream: full, head: fakeHash(), tail: fakeHash(), kept: full, preview, encoding: "utf-8" };
  }
  // Clipped: log-uniform from just over the cap to ~2 MB, as build and test logs run.
  const size = CAP + 1 + Math.floor(Math.exp(random() * Math.log(2 << 20)));
  return { bytes: size, truncated: true, sha256: null, stream: fakeHash(), head: fakeHash(), tail: fakeHash(), kept: fakeHash(), preview, encoding: "utf-8" };
}

function stdoutKind(tool) {
  const r = random();
  if (r < 0.2) return "clipped";
  if (r < 0.4) return "long";
  if (r < 0.88) return "whole";
  if (r < 0.995) return tool.name === "cargo" || tool.name === "grep" || tool.name === "tsc" ? "empty" : "whole";
  return "binary";
}

function stderrKind(tool) {
  const r = random();
  // cargo talks on stderr; everything else mostly does not.
  const talks = tool.name === "cargo" ? 0.8 : 0.15;
  if (r >= talks) return "empty";
  const s = random();
  return s < 0.85 ? "whole" : s < 0.97 ? "long" : "clipped";
}

// ---- one span ---------------------------------------------------------------------------------------

const runId = fakeHash().slice(0, 32);
let clock = Date.UTC(2026, 11, 1, 3, 16, 21);
// span ids: 8 random hex digits, then the index passed through a 32-bit bijection, so no two are equal.
const mixIndex = (i) => {
  let x = Math.imul(i ^ 0x5bd1e995, 0x9e3779b1) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  return (x ^ (x >>> 13)) >>> 0;
};

function makeSpan(index) {
  const tool = pick(TOOLS);
  const toolspanWritten = random() < 1 / 3;
  const out = stream(stdoutKind(tool), tool.out);
  let err = stream(stderrKind(tool), tool.err);
  let returncode = random() < tool.failRate ? (tool.name === "grep" ? 1 : pick([1, 1, 1, 2])) : 0;
  let signal = null;
  let timedOut = false;
  let error = null;
  const special = toolspanWritten ? random() : 1;
  if (special < 0.002) {
    // killed by --timeout
    timedOut = true;
    signal = "SIGKILL";
    returncode = 137;
  } else if (special < 0.003) {
    // never started
    error = "ENOENT";
    returncode = null;
    Object.assign(out, stream("empty"));
    err = stream("empty");
  }
  // Both streams empty with returncode 0 is a possible pipe stall (a lint warning): say something on stderr.
  if (out.bytes === 0 && err.bytes === 0 && returncode === 0) err = stream("whole", tool.err);
  const okPreview = returncode === 0 && !out.truncated && !err.truncated && !timedOut;
  const encoding = out.encoding === "binary" || err.encoding === "binary" ? "binary" : "utf-8";
  const argv = tool.argv();
  const durationMs = Math.round(Math.exp(random() * Math.log(60000)) * 1000) / 1000;
  const startedAt = new Date(clock).toISOString();
  clock += Math.ceil(durationMs) + below(4000);

  if (!toolspanWritten) {
    // The published schema's keys, in its order.
    return {
      span_type: "tool", tool_name: tool.name, argv, cwd: "/work/repo", returncode,
      stdout_bytes: out.bytes, stderr_bytes: err.bytes, stdout_cap: CAP, stderr_cap: CAP,
      stdout_truncated: out.truncated, stderr_truncated: err.truncated,
      stdout_sha256: out.sha256, stderr_sha256: err.sha256,
      stdout_head_sha256: out.head, stdout_tail_sha256: out.tail, stderr_head_sha256: err.head, stderr_tail_sha256: err.tail,
      preview_stdout: out.preview, preview_stderr: err.preview, encoding, ok_preview: okPreview,
    };
  }
  // Every key, in the order `toolspan wrap` writes them.
  return {
    contract: "toolspan/1", span_type: "tool", run_id: runId, span_id: hex8() + mixIndex(index).toString(16).padStart(8, "0"),
    parent_span_id: null, tool_name: tool.name, argv, cwd: "/work/repo", started_at: startedAt, duration_ms: durationMs,
    returncode, signal, timed_out: timedOut, stalled: false, error, ok_preview: okPreview, encoding,
    hash_window: HASH_WINDOW, preview_chars: PREVIEW_CHARS, preview_redactions: 0,
    stdout_bytes: out.bytes, stdout_cap: CAP, stdout_truncated: out.truncated, stdout_keep: "head",
    stdout_sha256: out.sha256, stdout_stream_sha256: out.stream, stdout_head_sha256: out.head, stdout_tail_sha256: out.tail,
    stdout_kept_sha256: out.kept, stdout_encoding: out.encoding, stdout_blob: null, preview_stdout: out.preview,
    stderr_bytes: err.bytes, stderr_cap: CAP, stderr_truncated: err.truncated, stderr_keep: "head",
    stderr_sha256: err.sha256, stderr_stream_sha256: err.stream, stderr_head_sha256: err.head, stderr_tail_sha256: err.tail,
    stderr_kept_sha256: err.kept, stderr_encoding: err.encoding, stderr_blob: null, preview_stderr: err.preview,
  };
}

// ---- planted defects ----------------------------------------------------------------------------------

// Each one is a finding of severity error for `toolspan lint`, whatever the span it lands on.
const DEFECTS = [
  // Tool Previews Lie's first failure (clipped, no flag) or its mirror (flag under the cap).
  (span) => void (span.stdout_truncated = !span.stdout_truncated),
  // Tool Previews Lie's incident: a preview that claims success after a clip (or after a failure).
  (span) => {
    if (!span.stdout_truncated && !span.stderr_truncated && span.returncode === 0) span.returncode = 1;
    span.ok_preview = true;
  },
  // The published example record's placeholder hash.
  (span) => void (span.stdout_sha256 = "b3a1..."),
  // A required key dropped.
  (span) => void delete span.encoding,
  // A byte count that cannot be one.
  (span) => void (span.stdout_bytes = -1),
  // A full-stream hash on a clipped stream; on an empty one, not the empty stream's; on one whose preview is
  // the whole stream, not the preview's; elsewhere (nothing to check it against), not a hash at all.
  (span, index) => {
    const wrong = sha256(`defect ${index}`);
    const whole = span.encoding === "utf-8" && Buffer.byteLength(span.preview_stdout, "utf8") === span.stdout_bytes;
    span.stdout_sha256 = span.stdout_truncated || span.stdout_bytes === 0 || whole ? wrong : "b3a1...";
  },
];

// ---- output -------------------------------------------------------------------------------------------

const BATCH_BYTES = 8 << 20;
const fd = options.out === null ? null : openSync(options.out, "w");
// `... | head`: a reader that has seen enough is no error.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});
const write = async (chunk) => {
  if (fd !== null) writeSync(fd, chunk);
  else if (!process.stdout.write(chunk)) await once(process.stdout, "drain");
};

const summary = { spans: options.count, bytes: 0, defective: 0, stdout_truncated: 0, toolspan_written: 0 };
let batch = [];
let batchChars = 0;
for (let i = 0; i < options.count; i++) {
  const span = makeSpan(i);
  if ("contract" in span) summary.toolspan_written++;
  // Drawn for every span, so a defect rate changes which spans are defective but not the spans themselves.
  const defectRoll = random();
  const defectKind = below(DEFECTS.length);
  if (defectRoll < options.defectRate) {
    DEFECTS[defectKind](span, i);
    summary.defective++;
  }
  if (span.stdout_truncated === true) summary.stdout_truncated++;
  const line = JSON.stringify(span);
  batch.push(line);
  batchChars += line.length + 1;
  if (batchChars >= BATCH_BYTES) {
    const chunk = Buffer.from(`${batch.join("\n")}\n`, "utf8");
    summary.bytes += chunk.length;
    await write(chunk);
    batch = [];
    batchChars = 0;
  }
}
if (batch.length > 0) {
  const chunk = Buffer.from(`${batch.join("\n")}\n`, "utf8");
  summary.bytes += chunk.length;
  await write(chunk);
}
if (fd !== null) closeSync(fd);
if (options.summary) process.stderr.write(`${JSON.stringify(summary)}\n`);
