import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { describe, test } from "node:test";
import fc from "fast-check";
import { CORE_KEYS, OWN_KEYS } from "../../src/contract/keys.js";
import { STDIN_NAME } from "../../src/lint/lint-files.js";
import { RULES_BY_ID } from "../../src/lint/rules/index.js";
import {
  cleanSpan,
  completeSpan,
  jsonl,
  lintLines,
  lintPaths,
  lintText,
  publishedRecord,
  tempDir,
  writeTemp,
  type FileFinding,
} from "../helpers/lint.js";

/** (line, rule) pairs, in the order reported. */
const at = (findings: readonly FileFinding[]): [number, string][] => findings.map((f) => [f.line, f.rule]);
const span = (spanId: string, changes: Record<string, unknown> = {}) => cleanSpan({ span_id: spanId, ...changes });
/** Lines in a file: one per LF, plus one for bytes after the last LF; a BOM at the start alone is no line. */
function lineCount(data: Buffer): number {
  const body = data.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])) ? data.subarray(3) : data;
  const newlines = body.reduce((count, byte) => count + (byte === 0x0a ? 1 : 0), 0);
  return newlines + (body.length > 0 && body[body.length - 1] !== 0x0a ? 1 : 0);
}
const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + "{}" + "}".repeat(depth);

describe("lintFiles: lines as an editor numbers them", () => {
  test("a BOM, CRLF endings, blank lines and no final newline", async () => {
    const text = [
      `\uFEFF${JSON.stringify(completeSpan({ span_id: "a" }))}`,
      "",
      "not json",
      "   ",
      JSON.stringify(completeSpan({ span_id: "b", returncode: 1 })),
    ].join("\r\n");
    const { findings, summary, unreadable } = await lintPaths([writeTemp(text)]);
    assert.deepEqual(unreadable, []);
    assert.deepEqual(at(findings), [[3, "invalid-json"], [5, "ok-preview-on-failure"]]);
    assert.equal(summary.lines, 5);
    assert.equal(summary.files, 1);
    assert.equal(summary.bytes, Buffer.byteLength(text));
  });

  test("a span on line 1 after a BOM is linted as a span, not as invalid JSON", async () => {
    const { findings } = await lintPaths([writeTemp(`\uFEFF${JSON.stringify(publishedRecord())}\n`)]);
    assert.deepEqual([...new Set(findings.map((f) => f.rule))].sort(), ["invalid-hash", "ok-preview-while-truncated"]);
    assert.ok(findings.every((f) => f.line === 1));
  });

  test("an empty file and a file of one newline", async () => {
    const empty = await lintPaths([writeTemp("")]);
    assert.deepEqual([empty.findings, empty.summary.lines, empty.summary.files], [[], 0, 1]);
    const newline = await lintPaths([writeTemp("\n")]);
    assert.deepEqual([newline.findings, newline.summary.lines], [[], 1]);
  });
});

describe("lintFiles: bad input is a finding, and linting goes on", () => {
  test("each invalid JSON line is one finding at its line; the spans around them are linted", async () => {
    const { findings, summary } = await lintLines([
      "{",
      completeSpan({ span_id: "a", returncode: 2 }),
      "}",
      "[]",
      '{"span_type":"tool"',
      completeSpan({ span_id: "b", timed_out: true }),
      "\u0000\u0001binary",
    ]);
    assert.deepEqual(at(findings), [
      [1, "invalid-json"],
      [2, "ok-preview-on-failure"],
      [3, "invalid-json"],
      [4, "invalid-json"],
      [5, "invalid-json"],
      [6, "ok-preview-on-failure"],
      [7, "invalid-json"],
    ]);
    assert.equal(summary.lines, 7);
  });

  test("a 5 MB line: a 5 MB preview is linted, a 5 MB garbage line is one finding, the next line is reached", async () => {
    const big = "p".repeat(5 << 20);
    const { findings, summary } = await lintLines([
      span("a", { preview_stderr: big }),
      `{"span_type":"tool","x":"${big}`,
      completeSpan({ span_id: "c", returncode: 3 }),
    ]);
    assert.deepEqual(at(findings), [
      [1, "preview-exceeds-kept"],
      [2, "invalid-json"],
      [3, "ok-preview-on-failure"],
    ]);
    assert.match(findings[0]!.message, new RegExp(`holds ${5 << 20} bytes but only 27 were kept`));
    assert.ok(findings[1]!.message.length < 300, "the reason is short");
    assert.equal(summary.lines, 3);
  });

  test("deeply nested JSON does not crash: 10^6 brackets, deep objects, and deep values in a tool span's keys", async () => {
    const deepKeys = ["argv", "returncode", "stdout_truncated", "stdout_bytes", "preview_stdout", "stderr_sha256", "run_id", "span_id"];
    const toolLine = JSON.stringify(completeSpan({ ...Object.fromEntries(deepKeys.map((key) => [key, `NESTED-${key}`])), ok_preview: true }))
      .replace(/"NESTED-[a-z_0-9]+"/g, () => nested(200_000));
    const lines = [
      nested(1_000_000),
      nestedObject(1_000_000),
      "[".repeat(1_000_000),
      toolLine,
      JSON.stringify(completeSpan({ span_id: "after", returncode: 9 })),
    ];
    for (const workers of [0, 2]) {
      const { findings, summary, unreadable } = await lintPaths([writeTemp(lines.join("\n"))], { workers, parallelAbove: 0 });
      assert.deepEqual(unreadable, [], `workers: ${workers}`);
      assert.equal(summary.lines, 5);
      const byLine = (line: number) => findings.filter((f) => f.line === line).map((f) => `${f.rule}/${f.messageId}`);
      assert.deepEqual(byLine(1), ["invalid-json/notObject"]);
      assert.deepEqual(byLine(2), [], "a deep object without span_type is no tool span");
      assert.deepEqual(byLine(3), ["invalid-json/syntax"]);
      assert.ok(byLine(4).includes("invalid-type/wrongType"));
      assert.ok(byLine(4).includes("ok-preview-on-failure/returncode"));
      assert.equal(findings.filter((f) => f.line === 4 && f.rule === "invalid-type").length, deepKeys.length);
      assert.deepEqual(byLine(5), ["ok-preview-on-failure/returncode"]);
    }
  });

  test("property: random span-like objects never make a rule throw, and findings are well formed", () => {
    const keys = [...CORE_KEYS, ...OWN_KEYS, "other"];
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom(0, -1, 1.5, 8192, 30000, null, true, false, "", "\uFFFD", "b3a1...", "sha256:x", "[... Observation truncated due to length ...]"),
      fc.string({ unit: "binary", maxLength: 40 }),
    );
    const spanLike = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 30 }).map((object) => ({ ...object, span_type: "tool" }));
    const mutated = fc
      .tuple(fc.constantFrom(cleanSpan(), completeSpan(), publishedRecord()), fc.dictionary(fc.constantFrom(...keys), fc.option(value, { nil: undefined }), { maxKeys: 5 }))
      .map(([base, changes]) => ({ ...base, ...changes }));
    fc.assert(
      fc.property(fc.oneof(spanLike, mutated), (object) => {
        for (const finding of lintText(JSON.stringify(object))) {
          assert.equal(finding.line, 1);
          assert.ok(finding.severity === "error" || finding.severity === "warning");
          assert.ok(finding.message.length > 0 && finding.message.length < 2000, finding.message);
          // Every placeholder of the template is filled (the values themselves may hold braces).
          const template = RULES_BY_ID.get(finding.rule)!.messages[finding.messageId]!;
          for (const [placeholder] of template.matchAll(/\{\w+\}/g)) {
            assert.ok(!finding.message.includes(placeholder) || JSON.stringify(object).includes(placeholder), finding.message);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  test("property: files of garbage lines never throw; every finding sits on a line of the file; the file is finished", async () => {
    const line = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.uint8Array({ maxLength: 60 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
      fc.json({ maxDepth: 3 }),
      fc.constantFrom(JSON.stringify(publishedRecord()), JSON.stringify(cleanSpan()), '{"span_type":"tool"}', "\r", "\uFEFF", ""),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 30 }), fc.boolean(), async (lines, asBytes) => {
        // Half the time the lines hold arbitrary bytes: the latin1 strings are written byte for byte.
        const data = asBytes ? Buffer.from(lines.join("\n"), "latin1") : Buffer.from(lines.join("\n"), "utf8");
        const { findings, summary, unreadable } = await lintPaths([writeTemp(data)]);
        assert.deepEqual(unreadable, []);
        assert.equal(summary.files, 1);
        assert.equal(summary.bytes, data.length);
        assert.equal(summary.lines, lineCount(data), "every line was reached");
        for (const finding of findings) {
          assert.ok(Number.isInteger(finding.line) && finding.line >= 1 && finding.line <= summary.lines, `line ${finding.line} of ${summary.lines}`);
        }
        const invalid = findings.filter((f) => f.rule === "invalid-json").map((f) => f.line);
        assert.equal(new Set(invalid).size, invalid.length, "at most one invalid-json finding a line");
        const lineNumbers = findings.map((f) => f.line);
        assert.deepEqual(lineNumbers, [...lineNumbers].sort((a, b) => a - b), "findings come in line order");
      }),
      { numRuns: 150 },
    );
  });
});

describe("lintFiles: worker threads", () => {
  test("a file of 4000 spans in 64 KiB ranges over 2 workers gives exactly the findings of one thread, in order", async () => {
    const lines: string[] = [];
    const planted = new Map<number, string[]>();
    const plant = (text: string, rules: string[]) => {
      lines.push(text);
      if (rules.length > 0) planted.set(lines.length, rules);
    };
    const huge = "h".repeat(300 * 1024); // longer than a range: the range boundary moves past it
    for (let i = 1; i <= 4000; i++) {
      const id = `span-${i}`;
      if (i % 397 === 0) plant(`{"span_type":"tool", broken ${i}`, ["invalid-json"]);
      else if (i % 401 === 0) plant(JSON.stringify(span(id, { ok_preview: true })), ["ok-preview-while-truncated"]);
      else if (i % 409 === 0) plant("", []);
      else if (i === 1234) plant(JSON.stringify(span("span-7")), ["duplicate-span-id"]);
      else if (i === 2500) plant(JSON.stringify(span(id, { run_id: "another-run" })), ["mixed-runs"]);
      else if (i === 3001) plant(JSON.stringify(span(id, { preview_stdout: huge })), ["preview-exceeds-kept"]);
      else if (i === 3999) plant(JSON.stringify(publishedRecord({ span_id: id })), ["invalid-hash", "invalid-hash", "invalid-hash", "ok-preview-while-truncated"]);
      else plant(JSON.stringify(span(id)), []);
    }
    // A BOM at the start, CRLF endings throughout, no final newline.
    const path = writeTemp(`\uFEFF${lines.join("\r\n")}`);
    const serial = await lintPaths([path], { workers: 0 });
    const parallel = await lintPaths([path], { workers: 2, parallelAbove: 0, rangeBytes: 64 * 1024 });
    assert.deepEqual(parallel.findings, serial.findings);
    assert.deepEqual(parallel.summary, serial.summary);
    assert.equal(serial.summary.lines, 4000);
    const expected: [number, string][] = [...planted].flatMap(([line, rules]) => rules.map((rule): [number, string] => [line, rule]));
    assert.deepEqual(at(serial.findings), expected);
    assert.match(serial.findings.find((f) => f.rule === "duplicate-span-id")!.message, /already used on line 7$/);
  });

  test("several files in parallel keep argument order and their own file-rule state", async () => {
    const files = Array.from({ length: 5 }, (_, index) =>
      writeTemp(jsonl(Array.from({ length: 600 }, (_, i) => span(`s-${i % 599}`, { run_id: `run-${index}`, ...(i === 300 ? { returncode: 1, ok_preview: true } : {}) })))),
    );
    const order = [files[3]!, files[0]!, files[4]!, files[1]!, files[2]!];
    const serial = await lintPaths(order, { workers: 0 });
    const parallel = await lintPaths(order, { workers: 2, parallelAbove: 0, rangeBytes: 32 * 1024 });
    assert.deepEqual(parallel.findings, serial.findings);
    const perFile = order.map((file) => at(serial.findings.filter((f) => f.file === file)));
    for (const found of perFile) {
      assert.deepEqual(found, [[301, "ok-preview-on-failure"], [301, "ok-preview-while-truncated"], [600, "duplicate-span-id"]]);
    }
    assert.deepEqual([...new Set(serial.findings.map((f) => f.file))], order, "findings follow the order of the arguments");
    assert.equal(serial.summary.files, 5);
  });
});

describe("lintFiles: files that cannot be read", () => {
  test("a missing file and a directory are reported; the others are linted, in order", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, "sub"));
    const one = writeTemp(jsonl([completeSpan({ returncode: 1 })]));
    const two = writeTemp(jsonl(["oops"]));
    const missing = join(dir, "missing.jsonl");
    for (const workers of [0, 2]) {
      const { findings, unreadable, summary } = await lintPaths([one, missing, join(dir, "sub"), two], { workers, parallelAbove: 0 });
      assert.deepEqual(unreadable, [
        { file: missing, reason: "ENOENT" },
        { file: join(dir, "sub"), reason: "EISDIR" },
      ]);
      assert.deepEqual(findings.map((f) => [f.file, f.line, f.rule]), [
        [one, 1, "ok-preview-on-failure"],
        [two, 1, "invalid-json"],
      ]);
      assert.deepEqual([summary.files, summary.unreadable], [2, 2]);
    }
  });

  test("the same file twice is linted twice, file rules starting afresh", async () => {
    const path = writeTemp(jsonl([span("a"), span("a")]));
    const { findings } = await lintPaths([path, path]);
    assert.deepEqual(findings.map((f) => [f.line, f.rule]), [[2, "duplicate-span-id"], [2, "duplicate-span-id"]]);
  });
});

describe("lintFiles: a named pipe", () => {
  test("a named FIFO is refused, named, without waiting for a writer; the files after it are linted", async () => {
    // No writer ever opens it: opening it to read would wait forever. (bash's <(...), an anonymous pipe, is still
    // read as a stream: test/cli/lint.test.ts.)
    const fifo = join(tempDir(), "run.fifo");
    execFileSync("mkfifo", [fifo]);
    const file = writeTemp(jsonl(["[]"]));
    const { findings, unreadable } = await lintPaths([fifo, file]);
    assert.equal(unreadable.length, 1);
    assert.match(JSON.stringify(unreadable[0]), /run\.fifo.*named pipe \(FIFO\)/);
    assert.deepEqual(findings.map((f) => [f.file, f.line, f.rule]), [[file, 1, "invalid-json"]]);
  });

  test("/dev/zero is refused as a device", async () => {
    const { unreadable } = await lintPaths(["/dev/zero"]);
    assert.match(JSON.stringify(unreadable), /character device/);
  });
});

describe("lintFiles: standard input", () => {
  test("'-' reads the stream given as stdin, BOM, CRLF and all, among files", async () => {
    const file = writeTemp(jsonl(["nope"]));
    const stdin = Readable.from([Buffer.from("\uFEFF"), Buffer.from(`${JSON.stringify(completeSpan({ returncode: 5 }))}\r\n\r`), Buffer.from("\nx")]);
    const { findings, summary } = await lintPaths([STDIN_NAME, file], { stdin });
    assert.deepEqual(findings.map((f) => [f.file, f.line, f.rule]), [
      ["-", 1, "ok-preview-on-failure"],
      ["-", 3, "invalid-json"],
      [file, 1, "invalid-json"],
    ]);
    assert.equal(summary.lines, 4);
  });
});
