// Bytes as the model is handed them: ranges moved onto character boundaries never cut a character and move at most
// three bytes; text where the bytes are UTF-8, base64 where they are not.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { characterBounds, streamText } from "../../src/mcp/stream-text.js";

test("characterBounds: whole characters, the start at most 3 bytes back, the end moved only to keep a character whole", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary", maxLength: 60 }), fc.nat(), fc.nat(), (text, a, b) => {
      const bytes = Buffer.from(text, "utf8");
      const size = bytes.length;
      const start = size === 0 ? 0 : a % (size + 1);
      const end = start + (size - start === 0 ? 0 : b % (size - start + 1));
      const range = characterBounds(start, end, size, (index) => bytes[index]);
      assert.ok(range.start <= start && start - range.start <= 3);
      assert.ok(range.end <= size && Math.abs(range.end - end) <= 3);
      const piece = bytes.subarray(range.start, range.end);
      assert.equal(Buffer.from(piece.toString("utf8"), "utf8").equals(piece), true, "decodes and encodes back to the same bytes");
      if (end > start) assert.ok(range.end > range.start, "a range that asked for bytes gets some");
    }),
  );
});

test("streamText: UTF-8 as text, a character cut at an edge as U+FFFD for each of its bytes there; a NUL or a bad byte inside: base64", () => {
  assert.deepEqual(streamText(Buffer.from("héllo")), { encoding: "utf-8", text: "héllo" });
  const euro = Buffer.from("a€b€");
  assert.deepEqual(streamText(euro.subarray(2, 7)), { encoding: "utf-8", text: "\ufffd\ufffdb\ufffd" });
  assert.equal(streamText(Buffer.from([0x61, 0x00, 0x62])).encoding, "base64");
  assert.deepEqual(streamText(Buffer.from([0x61, 0xff, 0x62])), { encoding: "base64", text: Buffer.from([0x61, 0xff, 0x62]).toString("base64") });
  assert.deepEqual(streamText(Buffer.alloc(0)), { encoding: "utf-8", text: "" });
});
