import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ARGV_REDACTION_KEYS, BLOB_ERROR_KEYS, CORE_KEYS, OWN_KEYS, RERUN_KEYS, NOTICE_KEYS, READER_KEYS } from "../../src/contract/keys.js";
import { measureBuffer, type StreamMeasure } from "../../src/meter/stream-meter.js";
import { buildSpan, type RunFacts } from "../../src/run/record.js";
import { assertFullSpan, CONTRACT_KEYS } from "../helpers/span.js";
import { sha256 } from "../helpers/fixtures.js";

const facts = (over: Partial<RunFacts> = {}): RunFacts => ({
  runId: "run-1",
  spanId: "span-1",
  parentSpanId: null,
  toolName: "pytest",
  argv: ["pytest", "-q"],
  cwd: "/work/repo",
  startedAt: new Date("2025-01-02T03:04:05.678Z"),
  durationMs: 12.5,
  returncode: 0,
  signal: null,
  timedOut: false,
  stalled: false,
  error: null,
  redaction: "on",
  argvRedactions: null,
  blobs: null,
  ...over,
});
const text = (data: string, cap: number | null = 8192): StreamMeasure => measureBuffer(Buffer.from(data), { cap });
const empty = text("");

describe("buildSpan", () => {
  test("writes every key of both contract groups but the rerun keys, blob errors and argv_redactions, and nothing else", () => {
    const span = buildSpan(facts(), text("ok\n"), empty);
    assertFullSpan(span);
    const rerunOnly: ReadonlySet<string> = new Set([...RERUN_KEYS, ...BLOB_ERROR_KEYS, ...ARGV_REDACTION_KEYS, ...NOTICE_KEYS, ...READER_KEYS]);
    const expected = [...CORE_KEYS, ...OWN_KEYS].filter((key) => !rerunOnly.has(key)).sort();
    assert.deepEqual(Object.keys(span).sort(), expected);
    assert.deepEqual([...CONTRACT_KEYS].sort(), expected, "src/contract lists the contract's keys");
  });

  test("reader_gone and {s}_delivered_bytes are written only when a reader went away", () => {
    const span = buildSpan(facts({ delivered: { gone: "stderr", stdout: 3, stderr: 0 } }), text("ok\n"), empty);
    assert.deepEqual([span.reader_gone, span.stdout_delivered_bytes, span.stderr_delivered_bytes], ["stderr", 3, 0]);
    assertFullSpan(span);
    const none = buildSpan(facts(), text("ok\n"), empty);
    for (const key of READER_KEYS) assert.equal(key in none, false, key);
  });

  test("argv_redactions is written only when argv redaction was asked for", () => {
    assert.equal(buildSpan(facts({ argvRedactions: 2, argv: ["deploy", "[REDACTED:password-flag]"] }), text("ok\n"), empty).argv_redactions, 2);
    assert.equal("argv_redactions" in buildSpan(facts(), text("ok\n"), empty), false);
  });

  test("copies the run's facts and each stream's figures under the contract's names", () => {
    const out = text("hello world\n", 5);
    const span = buildSpan(facts({ parentSpanId: "p-9", returncode: 3 }), out, text("warn\n"));
    assertFullSpan(span);
    assert.equal(span.contract, "toolspan/1");
    assert.equal(span.span_type, "tool");
    assert.equal(span.run_id, "run-1");
    assert.equal(span.span_id, "span-1");
    assert.equal(span.parent_span_id, "p-9");
    assert.equal(span.started_at, "2025-01-02T03:04:05.678Z");
    assert.equal(span.duration_ms, 12.5);
    assert.deepEqual(span.argv, ["pytest", "-q"]);
    assert.equal(span.returncode, 3);
    assert.equal(span.stdout_bytes, 12);
    assert.equal(span.stdout_cap, 5);
    assert.equal(span.stdout_truncated, true);
    assert.equal(span.stdout_sha256, null);
    assert.equal(span.stdout_stream_sha256, sha256("hello world\n"));
    assert.equal(span.stdout_kept_sha256, sha256("hello"));
    assert.equal(span.preview_stdout, "hello");
    assert.equal(span.stderr_sha256, sha256("warn\n"));
    assert.equal(span.preview_stderr, "warn\n");
    assert.equal(span.preview_redactions, 0);
    assert.equal(span.stdout_blob, null);
  });

  test("ok_preview holds only for returncode 0 with nothing clipped, timed out or stalled", () => {
    assert.equal(buildSpan(facts(), text("fine\n"), empty).ok_preview, true);
    assert.equal(buildSpan(facts({ returncode: 1 }), text("x"), empty).ok_preview, false);
    assert.equal(buildSpan(facts(), text("clipped", 3), empty).ok_preview, false);
    assert.equal(buildSpan(facts(), empty, text("clipped", 3)).ok_preview, false);
    assert.equal(buildSpan(facts({ stalled: true }), text("x"), empty).ok_preview, false);
    assert.equal(buildSpan(facts({ timedOut: true, returncode: 143, signal: "SIGTERM" }), empty, empty).ok_preview, false);
    assert.equal(buildSpan(facts({ returncode: null, error: "ENOENT: x" }), empty, empty).ok_preview, false);
  });

  test("encoding is binary when either stream is, and each stream keeps its own", () => {
    const binary = measureBuffer(Buffer.from([0x61, 0x00, 0x62]), { cap: null });
    const span = buildSpan(facts(), text("text"), binary);
    assertFullSpan(span);
    assert.equal(span.encoding, "binary");
    assert.equal(span.stdout_encoding, "utf-8");
    assert.equal(span.stderr_encoding, "binary");
    assert.equal(span.preview_stderr, "");
  });

  test("a command that never started: returncode null, error set", () => {
    const span = buildSpan(facts({ returncode: null, error: "ENOENT: nope: command not found" }), empty, empty);
    assertFullSpan(span);
    assert.equal(span.returncode, null);
    assert.equal(span.error, "ENOENT: nope: command not found");
    assert.equal(span.stdout_head_sha256, null);
  });
});
