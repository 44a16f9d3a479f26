import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { DEFAULT_MAX_LINE_BYTES, LineSplitter, LineTooLong, maxLineBytes } from "../../src/formats/line-splitter.js";

/** Feeds `chunks` to a splitter and returns the lines with the numbers it gave them. */
function split(chunks: readonly Buffer[], atFileStart = true): string[] {
  const lines: string[] = [];
  const splitter = new LineSplitter((text, line) => {
    assert.equal(line, lines.length + 1, "lines are numbered 1, 2, 3, ... in order");
    lines.push(text);
  }, atFileStart);
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  assert.equal(splitter.lines, lines.length);
  return lines;
}

const whole = (text: string | Buffer): string[] => split([Buffer.from(text)]);
/** One byte at a time. */
const bytewise = (text: string | Buffer): string[] => split(Array.from(Buffer.from(text), (byte) => Buffer.from([byte])));

/** The lines an editor shows, by the spec's formula (an empty text has none). */
function expectedLines(text: string): string[] {
  const body = text.replace(/^\uFEFF/, "");
  if (body === "") return [];
  const pieces = body.split("\n");
  if (body.endsWith("\n")) pieces.pop();
  return pieces.map((piece) => piece.replace(/\r$/, ""));
}

/** Cuts `data` at the given points (taken modulo its length + 1), empty chunks included. */
function cut(data: Buffer, points: readonly number[]): Buffer[] {
  const at = [0, ...points.map((p) => p % (data.length + 1)), data.length].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  for (let i = 0; i + 1 < at.length; i++) chunks.push(data.subarray(at[i]!, at[i + 1]!));
  return chunks;
}

describe("LineSplitter", () => {
  test("LF ends a line; a last line without LF still counts", () => {
    assert.deepEqual(whole("a\nb\nc"), ["a", "b", "c"]);
    assert.deepEqual(whole("a\nb\nc\n"), ["a", "b", "c"]);
    assert.deepEqual(whole("only"), ["only"]);
  });

  test("an empty input has no lines; a lone newline is one empty line", () => {
    assert.deepEqual(whole(""), []);
    assert.deepEqual(split([]), []);
    assert.deepEqual(whole("\n"), [""]);
  });

  test("blank lines are numbered like any other", () => {
    assert.deepEqual(whole("a\n\n\nb\n\n"), ["a", "", "", "b", ""]);
  });

  test("CRLF: the CR before LF is dropped, including on the last line and across chunks", () => {
    assert.deepEqual(whole("a\r\nb\r\nc\r"), ["a", "b", "c"]);
    assert.deepEqual(bytewise("a\r\nb\r\n"), ["a", "b"]);
    assert.deepEqual(split([Buffer.from("a\r"), Buffer.from("\nb")]), ["a", "b"]);
  });

  test("a CR that does not end a line is kept", () => {
    assert.deepEqual(whole("a\rb\nc\r\r\n"), ["a\rb", "c\r"]);
  });

  test("a BOM is dropped at the start of the file only", () => {
    assert.deepEqual(whole("\uFEFFa\n\uFEFFb\n"), ["a", "\uFEFFb"]);
    assert.deepEqual(whole("\uFEFF"), []);
    assert.deepEqual(whole("\uFEFF\n"), [""]);
    assert.deepEqual(whole("\uFEFF\uFEFFa"), ["\uFEFFa"], "only one BOM is dropped");
  });

  test("a BOM split across chunks (and after empty chunks) is still dropped", () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    assert.deepEqual(split([Buffer.alloc(0), bom.subarray(0, 1), bom.subarray(1, 2), Buffer.concat([bom.subarray(2), Buffer.from("x\ny")])]), ["x", "y"]);
  });

  test("a range that does not start the file keeps a BOM it starts with", () => {
    assert.deepEqual(split([Buffer.from("\uFEFFa\nb")], false), ["\uFEFFa", "b"]);
  });

  test("a multi-byte character split across chunks at every position", () => {
    const text = "é€😀\n😀€é";
    const data = Buffer.from(text);
    for (let at = 0; at <= data.length; at++) {
      assert.deepEqual(split([data.subarray(0, at), data.subarray(at)]), ["é€😀", "😀€é"], `cut at ${at}`);
    }
    assert.deepEqual(bytewise(text), ["é€😀", "😀€é"]);
  });

  test("invalid UTF-8 becomes U+FFFD and does not swallow a newline", () => {
    assert.deepEqual(whole(Buffer.from([0x61, 0xff, 0x0a, 0xe2, 0x82, 0x0a, 0x62])), ["a\uFFFD", "\uFFFD", "b"]);
    assert.deepEqual(whole(Buffer.from([0xf0, 0x9f])), ["\uFFFD"], "a truncated character at the very end");
  });

  test("a line of 8 MB fed in 64 KiB chunks is one line, intact", () => {
    const line = "x".repeat(8 << 20);
    const data = Buffer.from(`a\n${line}\nb`);
    const lines = split(cut(data, Array.from({ length: Math.ceil(data.length / 65536) }, (_, i) => i * 65536)));
    assert.equal(lines.length, 3);
    assert.equal(lines[1]!.length, line.length);
    assert.ok(lines[1] === line);
    assert.deepEqual([lines[0], lines[2]], ["a", "b"]);
  });

  test("property: for any text and any chunking, the lines are the text split at LF", () => {
    const alphabet = fc.constantFrom("a", "\n", "\r", "\r\n", "\uFEFF", "é", "€", "😀", " ", "{", "\u2028", "\0");
    const text = fc.oneof(
      fc.string({ unit: alphabet, maxLength: 80 }),
      fc.string({ unit: "binary", maxLength: 80 }),
      fc.string({ unit: "grapheme", maxLength: 80 }),
    );
    fc.assert(
      fc.property(text, fc.boolean(), fc.array(fc.nat(), { maxLength: 20 }), (raw, bom, points) => {
        const source = bom ? `\uFEFF${raw}` : raw;
        const data = Buffer.from(source, "utf8");
        // The text as UTF-8 carries it: lone surrogates in the generated string become U+FFFD.
        const text = data.toString("utf8");
        assert.deepEqual(split(cut(data, points)), expectedLines(text));
      }),
      { numRuns: 500 },
    );
  });

  test("property: random bytes split the same way whole, bytewise and in random chunks", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 120 }), fc.array(fc.nat(), { maxLength: 10 }), (array, points) => {
        const data = Buffer.from(array);
        const reference = whole(data);
        assert.deepEqual(split(cut(data, points)), reference);
        assert.deepEqual(bytewise(data), reference);
        assert.equal(reference.length, expectedCount(data));
      }),
      { numRuns: 300 },
    );
  });
});

/** Lines in a byte string: one per LF, plus one for bytes after the last LF (a lone BOM at the start is nothing). */
function expectedCount(data: Buffer): number {
  const body = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? data.subarray(3) : data;
  let count = 0;
  for (const byte of body) if (byte === 0x0a) count++;
  return count + (body.length > 0 && body[body.length - 1] !== 0x0a ? 1 : 0);
}

describe("a line past the limit", () => {
  test("property: however the bytes are chunked, an over-long line is reported once by number and the rest split as ever", () => {
    const line = fc.string({ unit: fc.constantFrom("a", "é", "{", " "), maxLength: 30 });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 9 }), (lines, limit, size) => {
        const data = Buffer.from(lines.map((text) => `${text}\n`).join(""), "utf8");
        const seen: (string | number)[] = [];
        const splitter = new LineSplitter((text, number) => seen.push(`${number}:${text}`), true, limit, (number) => seen.push(number));
        for (let at = 0; at < data.length; at += size) splitter.push(data.subarray(at, at + size));
        splitter.end();
        const expected = lines.map((text, index) => (Buffer.byteLength(text) > limit ? index + 1 : `${index + 1}:${text}`));
        assert.deepEqual(seen, expected);
      }),
    );
  });

  test("without a handler it throws LineTooLong naming the line, holding no more than the limit", () => {
    const splitter = new LineSplitter(() => {}, true, 100);
    splitter.push(Buffer.from("short\n"));
    assert.throws(() => {
      for (let i = 0; i < 1000; i++) splitter.push(Buffer.alloc(64, 0x61));
    }, (error: unknown) =>
      error instanceof LineTooLong && error.line === 2 && error.maxLineBytes === 100 && error.option === "maxLineBytes" && !error.message.includes("--"));
  });

  test("the default is 64 MiB; TOOLSPAN_MAX_LINE_BYTES raises it, anything but a whole number > 0 is ignored", () => {
    assert.equal(DEFAULT_MAX_LINE_BYTES, 64 * 1024 * 1024);
    assert.equal(maxLineBytes({ TOOLSPAN_MAX_LINE_BYTES: "1000000000" }), 1_000_000_000);
    for (const value of [undefined, "", "0", "-5", "1.5", "lots"]) assert.equal(maxLineBytes({ TOOLSPAN_MAX_LINE_BYTES: value }), DEFAULT_MAX_LINE_BYTES);
  });
});
