import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import fc from "fast-check";
import { createHash } from "node:crypto";
import {
  NORMALIZATION_ID,
  NORMALIZATIONS,
  NORMALIZE_LINE_BYTES,
  NormalizedHash,
  normalizeForDiff,
} from "../../src/meter/normalize.js";
import { oracleNormalizedSha256 } from "../helpers/oracle.js";
import { repoPath } from "../helpers/repo.js";

describe("normalizeForDiff", () => {
  const table: [string, string][] = [
    ["started 2025-01-02T03:04:05.678Z ok", "started <TIMESTAMP> ok"],
    ["at 2025-01-02 03:04:05,123+02:00 ok", "at <TIMESTAMP> ok"],
    ["2025/01/02 03:04:05 listening", "<TIMESTAMP> listening"],
    ['127.0.0.1 - - [02/Jan/2025:03:04:05 +0000] "GET /"', '127.0.0.1 - - [<TIMESTAMP>] "GET /"'],
    ["Date: Thu, 02 Jan 2025 03:04:05 GMT", "Date: <TIMESTAMP>"],
    ["Jan  2 03:04:05 host sshd[1234]: accepted", "<TIMESTAMP> host sshd[<PID>]: accepted"],
    ["at 03:04:05.678 done", "at <TIME> done"],
    ["1 failed, 380 passed in 3.21s", "1 failed, 380 passed in <DURATION>"],
    ["took 0.42 seconds", "took <DURATION>"],
    ["setup 12ms, teardown 250us, total 1m2.5s", "setup <DURATION>, teardown <DURATION>, total <DURATION>"],
    ["waited 3 secs", "waited <DURATION>"],
    ["<object at 0x7ffd1234abcd>", "<object at 0x<ADDR>>"],
    ["worker (pid 4242) and PID=77, pid: 9", "worker (pid <PID>) and PID=<PID>, pid: <PID>"],
    ["[31337] started", "[<PID>] started"],
    ["wrote /tmp/pytest-of-root/pytest-12/report.xml", "wrote <TMP>"],
    ["in /var/folders/xy/abc123/T/tmpq1:3", "in <TMP>:3"],
    ["/private/tmp/x.log and /var/tmp/y", "<TMP> and <TMP>"],
    ["C:\\Users\\ann\\AppData\\Local\\Temp\\pytest-1\\a.txt", "<TMP>"],
    // node --test (TAP): the unit is in the name.
    ["  duration_ms: 1.882446", "  duration_ms: <DURATION>"],
    ["# duration_ms 155.956864", "# duration_ms <DURATION>"],
    ['{"elapsed_ms": 12, "dur_ms=3.5"}', '{"elapsed_ms": <DURATION>, "dur_ms=<DURATION>"}'],
    ["✔ adds (0.512ms)", "✔ adds (<DURATION>)"],
    // cargo test (libtest): the panicking thread's OS id, the run's time.
    ["thread 'tests::fails' (12526) panicked at src/lib.rs:8:26:", "thread 'tests::fails' (<TID>) panicked at src/lib.rs:8:26:"],
    ["test result: FAILED. 3 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.18s", "test result: FAILED. 3 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in <DURATION>"],
    ["    Finished `test` profile [unoptimized + debuginfo] target(s) in 0.01s", "    Finished `test` profile [unoptimized + debuginfo] target(s) in <DURATION>"],
    // pytest centres its summary: the padding follows the width of the time.
    ["========================= 1 failed, 60 passed in 0.08s =========================", "=== 1 failed, 60 passed in <DURATION> ==="],
    ["======================== 1 failed, 60 passed in 10.08s =========================", "=== 1 failed, 60 passed in <DURATION> ==="],
    ["go: ok  \texample.com/pkg\t250µs", "go: ok  \texample.com/pkg\t<DURATION>"],
  ];
  for (const [input, output] of table) test(JSON.stringify(input), () => assert.equal(normalizeForDiff(input), output));

  test("plain text, test ids and small numbers are left alone", () => {
    const plain = [
      "tests/test_billing.py::test_refund_rounding FAILED                         [100%]",
      "test_param[100] PASSED [ 42%]",
      "tests/test_billing.py:88: AssertionError",
      "E       AssertionError: assert Decimal('10.01') == Decimal('10.00')",
      "exit code 0x1, 8192 bytes, 3 passed, version 1.2.3, /home/tmp/file, 5 secrets",
    ].join("\n");
    assert.equal(normalizeForDiff(plain), plain);
  });

  test("two runs differing only in times, durations, pids, addresses and temp paths normalise equal", () => {
    const run = (n: number, pid: number) =>
      `2025-01-0${n}T10:0${n}:00Z start pid ${pid}\nobj 0x7f00${pid}aa\nok in ${n}.${n}s\n/tmp/run-${pid}/out\n`;
    assert.notEqual(run(1, 100), run(2, 200));
    assert.equal(normalizeForDiff(run(1, 100)), normalizeForDiff(run(2, 200)));
  });

  test("a test's name, an assertion's values, a count or a banner's text that differ still differ", () => {
    const pairs: [string, string][] = [
      ["test_demo.py::test_refund PASSED      [ 50%]", "test_demo.py::test_refunds PASSED     [ 50%]"],
      ["E       AssertionError: assert {'a': 1} == {'a': 2}", "E       AssertionError: assert {'a': 1} == {'a': 3}"],
      ["  left: 4\n right: 5", "  left: 4\n right: 6"],
      ["test tests::adds ... ok", "test tests::adds ... FAILED"],
      ["======== 1 failed, 60 passed in 0.08s ========", "======== 2 failed, 59 passed in 0.08s ========"],
      ["# pass 2\n# fail 1", "# pass 3\n# fail 0"],
      ["test_timeout_5s PASSED", "test_timeout_6s PASSED"],
      ["test_param[100] PASSED", "test_param[101] PASSED"],
      ["  duration_ms: 1.5\n  expected: 3", "  duration_ms: 1.5\n  expected: 4"],
      ["================ FAILURES ================", "=============== FAILURES ================"],
    ];
    for (const [a, b] of pairs) assert.notEqual(normalizeForDiff(a), normalizeForDiff(b), `${a} / ${b}`);
  });

  test("property: text without digits is unchanged", () => {
    fc.assert(fc.property(fc.string().map((s) => s.replace(/[0-9]/g, "")), (text) => assert.equal(normalizeForDiff(text), text)));
  });

  test("docs/rerun.md lists every rule", () => {
    const page = readFileSync(repoPath("docs/rerun.md"), "utf8");
    for (const rule of NORMALIZATIONS) assert.ok(page.includes(`\`${rule.id}\``), `docs/rerun.md names ${rule.id}`);
  });

  test("property: skipping a rule whose guard is absent changes nothing", () => {
    const unguarded = (text: string) => NORMALIZATIONS.reduce((result, rule) => result.replace(rule.pattern, rule.replacement), text);
    fc.assert(fc.property(noisyText, (text) => assert.equal(normalizeForDiff(text), unguarded(text))), { numRuns: 2000 });
  });

  test("property: every rule is line-local: a text normalises as its lines do, one at a time", () => {
    fc.assert(
      fc.property(fc.array(noisyText, { maxLength: 6 }), (parts) => {
        const text = parts.join("\n");
        const lines = text.split(/(?<=\n)/);
        assert.equal(normalizeForDiff(text), lines.map(normalizeForDiff).join(""));
      }),
      { numRuns: 1000 },
    );
  });
});

// Texts made of run-to-run noise, near-misses and the characters that tell text from bytes apart (µ, NBSP, U+2028).
const TOKENS = [
  "2025-01-02T03:04:05.678Z", "2025/01/02 03:04:05", "02/Jan/2025:03:04:05 +0000", "Jan  2 03:04:05", "03:04:05", "12:3",
  "0x7ffd1234ab", "0x12", "1.23s", "12 ms", "250µs", "2 minutes", "1m2.5s", "duration_ms: 1.5", "# duration_ms 9", "dur_ms=3",
  "pid 42", "PID=7", "sshd[1234]:", "[31337]", "test_x[100]", "thread 'a::b' (123)", "/tmp/x/y", "/var/tmp/z", "a/tmp/b",
  "C:\\Windows\\Temp\\a", "=== ", " ===", "======", "----", "<TIME>", "\n", "\r\n", " ", "\t", "é", "\u00a0", "\u2028", "µ", "à",
  "a", "7", "42", "[", "]", ":", "'", ".", "-", "_", "=", "passed in", "Mar", "time", "😀", "Z", "UTC", "+02:00", "s", "ms",
  "pid", "=", "seconds",
];
const noisyText = fc.array(fc.constantFrom(...TOKENS), { maxLength: 24 }).map((tokens) => tokens.join(""));

/** Splits `data` at the given cut points (any order, any count). */
function chunked(data: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((cut) => cut % (data.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const point of [...points, data.length]) {
    chunks.push(data.subarray(start, point));
    start = point;
  }
  return chunks;
}

function normalizedHash(chunks: readonly Buffer[], maxBytes?: number): string | null {
  const hash = new NormalizedHash(maxBytes);
  for (const chunk of chunks) hash.write(chunk);
  return hash.digest();
}

describe("NormalizedHash", () => {
  test("property: over bytes in any chunks, it is the sha256 of the text normalised line by line", () => {
    fc.assert(
      fc.property(fc.array(noisyText, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 12 }), (parts, cuts) => {
        const data = Buffer.from(parts.join("\n"), "utf8");
        assert.equal(normalizedHash(chunked(data, cuts)), oracleNormalizedSha256(data, "utf-8"));
      }),
      { numRuns: 1500 },
    );
  });

  test("two runs that differ only in noise hash equal; a changed assertion does not", () => {
    const run = (seconds: string, tid: number, right: number) =>
      Buffer.from(`thread 'tests::fails' (${tid}) panicked at src/lib.rs:8:26:\n  left: 4\n right: ${right}\nfinished in ${seconds}\n`);
    assert.equal(normalizedHash([run("0.18s", 12526, 5)]), normalizedHash([run("10.09s", 9, 5)]));
    assert.notEqual(normalizedHash([run("0.18s", 12526, 5)]), normalizedHash([run("0.18s", 12526, 6)]));
  });

  test("a line longer than NORMALIZE_LINE_BYTES is hashed as it is, in whatever chunks it comes; the lines around it are normalised", () => {
    const long = `took 1.5s ${"x".repeat(NORMALIZE_LINE_BYTES)}\n`;
    const data = Buffer.from(`ran in 1.5s\n${long}ran in 2.5s`);
    const expected = createHash("sha256").update(`ran in <DURATION>\n${long}ran in <DURATION>`).digest("hex");
    assert.equal(normalizedHash([data]), expected);
    for (const size of [1000, 4096, 65536, 70000]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < data.length; at += size) chunks.push(data.subarray(at, at + size));
      assert.equal(normalizedHash(chunks), expected, `chunks of ${size}`);
    }
    const exact = Buffer.from(`${"y".repeat(NORMALIZE_LINE_BYTES - 6)} 1.5s\n`);
    assert.equal(exact.length, NORMALIZE_LINE_BYTES);
    assert.equal(normalizedHash([exact]), createHash("sha256").update(`${"y".repeat(NORMALIZE_LINE_BYTES - 6)} <DURATION>\n`).digest("hex"));
  });

  test("gives up past maxBytes and at a NUL byte (a binary stream)", () => {
    assert.equal(normalizedHash([Buffer.from("12345"), Buffer.from("6")], 5), null);
    assert.match(normalizedHash([Buffer.from("12345")], 5) ?? "", /^[0-9a-f]{64}$/);
    assert.equal(normalizedHash([Buffer.from("a\0b\n")]), null);
  });

  test("memory stays flat over 64 MiB of lines with no newline for long stretches", () => {
    const before = process.memoryUsage().heapUsed;
    const hash = new NormalizedHash();
    const block = Buffer.alloc(1 << 20, 0x61);
    for (let i = 0; i < 64; i++) hash.write(i % 8 === 7 ? Buffer.concat([block, Buffer.from("\nin 1.5s\n")]) : block);
    assert.match(hash.digest() ?? "", /^[0-9a-f]{64}$/);
    const grew = process.memoryUsage().heapUsed - before;
    assert.ok(grew < 32 * 1024 * 1024, `heap grew by ${grew} bytes`);
  });

  test("NORMALIZATION_ID names the table by its content", () => {
    assert.match(NORMALIZATION_ID, /^rules-[0-9a-f]{12}$/);
  });
});

