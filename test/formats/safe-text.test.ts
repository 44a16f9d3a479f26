import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { escapeForTerminal, jsonText } from "../../src/formats/safe-text.js";

test("escapeForTerminal keeps lines, tabs and CRLF, and escapes what could drive a terminal", () => {
  assert.equal(escapeForTerminal("a\tb\nc\r\nd"), "a\tb\nc\r\nd");
  assert.equal(escapeForTerminal("\u001b[2J\u001b]0;title\u0007"), "\\u001b[2J\\u001b]0;title\\u0007");
  assert.equal(escapeForTerminal("passed\rFAILED"), "passed\\u000dFAILED");
  assert.equal(escapeForTerminal("\u009b31m\u2028"), "\\u009b31m\\u2028");
  assert.equal(escapeForTerminal("a\u202eb\u061c\u200e\u200f\u202a\u2066\u2069"), "a\\u202eb\\u061c\\u200e\\u200f\\u202a\\u2066\\u2069");
});

test("escapeForTerminal leaves no control character but tab, newline and the CR of a CRLF", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary" }), (text) => {
      const shown = escapeForTerminal(text).replace(/\r\n/g, "\n");
      assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/.test(shown), JSON.stringify(shown));
    }),
  );
});

test("jsonText: the same value to a parser, no control, bidi control or separator left raw", () => {
  fc.assert(
    fc.property(fc.jsonValue(), fc.string({ unit: "binary" }), (value, text) => {
      for (const item of [value, text, { text, list: [text] }]) {
        const shown = jsonText(item as object);
        assert.deepEqual(JSON.parse(shown), JSON.parse(JSON.stringify(item)));
        assert.ok(!/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/.test(shown), shown);
      }
    }),
  );
});
