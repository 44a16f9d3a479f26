import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { Utf8Check } from "../../src/meter/utf8-check.js";
import { oracleEncoding } from "../helpers/oracle.js";
import { TRICKY_SEQUENCES, chunk, chunkPlan, runs, streamBytes } from "./arbitraries.js";

function verdict(chunks: Uint8Array[]): "utf-8" | "binary" {
  const check = new Utf8Check();
  for (const c of chunks) check.write(c);
  return check.result();
}

const bytes = (...b: number[]): Buffer => Buffer.from(b);

/** Every way to cut `data` into up to three pieces (two cut points, empty pieces included). */
function everySplit(data: Buffer): Buffer[][] {
  const out: Buffer[][] = [];
  for (let i = 0; i <= data.length; i++) {
    for (let j = i; j <= data.length; j++) {
      out.push([data.subarray(0, i), data.subarray(i, j), data.subarray(j)]);
    }
  }
  return out;
}

describe("Utf8Check", () => {
  test("an empty stream is utf-8", () => {
    assert.equal(verdict([]), "utf-8");
    assert.equal(verdict([Buffer.alloc(0)]), "utf-8");
  });

  test("ASCII and multi-byte text in one chunk is utf-8", () => {
    assert.equal(verdict([Buffer.from("hello é € 😀 \u{10FFFF}")]), "utf-8");
  });

  test("a 3-byte character split across every possible boundary stays utf-8", () => {
    const data = Buffer.from("a€b"); // 61 E2 82 AC 62
    assert.equal(data.length, 5);
    for (const split of everySplit(data)) {
      assert.equal(verdict(split), "utf-8", split.map((p) => p.toString("hex")).join("|"));
    }
    const alone = Buffer.from("€");
    for (const split of everySplit(alone)) assert.equal(verdict(split), "utf-8");
  });

  test("a 4-byte character split across every possible boundary stays utf-8", () => {
    const data = Buffer.from("x😀y"); // 78 F0 9F 98 80 79
    assert.equal(data.length, 6);
    for (const split of everySplit(data)) {
      assert.equal(verdict(split), "utf-8", split.map((p) => p.toString("hex")).join("|"));
    }
    const alone = Buffer.from("😀");
    for (const split of everySplit(alone)) assert.equal(verdict(split), "utf-8");
    // One byte at a time.
    assert.equal(verdict(Array.from(Buffer.from("😀€é😀"), (b) => bytes(b))), "utf-8");
  });

  test("a sequence cut off by the end of the stream makes it binary", () => {
    for (const tail of [bytes(0xc3), bytes(0xe2, 0x82), bytes(0xf0, 0x9f, 0x98), bytes(0xf0), bytes(0xe2)]) {
      const data = Buffer.concat([Buffer.from("ok "), tail]);
      assert.equal(verdict([data]), "binary", data.toString("hex"));
      for (const split of everySplit(data)) assert.equal(verdict(split), "binary", data.toString("hex"));
    }
  });

  test("an incomplete sequence followed by ASCII is binary", () => {
    assert.equal(verdict([bytes(0x61, 0xe2, 0x82), bytes(0x61)]), "binary");
    assert.equal(verdict([bytes(0xf0), bytes(0x41, 0x42, 0x43)]), "binary");
    assert.equal(verdict([bytes(0xf0), bytes(0x41), bytes(0x42), bytes(0x43), bytes(0x44)]), "binary");
  });

  test("overlong encodings are binary, in one chunk or split", () => {
    for (const seq of [bytes(0xc0, 0x80), bytes(0xc1, 0xbf), bytes(0xe0, 0x80, 0x80), bytes(0xe0, 0x9f, 0xbf), bytes(0xf0, 0x80, 0x80, 0x80), bytes(0xf0, 0x8f, 0xbf, 0xbf)]) {
      const data = Buffer.concat([Buffer.from("a"), seq, Buffer.from("b")]);
      for (const split of everySplit(data)) assert.equal(verdict(split), "binary", data.toString("hex"));
    }
  });

  test("a surrogate (ED A0 80) is binary, in one chunk or split", () => {
    const data = bytes(0x61, 0xed, 0xa0, 0x80, 0x62);
    for (const split of everySplit(data)) assert.equal(verdict(split), "binary");
    // U+D7FF, just below the surrogates, is fine.
    assert.equal(verdict([bytes(0xed, 0x9f, 0xbf)]), "utf-8");
  });

  test("code points above U+10FFFF and bytes F5..FF are binary", () => {
    for (const data of [bytes(0xf4, 0x90, 0x80, 0x80), bytes(0xf5, 0x80, 0x80, 0x80), bytes(0xff), bytes(0x41, 0xfe)]) {
      for (const split of everySplit(data)) assert.equal(verdict(split), "binary", data.toString("hex"));
    }
    assert.equal(verdict([bytes(0xf4, 0x8f), bytes(0xbf, 0xbf)]), "utf-8");
  });

  test("a lone continuation byte is binary, at the start of a chunk too", () => {
    assert.equal(verdict([bytes(0x80)]), "binary");
    assert.equal(verdict([Buffer.from("é"), bytes(0x80)]), "binary");
    assert.equal(verdict([Buffer.from("abc"), bytes(0xa9, 0x61)]), "binary");
  });

  test("a 2-byte lead followed by a complete sequence is binary", () => {
    // C3 then a fresh 3-byte character: C3 is left without its continuation.
    assert.equal(verdict([bytes(0xc3), Buffer.from("€")]), "binary");
  });

  test("a NUL byte makes it binary wherever it is", () => {
    assert.equal(verdict([bytes(0x00)]), "binary");
    assert.equal(verdict([Buffer.from("abc"), bytes(0x00), Buffer.from("def")]), "binary");
    assert.equal(verdict([Buffer.from("abc\u0000")]), "binary");
    // NUL inside a pending sequence.
    assert.equal(verdict([bytes(0xe2), bytes(0x00, 0x82)]), "binary");
  });

  test("once binary, later valid text does not make it utf-8 again", () => {
    assert.equal(verdict([bytes(0xff), Buffer.from("fine text")]), "binary");
  });

  test("property: verdict equals a fatal decoder plus a NUL check, for any chunking", () => {
    fc.assert(
      fc.property(streamBytes, chunkPlan, (data, plan) => {
        assert.equal(verdict(chunk(data, plan)), oracleEncoding(data));
      }),
      runs(1500),
    );
  });

  test("property: concatenations of edge sequences, one byte at a time and whole", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TRICKY_SEQUENCES, Buffer.from("a"), Buffer.from("é")), { maxLength: 8 }), chunkPlan, (parts, plan) => {
        const data = Buffer.concat(parts);
        const expected = oracleEncoding(data);
        assert.equal(verdict([data]), expected);
        assert.equal(verdict(chunk(data, { mode: "bytes" })), expected);
        assert.equal(verdict(chunk(data, plan)), expected);
      }),
      runs(1500),
    );
  });
});
