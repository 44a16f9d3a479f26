import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import { findClipMarker } from "../../src/formats/clip-markers.js";
import { measureBuffer } from "../../src/meter/stream-meter.js";
import { clipMarker } from "../../src/run/marker.js";

const sha = (data: Uint8Array): string => createHash("sha256").update(data).digest("hex");
const bytes25 = Buffer.from("0123456789abcdefghijklmno");

describe("clipMarker", () => {
  test("an unclipped stream gets no marker, at the cap and under it", () => {
    assert.equal(clipMarker("stdout", measureBuffer(bytes25, { cap: 25 }), "s1", false), null);
    assert.equal(clipMarker("stdout", measureBuffer(bytes25, { cap: null }), "s1", false), null);
    assert.equal(clipMarker("stderr", measureBuffer(Buffer.alloc(0), { cap: 0 }), "s1", false), null);
  });

  test("a clipped stream gets one line naming the stream, kept and total bytes, policy, stream hash and span", () => {
    const line = clipMarker("stdout", measureBuffer(bytes25, { cap: 10 }), "7f3a00", false);
    assert.equal(
      line,
      `\n[toolspan: stdout clipped: kept 10 of 25 bytes (head); sha256 of the whole stream ${sha(bytes25)}; span 7f3a00]\n`,
    );
  });

  test("the marker starts a line of its own only when the kept bytes did not end a line", () => {
    const endsWithNewline = clipMarker("stderr", measureBuffer(bytes25, { cap: 10, keep: "tail" }), "s", true);
    assert.ok(endsWithNewline?.startsWith("[toolspan: stderr clipped: kept 10 of 25 bytes (tail);"), String(endsWithNewline));
    assert.ok(endsWithNewline !== null);
    assert.equal(endsWithNewline.split("\n").length, 2, "exactly one line, newline-terminated");
  });

  test("nothing kept (cap 0): the marker is the first line, no blank line before it", () => {
    const line = clipMarker("stdout", measureBuffer(bytes25, { cap: 0 }), "s", false);
    assert.ok(line?.startsWith("[toolspan: stdout clipped: kept 0 of 25 bytes (head);"), line!);
  });

  test("head+tail names how the cap was split, the head taking the odd byte", () => {
    const line = clipMarker("stdout", measureBuffer(bytes25, { cap: 9, keep: "head+tail" }), "s", false);
    assert.match(line!, /kept 9 of 25 bytes \(head\+tail: first 5 and last 4\);/);
  });

  test("lint's table of clip markers recognises toolspan's own marker", () => {
    const line = clipMarker("stdout", measureBuffer(bytes25, { cap: 3 }), "s", false)!;
    assert.equal(findClipMarker(line)?.harness, "toolspan");
  });
});
