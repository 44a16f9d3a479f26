import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import type { RerunVerdict } from "../../src/contract/span.js";
import { oracle } from "../helpers/oracle.js";
import { spanFor, withChanges } from "../helpers/lint.js";
import { NormalizedHash } from "../../src/meter/normalize.js";
import { overallVerdict, streamVerdict, verdictFor, type FreshStream } from "../../src/rerun/verdict.js";
import type { SpanObject } from "../../src/contract/span-fields.js";

/** The new stream's figures for `data`, head and tail over `window` (computed by the test oracle). */
function fresh(data: Buffer, window = 256): FreshStream {
  const m = oracle(data, { cap: null, keep: "head", hashWindow: window, previewChars: 0 });
  const normalized = new NormalizedHash();
  normalized.write(data);
  return { bytes: m.bytes, sha256: m.streamSha256, headSha256: m.headSha256, tailSha256: m.tailSha256, normalizedSha256: normalized.digest() };
}

const lines = (count: number, tag = ""): Buffer =>
  Buffer.from(Array.from({ length: count }, (_, i) => `line ${String(i).padStart(5, "0")}${tag}\n`).join(""));

const STDOUT = lines(100); // 1100 bytes: more than 2 * 256, so head and tail leave a middle
const STDERR = Buffer.from("warning: deprecated\n");

/** A span as wrap writes it for STDOUT clipped at 300 and STDERR whole. */
const recorded = (changes: Record<string, unknown> = {}): SpanObject =>
  withChanges(spanFor({ stdout: STDOUT, stderr: STDERR, stdoutCap: 300, stderrCap: 300 }), changes);

/** The same span with only the published schema's keys for stdout: no stream hash, so head and tail are all there is. */
const publishedLike = (changes: Record<string, unknown> = {}): SpanObject =>
  recorded({ stdout_stream_sha256: undefined, stdout_kept_sha256: undefined, stdout_normalized_sha256: undefined, ...changes });

describe("streamVerdict", () => {
  const middleChanged = Buffer.from(STDOUT);
  middleChanged[550] = middleChanged[550]! ^ 1;
  const tailChanged = Buffer.from(STDOUT);
  tailChanged[STDOUT.length - 3] = tailChanged[STDOUT.length - 3]! ^ 1;

  const cases: { name: string; span: SpanObject; data: Buffer; verdict: RerunVerdict; mismatched?: string[] }[] = [
    { name: "the same stream, stream hash recorded", span: recorded(), data: STDOUT, verdict: "identical" },
    { name: "a changed middle, stream hash recorded", span: recorded(), data: middleChanged, verdict: "differs", mismatched: ["stdout_stream_sha256"] },
    { name: "a changed middle, head and tail only", span: publishedLike(), data: middleChanged, verdict: "same-ends" },
    { name: "the same stream, head and tail only", span: publishedLike(), data: STDOUT, verdict: "same-ends" },
    { name: "a changed tail, head and tail only", span: publishedLike(), data: tailChanged, verdict: "differs", mismatched: ["stdout_tail_sha256"] },
    { name: "a longer stream", span: publishedLike(), data: Buffer.concat([STDOUT, Buffer.from("x")]), verdict: "differs" },
    { name: "no hashes at all", span: publishedLike({ stdout_head_sha256: null, stdout_tail_sha256: null }), data: STDOUT, verdict: "unverifiable" },
    { name: "no hashes, but the byte count disagrees", span: publishedLike({ stdout_head_sha256: null, stdout_tail_sha256: null }), data: lines(99), verdict: "differs", mismatched: ["stdout_bytes"] },
    { name: "abbreviated hashes (the published example's '9c21...') count as absent", span: publishedLike({ stdout_head_sha256: "9c21...", stdout_tail_sha256: "44de..." }), data: STDOUT, verdict: "unverifiable" },
    { name: "uppercase hex counts as absent", span: publishedLike({ stdout_tail_sha256: "A".repeat(64) }), data: STDOUT, verdict: "unverifiable" },
    { name: "head only", span: publishedLike({ stdout_tail_sha256: null }), data: STDOUT, verdict: "unverifiable" },
  ];
  for (const { name, span, data, verdict, mismatched } of cases) {
    test(name, () => {
      const result = streamVerdict(span, "stdout", fresh(data));
      assert.equal(result.verdict, verdict);
      if (mismatched) assert.deepEqual(result.mismatched, mismatched);
      assert.equal(result.newBytes, data.length);
    });
  }

  test("head and tail over the old hash_window, not the default", () => {
    const span = publishedLike({ hash_window: 64 });
    const small = spanFor({ stdout: STDOUT, stderr: STDERR, stdoutCap: 300, hashWindow: 64 });
    const withSmallHashes = withChanges(span, { stdout_head_sha256: small.stdout_head_sha256, stdout_tail_sha256: small.stdout_tail_sha256 });
    assert.equal(streamVerdict(withSmallHashes, "stdout", fresh(STDOUT, 64)).verdict, "same-ends");
    assert.equal(streamVerdict(withSmallHashes, "stdout", fresh(STDOUT, 256)).verdict, "differs");
  });

  test("a stream that differs only in run-to-run noise is identical-normalized; one that differs in a value is differs", () => {
    const run = (seconds: string, right: number) => Buffer.from(`${lines(40)}  left: 4\n right: ${right}\ntest result: FAILED. finished in ${seconds}\n`);
    const span = withChanges(spanFor({ stdout: run("0.18s", 5), stderr: STDERR, stdoutCap: 300 }), {});
    const slower = streamVerdict(span, "stdout", fresh(run("10.09s", 5)));
    assert.equal(slower.verdict, "identical-normalized");
    assert.deepEqual(slower.mismatched, ["stdout_bytes", "stdout_stream_sha256", "stdout_tail_sha256"]);
    assert.equal(slower.normalized?.match, true);
    assert.equal(slower.normalized?.old, span.stdout_normalized_sha256);
    const changed = streamVerdict(span, "stdout", fresh(run("0.18s", 6)));
    assert.equal(changed.verdict, "differs");
    assert.equal(changed.normalized?.match, false);
    assert.equal(streamVerdict(span, "stdout", fresh(run("0.18s", 5))).verdict, "identical");
  });

  test("normalised hashes made by another table, or absent, are not compared", () => {
    const run = (seconds: string) => Buffer.from(`${lines(40)}finished in ${seconds}\n`);
    const span = spanFor({ stdout: run("0.18s"), stderr: STDERR, stdoutCap: 300 });
    const other = streamVerdict(withChanges(span, { normalization: "rules-000000000000" }), "stdout", fresh(run("0.19s")));
    assert.equal(other.verdict, "differs");
    assert.equal(other.normalized, null);
    assert.match(other.normalizedNote ?? "", /other rules \(rules-000000000000/);
    const none = streamVerdict(withChanges(span, { stdout_normalized_sha256: null }), "stdout", fresh(run("0.19s")));
    assert.equal(none.verdict, "differs");
    assert.match(none.normalizedNote ?? "", /no normalised hash/);
  });

  test("normalised hashes that differ prove differs even where head and tail match", () => {
    const span = publishedLike({ stdout_normalized_sha256: spanFor({ stdout: STDOUT, stderr: STDERR }).stdout_normalized_sha256 });
    const middleChanged = Buffer.from(STDOUT);
    middleChanged[550] = 0x41;
    assert.equal(streamVerdict(span, "stdout", fresh(middleChanged)).verdict, "differs");
    assert.equal(streamVerdict(span, "stdout", fresh(STDOUT)).verdict, "identical-normalized");
  });

  test("head and tail that cover every byte prove identical: there is no middle", () => {
    const short = lines(30); // 330 bytes <= 2 * 256
    const span = withChanges(spanFor({ stdout: short, stderr: STDERR, stdoutCap: 100 }), { stdout_stream_sha256: undefined });
    assert.equal(streamVerdict(span, "stdout", fresh(short)).verdict, "identical");
  });

  test("an empty stream that stays empty is identical without any hash", () => {
    const span = recorded({ stderr_bytes: 0, stderr_sha256: null, stderr_stream_sha256: undefined, stderr_head_sha256: null, stderr_tail_sha256: null });
    assert.equal(streamVerdict(span, "stderr", fresh(Buffer.alloc(0))).verdict, "identical");
    assert.equal(streamVerdict(span, "stderr", fresh(Buffer.from("x"))).verdict, "differs");
  });
});

describe("verdictFor and overallVerdict", () => {
  test("the weakest stream decides", () => {
    const table: [RerunVerdict[], RerunVerdict][] = [
      [["identical", "identical"], "identical"],
      [["identical", "same-ends"], "same-ends"],
      [["same-ends", "unverifiable"], "unverifiable"],
      [["unverifiable", "differs"], "differs"],
      [["differs", "identical"], "differs"],
      [["identical", "identical-normalized"], "identical-normalized"],
      [["identical-normalized", "same-ends"], "same-ends"],
      [["identical", "incomplete"], "incomplete"],
      [["differs", "incomplete"], "incomplete"],
      [[], "identical"],
    ];
    for (const [verdicts, overall] of table) assert.equal(overallVerdict(verdicts), overall, verdicts.join(" + "));
  });

  test("a rerun that did not finish is incomplete, each stream and overall, whatever its streams hold", () => {
    const result = verdictFor(recorded(), { stdout: fresh(STDOUT), stderr: fresh(STDERR) }, "the rerun timed out");
    assert.deepEqual(result.streams.map((s) => s.verdict), ["incomplete", "incomplete"]);
    assert.equal(result.verdict, "incomplete");
    assert.equal(result.incomplete, "the rerun timed out");
    assert.ok(result.streams[0]!.matched.includes("stdout_stream_sha256"), "the figures compared are kept");
  });

  test("both streams are compared", () => {
    const result = verdictFor(recorded(), { stdout: fresh(STDOUT), stderr: fresh(Buffer.from("other\n")) });
    assert.deepEqual(result.streams.map((s) => s.verdict), ["identical", "differs"]);
    assert.equal(result.verdict, "differs");
  });
});

describe("properties", () => {
  const stream = fc.uint8Array({ minLength: 0, maxLength: 1500 }).map((a) => Buffer.from(a));
  const window = fc.integer({ min: 1, max: 300 });
  const cap = fc.integer({ min: 0, max: 1600 });

  test("a stream compared with itself is never differs, whatever the cap and window", () => {
    fc.assert(
      fc.property(stream, window, cap, fc.boolean(), (data, w, c, seed) => {
        const base = spanFor({ stdout: data, stderr: STDERR, stdoutCap: c, hashWindow: w });
        const span = seed ? withChanges(base, { stdout_stream_sha256: undefined }) : base;
        const verdict = streamVerdict(span, "stdout", fresh(data, w)).verdict;
        assert.ok(verdict === "identical" || verdict === "same-ends", verdict);
        if (!seed) assert.equal(verdict, "identical");
      }),
    );
  });

  test("flipping one byte inside the head or tail window gives differs, even without a whole-stream hash", () => {
    fc.assert(
      fc.property(
        stream.filter((d) => d.length > 0),
        window,
        cap,
        fc.nat(),
        fc.boolean(),
        (data, w, c, pick, inHead) => {
          const span = withChanges(spanFor({ stdout: data, stderr: STDERR, stdoutCap: c, hashWindow: w }), {
            stdout_stream_sha256: undefined,
            stdout_sha256: null,
          });
          const reach = Math.min(w, data.length);
          const at = inHead ? pick % reach : data.length - 1 - (pick % reach);
          const flipped = Buffer.from(data);
          flipped[at] = flipped[at]! ^ 0xff;
          assert.equal(streamVerdict(span, "stdout", fresh(flipped, w)).verdict, "differs");
        },
      ),
    );
  });
});
