import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { nearestName } from "../../src/formats/nearest-name.js";

const CONFIG = ["rules", "redact", "preview"];

test("a slip of a few edits, a swap of neighbours, another case or a known name's start finds it", () => {
  assert.equal(nearestName("redcat", CONFIG), "redact");
  assert.equal(nearestName("pattern", ["patterns", "off", "argv"]), "patterns");
  assert.equal(nearestName("Preview", CONFIG), "preview");
  assert.equal(nearestName("timeout", ["timeoutSeconds", "idleTimeoutSeconds"]), "timeoutSeconds");
});

test("nothing near: null", () => {
  assert.equal(nearestName("frobnicate", CONFIG), null);
  assert.equal(nearestName("xy", CONFIG), null);
  assert.equal(nearestName("rules", []), null);
});

test("a known name is its own nearest; one edit away always finds a known name", () => {
  const name = fc.string({ minLength: 3, maxLength: 12, unit: fc.constantFrom(..."abcdefgh") });
  fc.assert(
    fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 6 }), fc.nat(), fc.nat(), fc.constantFrom(..."xyz"), (known, pick, at, letter) => {
      const target = known[pick % known.length]!;
      assert.equal(nearestName(target, known), target);
      const i = at % target.length;
      const slip = `${target.slice(0, i)}${letter}${target.slice(i + 1)}`;
      assert.notEqual(nearestName(slip, known), null, slip);
    }),
  );
});
