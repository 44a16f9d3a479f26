import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { buildPreview, previewPrefixBytes } from "../../src/meter/preview.js";
import { firstCodePoints } from "../../src/util/code-points.js";
import { oraclePreview } from "../helpers/oracle.js";
import { runs, streamBytes } from "./arbitraries.js";

const bytes = (...b: number[]): Buffer => Buffer.from(b);

describe("firstCodePoints", () => {
  test("counts code points, not UTF-16 units", () => {
    assert.equal(firstCodePoints("aé😀b", 3), "aé😀");
    assert.equal(firstCodePoints("😀😀😀", 2), "😀😀");
    assert.equal(firstCodePoints("😀😀😀", 0), "");
  });

  test("returns short text whole", () => {
    assert.equal(firstCodePoints("abc", 3), "abc");
    assert.equal(firstCodePoints("abc", 10), "abc");
    assert.equal(firstCodePoints("", 5), "");
  });

  test("property: equals the first n entries of the code point array", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), fc.nat(90), (s, n) => {
        assert.equal(firstCodePoints(s, n), Array.from(s).slice(0, n).join(""));
      }),
      runs(500),
    );
  });
});

describe("previewPrefixBytes", () => {
  test("0 for no preview, else 4 bytes per character plus one sequence", () => {
    assert.equal(previewPrefixBytes(0), 0);
    assert.equal(previewPrefixBytes(1), 8);
    assert.equal(previewPrefixBytes(512), 2052);
  });
});

describe("buildPreview", () => {
  test("never splits a character at the preview limit", () => {
    const kept = Buffer.from("aé😀b");
    assert.equal(buildPreview(kept, true, 3), "aé😀");
    assert.equal(buildPreview(kept, true, 2), "aé");
    assert.equal(buildPreview(kept, true, 4), "aé😀b");
    assert.equal(buildPreview(kept, true, 600), "aé😀b");
  });

  test("keeps a leading byte-order mark", () => {
    const kept = Buffer.concat([bytes(0xef, 0xbb, 0xbf), Buffer.from("hi")]);
    assert.equal(buildPreview(kept, true, 10), "\uFEFFhi");
    assert.equal(buildPreview(kept, true, 1), "\uFEFF");
    assert.equal(buildPreview(kept, false, 2), "\uFEFFh");
  });

  test("previewChars 0 gives an empty preview", () => {
    assert.equal(buildPreview(Buffer.from("abc"), true, 0), "");
  });

  test("no kept bytes give an empty preview", () => {
    assert.equal(buildPreview(Buffer.alloc(0), true, 10), "");
  });

  test("a sequence cut off at the end of the kept bytes is U+FFFD when complete", () => {
    assert.equal(buildPreview(bytes(0x61, 0xe2, 0x82), true, 10), "a\uFFFD");
  });

  test("a sequence cut off at the end of a prefix is held back when more bytes follow", () => {
    assert.equal(buildPreview(bytes(0x61, 0xe2, 0x82), false, 10), "a");
  });

  test("invalid bytes show as U+FFFD, one per maximal subpart", () => {
    assert.equal(buildPreview(bytes(0x61, 0xff, 0x62), true, 10), "a\uFFFDb");
    assert.equal(buildPreview(bytes(0xed, 0xa0, 0x80), true, 10), "\uFFFD\uFFFD\uFFFD");
    assert.equal(buildPreview(bytes(0xf0, 0x9f, 0x98, 0x41), true, 10), "\uFFFDA");
  });

  test("property: a prefix of previewPrefixBytes(n) bytes gives the same preview as all kept bytes", () => {
    fc.assert(
      fc.property(streamBytes, fc.oneof(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 12 })), (kept, n) => {
        const prefix = kept.subarray(0, previewPrefixBytes(n));
        const preview = buildPreview(prefix, prefix.length === kept.length, n);
        assert.equal(preview, oraclePreview(kept, n));
        assert.ok(Array.from(preview).length <= n);
      }),
      runs(2000),
    );
  });

  test("property: worst cases for the prefix bound (4-byte characters and 3-byte broken sequences)", () => {
    const units = [bytes(0xf0, 0x9f, 0x98, 0x80), bytes(0xf0, 0x9f, 0x98), bytes(0xe2, 0x82), bytes(0x61), bytes(0xff), bytes(0xc3)];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...units), { maxLength: 40 }), fc.integer({ min: 0, max: 20 }), (parts, n) => {
        const kept = Buffer.concat(parts);
        const prefix = kept.subarray(0, previewPrefixBytes(n));
        assert.equal(buildPreview(prefix, prefix.length === kept.length, n), oraclePreview(kept, n));
      }),
      runs(2000),
    );
  });
});
