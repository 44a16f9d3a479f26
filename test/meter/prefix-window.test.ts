import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { PrefixWindow } from "../../src/meter/prefix-window.js";
import { chunk, chunkPlan, runs } from "./arbitraries.js";

const ascii = (s: string): Buffer => Buffer.from(s, "latin1");

describe("PrefixWindow", () => {
  test("keeps the first bytes across chunks and ignores the rest", () => {
    const w = new PrefixWindow(5);
    w.write(ascii("ab"));
    assert.equal(w.full, false);
    w.write(ascii("cdefg"));
    assert.equal(w.full, true);
    w.write(ascii("hij"));
    assert.equal(w.contents().toString("latin1"), "abcde");
  });

  test("below, at and above capacity", () => {
    for (const [len, expected, full] of [
      [4, "abcd", false],
      [5, "abcde", true],
      [6, "abcde", true],
    ] as const) {
      const w = new PrefixWindow(5);
      w.write(ascii("abcdef".slice(0, len)));
      assert.equal(w.contents().toString("latin1"), expected, `len ${len}`);
      assert.equal(w.full, full, `len ${len}`);
    }
  });

  test("capacity 0 is full at once and keeps nothing", () => {
    const w = new PrefixWindow(0);
    assert.equal(w.full, true);
    w.write(ascii("abc"));
    assert.equal(w.contents().length, 0);
  });

  test("copies: changing a chunk after writing it does not change the window", () => {
    const w = new PrefixWindow(4);
    const c = ascii("abcdef");
    w.write(c);
    c.fill(0x78);
    assert.equal(w.contents().toString("latin1"), "abcd");
  });

  test("property: equals the first min(capacity, length) bytes for any chunking", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), chunkPlan, fc.integer({ min: 0, max: 320 }), (arr, plan, capacity) => {
        const data = Buffer.from(arr);
        const w = new PrefixWindow(capacity);
        for (const c of chunk(data, plan)) w.write(c);
        assert.deepEqual(w.contents(), data.subarray(0, Math.min(capacity, data.length)));
        assert.equal(w.full, data.length >= capacity);
      }),
      runs(400),
    );
  });
});
