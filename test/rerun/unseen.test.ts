import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { keptRanges, unseenPlan, unseenRanges, type ByteRange } from "../../src/rerun/unseen.js";
import { oracle } from "../helpers/oracle.js";
import { publishedRecord, spanFor } from "../helpers/lint.js";

describe("unseenRanges", () => {
  const table: { keep: "head" | "tail" | "head+tail"; bytes: number; cap: number | null; unseen: ByteRange[] }[] = [
    { keep: "head", bytes: 24520, cap: 8192, unseen: [{ start: 8192, end: 24520 }] },
    { keep: "tail", bytes: 24520, cap: 8192, unseen: [{ start: 0, end: 16328 }] },
    { keep: "head+tail", bytes: 100, cap: 11, unseen: [{ start: 6, end: 95 }] },
    { keep: "head", bytes: 100, cap: 100, unseen: [] },
    { keep: "tail", bytes: 100, cap: null, unseen: [] },
    { keep: "head+tail", bytes: 5, cap: 0, unseen: [{ start: 0, end: 5 }] },
  ];
  for (const { keep, bytes, cap, unseen } of table) {
    test(`${keep}, ${bytes} bytes, cap ${cap}`, () => assert.deepEqual(unseenRanges(bytes, cap, keep), unseen));
  }

  test("property: kept and unseen ranges are disjoint and cover the whole stream, and kept are the meter's kept bytes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
        fc.constantFrom("head", "tail", "head+tail" as const),
        (bytes, cap, keep) => {
          const ranges = [...keptRanges(bytes, cap, keep), ...unseenRanges(bytes, cap, keep)].sort((a, b) => a.start - b.start);
          let at = 0;
          for (const range of ranges) {
            assert.equal(range.start, at, "no gap, no overlap");
            assert.ok(range.end > range.start, "no empty range");
            at = range.end;
          }
          assert.equal(at, bytes);
          const data = Buffer.from(Array.from({ length: bytes }, (_, i) => i % 251));
          const kept = Buffer.concat(keptRanges(bytes, cap, keep).map((r) => data.subarray(r.start, r.end)));
          assert.deepEqual(kept, oracle(data, { cap, keep, hashWindow: 1, previewChars: 0 }).kept);
        },
      ),
    );
  });
});

describe("unseenPlan", () => {
  const stdout = Buffer.alloc(1000, "x");
  const span = spanFor({ stdout, stderr: Buffer.alloc(0), stdoutCap: 100, keep: "tail" });

  test("reads cap and keep from the span and applies them to the new length", () => {
    const same = unseenPlan(span, "stdout", 1000);
    assert.deepEqual(same.ranges, [{ start: 0, end: 900 }]);
    assert.equal(same.onNewLength, false);
    assert.equal(same.keepAssumed, false);
    const longer = unseenPlan(span, "stdout", 1200);
    assert.deepEqual(longer.ranges, [{ start: 0, end: 1100 }]);
    assert.equal(longer.onNewLength, true);
  });

  test("a seed record without a keep key is taken as head, and says so", () => {
    const plan = unseenPlan(publishedRecord(), "stdout", 24118);
    assert.equal(plan.keep, "head");
    assert.equal(plan.keepAssumed, true);
    assert.deepEqual(plan.ranges, [{ start: 8192, end: 24118 }]);
  });
});
