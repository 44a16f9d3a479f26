import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { TailWindow } from "../../src/meter/tail-window.js";
import { runs } from "./arbitraries.js";

/** The naive reference: keep everything, slice the last `capacity` bytes. */
class NaiveTail {
  private all = Buffer.alloc(0);
  constructor(readonly capacity: number) {}
  write(chunk: Uint8Array): void {
    this.all = Buffer.concat([this.all, chunk]);
  }
  contents(): Buffer {
    return this.all.subarray(this.all.length - Math.min(this.capacity, this.all.length));
  }
}

const ascii = (s: string): Buffer => Buffer.from(s, "latin1");

describe("TailWindow", () => {
  test("an empty window holds nothing", () => {
    assert.deepEqual(new TailWindow(5).contents(), Buffer.alloc(0));
  });

  test("below capacity it keeps every byte in order", () => {
    const w = new TailWindow(10);
    w.write(ascii("abc"));
    w.write(ascii("de"));
    assert.equal(w.contents().toString("latin1"), "abcde");
  });

  test("exactly at capacity it keeps every byte", () => {
    const w = new TailWindow(5);
    w.write(ascii("abc"));
    w.write(ascii("de"));
    assert.equal(w.contents().toString("latin1"), "abcde");
  });

  test("one byte past capacity drops the oldest byte", () => {
    const w = new TailWindow(5);
    w.write(ascii("abcde"));
    w.write(ascii("f"));
    assert.equal(w.contents().toString("latin1"), "bcdef");
  });

  test("a chunk larger than the window keeps its last bytes", () => {
    const w = new TailWindow(4);
    w.write(ascii("xy"));
    w.write(ascii("0123456789"));
    assert.equal(w.contents().toString("latin1"), "6789");
  });

  test("wrap-around writes of every size from 1 to capacity+1 keep the last bytes", () => {
    const cap = 7;
    for (let size = 1; size <= cap + 1; size++) {
      const w = new TailWindow(cap);
      const naive = new NaiveTail(cap);
      let next = 0;
      for (let round = 0; round < 3 * cap + 2; round++) {
        const chunk = Buffer.from(Array.from({ length: size }, () => 0x41 + (next++ % 26)));
        w.write(chunk);
        naive.write(chunk);
        assert.deepEqual(w.contents(), naive.contents(), `size ${size}, round ${round}`);
      }
    }
  });

  test("capacity 0 keeps nothing", () => {
    const w = new TailWindow(0);
    w.write(ascii("abc"));
    assert.equal(w.contents().length, 0);
  });

  test("empty writes change nothing", () => {
    const w = new TailWindow(3);
    w.write(ascii("ab"));
    w.write(Buffer.alloc(0));
    w.write(ascii("cd"));
    w.write(Buffer.alloc(0));
    assert.equal(w.contents().toString("latin1"), "bcd");
  });

  test("contents() is a copy: changing it, or the written chunk, leaves the window alone", () => {
    const w = new TailWindow(4);
    const chunk = ascii("abcdef");
    w.write(chunk);
    chunk.fill(0x7a);
    const first = w.contents();
    first.fill(0x21);
    assert.equal(w.contents().toString("latin1"), "cdef");
  });

  test("contents() after a wrap is oldest-first and repeatable", () => {
    const w = new TailWindow(5);
    w.write(ascii("abcd"));
    w.write(ascii("efg")); // wraps: window is cdefg
    assert.equal(w.contents().toString("latin1"), "cdefg");
    assert.equal(w.contents().toString("latin1"), "cdefg");
    w.write(ascii("h"));
    assert.equal(w.contents().toString("latin1"), "defgh");
  });

  test("property: equals the naive last-N slice after every write, for writes of any size", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 600 }),
        fc.array(fc.integer({ min: 0, max: 700 }), { maxLength: 40, size: "medium" }),
        fc.integer(),
        (capacity, sizes, seed) => {
          const w = new TailWindow(capacity);
          const naive = new NaiveTail(capacity);
          let n = seed >>> 0;
          for (const size of sizes) {
            const chunk = Buffer.alloc(size);
            for (let i = 0; i < size; i++) {
              n = (Math.imul(n, 1103515245) + 12345) >>> 0;
              chunk[i] = n >>> 24;
            }
            w.write(chunk);
            naive.write(chunk);
            assert.deepEqual(w.contents(), naive.contents());
          }
        },
      ),
      runs(300),
    );
  });

  test("property: small capacities, sizes around capacity", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 60, size: "medium" }), (capacity, sizes) => {
        const w = new TailWindow(capacity);
        const naive = new NaiveTail(capacity);
        let next = 0;
        for (const size of sizes) {
          const chunk = Buffer.from(Array.from({ length: size }, () => next++ & 0xff));
          w.write(chunk);
          naive.write(chunk);
        }
        assert.deepEqual(w.contents(), naive.contents());
      }),
      runs(500),
    );
  });
});
