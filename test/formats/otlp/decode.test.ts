import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeAnyValue, decodeAttributes, normaliseId } from "../../../src/formats/otlp/decode.js";

test("intValue arrives as a decimal string or a number; both are numbers", () => {
  assert.equal(decodeAnyValue({ intValue: "8192" }), 8192);
  assert.equal(decodeAnyValue({ intValue: 8192 }), 8192);
  assert.equal(decodeAnyValue({ intValue: "-3" }), -3);
  assert.equal(decodeAnyValue({ intValue: "8.5" }), undefined);
  assert.equal(decodeAnyValue({ intValue: 8.5 }), undefined);
});

test("the other AnyValue kinds", () => {
  assert.equal(decodeAnyValue({ stringValue: "x" }), "x");
  assert.equal(decodeAnyValue({ boolValue: false }), false);
  assert.equal(decodeAnyValue({ doubleValue: 12.5 }), 12.5);
  assert.equal(decodeAnyValue({ doubleValue: "Infinity" }), Infinity);
  assert.ok(Number.isNaN(decodeAnyValue({ doubleValue: "NaN" })));
  assert.deepEqual(decodeAnyValue({ arrayValue: { values: [{ stringValue: "a" }, { intValue: "1" }] } }), ["a", 1]);
  assert.deepEqual(decodeAnyValue({ arrayValue: {} }), []);
  assert.deepEqual(decodeAnyValue({ kvlistValue: { values: [{ key: "k", value: { boolValue: true } }] } }), { k: true });
  assert.equal(decodeAnyValue({}), null);
  assert.equal(decodeAnyValue("x"), undefined);
});

test("attributes: malformed entries are skipped, the last of a repeated key wins", () => {
  const list = [{ key: "a", value: { intValue: "1" } }, { value: { intValue: "2" } }, null, { key: "a", value: { intValue: 3 } }, { key: "b", value: "no" }];
  assert.deepEqual(decodeAttributes(list), { a: 3 });
  assert.deepEqual(decodeAttributes(undefined), {});
});

test("ids: hex in either case or base64 become lowercase hex; anything else is null", () => {
  assert.equal(normaliseId("5B8EFFF798038103D269B633813FC60C", 16), "5b8efff798038103d269b633813fc60c");
  assert.equal(normaliseId("EEE19B7EC3C1B174", 8), "eee19b7ec3c1b174");
  assert.equal(normaliseId("aYQql5kRA2zz6CIIbsqgBw==", 16), Buffer.from("aYQql5kRA2zz6CIIbsqgBw==", "base64").toString("hex"));
  assert.equal(normaliseId("ChISExQVFhc=", 8), "0a12121314151617");
  assert.equal(normaliseId("", 8), null);
  assert.equal(normaliseId("xyz", 8), null);
  assert.equal(normaliseId(42, 8), null);
});
