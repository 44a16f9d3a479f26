import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fc from "fast-check";
import { StreamMeter, measureBuffer, type StreamMeasure, type StreamMeterOptions } from "../../src/meter/stream-meter.js";
import { EMPTY_SHA256 } from "../../src/contract/constants.js";
import { oracle, oracleSha256, type OracleKeep } from "../helpers/oracle.js";
import { capPlan, chunk, chunkPlan, hashWindow, keepPolicy, previewChars, resolveCap, runs, streamBytes } from "./arbitraries.js";

const SHA_ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
const sha = (s: string | Uint8Array): string => createHash("sha256").update(s).digest("hex");
const bytes = (...b: number[]): Buffer => Buffer.from(b);

function meter(chunks: Buffer[], options: StreamMeterOptions): StreamMeasure {
  const m = new StreamMeter(options);
  for (const c of chunks) m.write(c);
  return m.end();
}

function meterWithSink(chunks: Buffer[], options: Omit<StreamMeterOptions, "onKept">): { result: StreamMeasure; delivered: Buffer } {
  const got: Buffer[] = [];
  const result = meter(chunks, { ...options, onKept: (c) => got.push(Buffer.from(c)) });
  return { result, delivered: Buffer.concat(got) };
}

// First, while the process is still small: memory must stay bounded however long the stream is.
describe("StreamMeter memory", () => {
  test("200 MiB through a cap of 8192 raises maxRSS by less than 64 MiB, and streamSha256 matches node:crypto", () => {
    // Valid UTF-8 text (1- to 4-byte characters) padded with ASCII to exactly 1 MiB, so the UTF-8 check works on every chunk.
    const pattern = Buffer.from("héllo wörld € 😀 tool output line\n");
    const block = Buffer.alloc(1 << 20, 0x2e);
    for (let at = 0; at + pattern.length <= block.length - 64; at += pattern.length) pattern.copy(block, at);
    const rounds = 200;
    const independent = createHash("sha256");
    const delivered: Buffer[] = [];
    let deliveredBytes = 0;
    const before = process.resourceUsage().maxRSS;
    const m = new StreamMeter({
      cap: 8192,
      keep: "head+tail",
      onKept: (c) => {
        deliveredBytes += c.length;
        delivered.push(Buffer.from(c));
      },
    });
    for (let i = 0; i < rounds; i++) {
      m.write(block);
      independent.update(block);
    }
    const r = m.end();
    const after = process.resourceUsage().maxRSS;
    const grewKiB = after - before;
    assert.ok(grewKiB < 64 * 1024, `maxRSS grew by ${grewKiB} KiB`);
    assert.equal(r.bytes, rounds * block.length);
    assert.equal(r.truncated, true);
    assert.equal(r.sha256, null);
    assert.equal(r.streamSha256, independent.digest("hex"));
    assert.equal(r.headSha256, sha(block.subarray(0, 256)));
    assert.equal(r.tailSha256, sha(block.subarray(block.length - 256)));
    assert.equal(r.encoding, "utf-8");
    assert.equal(r.kept, null);
    assert.equal(deliveredBytes, 8192);
    const expectedKept = Buffer.concat([block.subarray(0, 4096), block.subarray(block.length - 4096)]);
    assert.deepEqual(Buffer.concat(delivered), expectedKept);
    assert.equal(r.keptBytes, 8192);
    assert.equal(r.keptSha256, sha(expectedKept));
    assert.equal(r.preview, Array.from(expectedKept.toString("utf8")).slice(0, 512).join(""));
  });
});

describe("StreamMeter against the one-shot oracle", () => {
  const input = fc.record({
    data: streamBytes,
    plan: chunkPlan,
    capP: capPlan,
    keep: keepPolicy,
    hashWindow,
    previewChars,
  });

  test("property: every field equals the oracle; onKept delivers exactly the kept bytes; kept is gathered without it", () => {
    fc.assert(
      fc.property(input, ({ data, plan, capP, keep, hashWindow, previewChars }) => {
        const cap = resolveCap(capP, data.length);
        const options = { cap, keep, hashWindow, previewChars };
        const expected = oracle(data, options);
        const chunks = chunk(data, plan);

        const gathered = meter(chunks, options);
        assert.deepEqual(gathered, expected);

        const { result, delivered } = meterWithSink(chunks, options);
        assert.deepEqual(result, { ...expected, kept: null });
        assert.deepEqual(delivered, expected.kept);
      }),
      runs(2500),
    );
  });

  test("property: the contract's lint invariants hold on every result", () => {
    fc.assert(
      fc.property(input, ({ data, plan, capP, keep, hashWindow, previewChars }) => {
        const cap = resolveCap(capP, data.length);
        const r = meter(chunk(data, plan), { cap, keep, hashWindow, previewChars });
        assert.equal(r.truncated, cap !== null && r.bytes > cap);
        if (r.truncated) {
          assert.equal(r.sha256, null);
          assert.notEqual(r.headSha256, null);
          assert.notEqual(r.tailSha256, null);
        } else if (r.bytes > 0) assert.match(r.sha256 ?? "", /^[0-9a-f]{64}$/);
        else assert.equal(r.sha256, EMPTY_SHA256);
        // The preview cannot hold more than was kept (each U+FFFD counted as one byte).
        const previewBytes = Array.from(r.preview).reduce((n, ch) => n + (ch === "\uFFFD" ? 1 : Buffer.byteLength(ch)), 0);
        assert.ok(previewBytes <= Math.min(r.bytes, cap ?? r.bytes));
        assert.ok(Array.from(r.preview).length <= previewChars);
        // Where the whole stream fits in the preview, the preview hashes to the stream.
        if (!r.truncated && r.encoding === "utf-8" && Buffer.byteLength(r.preview) === r.bytes) {
          assert.equal(sha(r.preview), r.sha256);
          if (r.bytes <= hashWindow && r.bytes > 0) assert.equal(sha(r.preview), r.headSha256);
        }
        assert.equal(r.keptBytes, r.kept?.length);
        assert.ok(r.keptBytes <= Math.min(r.bytes, cap ?? r.bytes));
      }),
      runs(1000),
    );
  });

  test("property: larger streams with small caps and small windows (tail ring wraps many times)", () => {
    const big = fc.array(streamBytes, { minLength: 1, maxLength: 8 }).map((parts) => Buffer.concat(parts));
    fc.assert(
      fc.property(big, chunkPlan, fc.integer({ min: 0, max: 40 }), keepPolicy, fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 20 }), (data, plan, cap, keep, hw, pc) => {
        const options = { cap, keep, hashWindow: hw, previewChars: pc };
        assert.deepEqual(meter(chunk(data, plan), options), oracle(data, options));
      }),
      runs(400),
    );
  });
});

describe("StreamMeter figures", () => {
  const CAP = 4;
  const cases: Array<[string, boolean]> = [
    ["", false],
    ["a", false],
    ["abc", false], // cap - 1
    ["abcd", false], // cap
    ["abcde", true], // cap + 1
  ];
  for (const [text, truncated] of cases) {
    for (const keep of ["head", "tail", "head+tail"] as const) {
      test(`${text.length} bytes under cap ${CAP}, keep ${keep}`, () => {
        const r = meter([Buffer.from(text)], { cap: CAP, keep });
        assert.equal(r.bytes, text.length);
        assert.equal(r.cap, CAP);
        assert.equal(r.truncated, truncated);
        assert.equal(r.keep, keep);
        assert.equal(r.streamSha256, sha(text));
        assert.equal(r.sha256, truncated ? null : sha(text));
        const kept = !truncated ? text : keep === "head" ? "abcd" : keep === "tail" ? "bcde" : "abde";
        assert.equal(r.kept?.toString("latin1"), kept);
        assert.equal(r.keptBytes, kept.length);
        assert.equal(r.keptSha256, sha(kept));
        assert.equal(r.preview, kept);
        assert.equal(r.encoding, "utf-8");
      });
    }
  }

  test("an empty stream: zero bytes, empty-stream hashes, no head or tail hash", () => {
    const r = meter([], { cap: 10 });
    assert.deepEqual(r, {
      bytes: 0,
      cap: 10,
      truncated: false,
      keep: "head",
      sha256: EMPTY_SHA256,
      streamSha256: EMPTY_SHA256,
      normalizedSha256: EMPTY_SHA256,
      headSha256: null,
      tailSha256: null,
      keptSha256: EMPTY_SHA256,
      keptBytes: 0,
      addedBytes: 0,
      encoding: "utf-8",
      preview: "",
      hashWindow: 256,
      previewChars: 512,
      redactions: 0,
      kept: Buffer.alloc(0),
    });
    // Empty chunks alone are still an empty stream.
    assert.equal(meter([Buffer.alloc(0), Buffer.alloc(0)], { cap: null }).headSha256, null);
  });

  test("cap 0 keeps nothing and flags any byte", () => {
    const r = meter([Buffer.from("x")], { cap: 0, keep: "tail" });
    assert.equal(r.truncated, true);
    assert.equal(r.keptBytes, 0);
    assert.equal(r.keptSha256, EMPTY_SHA256);
    assert.equal(r.preview, "");
    assert.equal(r.sha256, null);
    assert.equal(meter([], { cap: 0 }).truncated, false);
  });

  test("no cap: never truncated, kept is the stream, kept hash is the stream hash", () => {
    const r = meter([Buffer.from("ab"), Buffer.from("c")], { cap: null, keep: "tail" });
    assert.equal(r.truncated, false);
    assert.equal(r.sha256, SHA_ABC);
    assert.equal(r.streamSha256, SHA_ABC);
    assert.equal(r.keptSha256, SHA_ABC);
    assert.equal(r.kept?.toString(), "abc");
  });

  test("hash window boundaries: bytes = window-1, window, window+1", () => {
    const hw = 3;
    const below = meter([Buffer.from("ab")], { cap: null, hashWindow: hw });
    assert.equal(below.headSha256, sha("ab"));
    assert.equal(below.tailSha256, sha("ab"));
    const at = meter([Buffer.from("a"), Buffer.from("bc")], { cap: null, hashWindow: hw });
    assert.equal(at.headSha256, SHA_ABC);
    assert.equal(at.tailSha256, SHA_ABC);
    assert.equal(at.sha256, SHA_ABC);
    const above = meter([Buffer.from("ab"), Buffer.from("cd")], { cap: null, hashWindow: hw });
    assert.equal(above.headSha256, SHA_ABC);
    assert.equal(above.tailSha256, sha("bcd"));
  });

  test("hash window 1 and the default window of 256", () => {
    const r = meter([Buffer.from("xyz")], { cap: 1, hashWindow: 1 });
    assert.equal(r.headSha256, sha("x"));
    assert.equal(r.tailSha256, sha("z"));
    const data = Buffer.from("0123456789".repeat(30)); // 300 bytes
    const d = meter([data], { cap: 100 });
    assert.equal(d.hashWindow, 256);
    assert.equal(d.headSha256, sha(data.subarray(0, 256)));
    assert.equal(d.tailSha256, sha(data.subarray(44)));
  });

  test("head and tail hashes cover the stream, not the kept bytes", () => {
    const r = meter([Buffer.from("abcdefgh")], { cap: 2, keep: "tail", hashWindow: 3 });
    assert.equal(r.headSha256, SHA_ABC);
    assert.equal(r.tailSha256, sha("fgh"));
    assert.equal(r.keptSha256, sha("gh"));
  });

  test("a 3-byte and a 4-byte character split across every chunk boundary stay utf-8", () => {
    for (const text of ["€", "😀", "a€b", "a😀b"]) {
      const data = Buffer.from(text);
      for (let i = 0; i <= data.length; i++) {
        for (let j = i; j <= data.length; j++) {
          const r = meter([data.subarray(0, i), data.subarray(i, j), data.subarray(j)], { cap: null });
          assert.equal(r.encoding, "utf-8", `${text} split at ${i},${j}`);
          assert.equal(r.preview, text);
        }
      }
    }
  });

  test("a truncated sequence at the end, an overlong encoding, a surrogate, a NUL: each makes it binary with an empty preview", () => {
    for (const data of [
      Buffer.concat([Buffer.from("ok "), bytes(0xe2, 0x82)]),
      Buffer.concat([Buffer.from("ok "), bytes(0xf0, 0x9f, 0x98)]),
      Buffer.concat([Buffer.from("ok "), bytes(0xc0, 0xaf), Buffer.from(" more")]),
      Buffer.concat([Buffer.from("ok "), bytes(0xe0, 0x80, 0xaf)]),
      Buffer.concat([Buffer.from("ok "), bytes(0xed, 0xa0, 0x80), Buffer.from(" more")]),
      Buffer.from("ok \u0000 more"),
    ]) {
      for (let i = 0; i <= data.length; i++) {
        const r = meter([data.subarray(0, i), data.subarray(i)], { cap: null });
        assert.equal(r.encoding, "binary", `${data.toString("hex")} split at ${i}`);
        assert.equal(r.preview, "");
        assert.equal(r.sha256, sha(data));
      }
    }
  });

  test("a stream valid as a whole but clipped mid-character stays utf-8; the preview shows U+FFFD", () => {
    const r = meter([Buffer.from("a€")], { cap: 2, keep: "head" });
    assert.equal(r.encoding, "utf-8");
    assert.equal(r.preview, "a\uFFFD");
    const t = meter([Buffer.from("€a")], { cap: 2, keep: "tail" });
    assert.equal(t.preview, "\uFFFDa");
  });

  test("the preview never splits a character at the limit and comes from the kept bytes", () => {
    assert.equal(meter([Buffer.from("aé😀b")], { cap: null, previewChars: 3 }).preview, "aé😀");
    assert.equal(meter([Buffer.from("abcdef")], { cap: 3, keep: "tail" }).preview, "def");
    assert.equal(meter([Buffer.from("abcdef")], { cap: 4, keep: "head+tail" }).preview, "abef");
    assert.equal(meter([Buffer.from("abcdefg")], { cap: 5, keep: "head+tail", previewChars: 4 }).preview, "abcf");
  });

  test("the preview keeps a leading BOM, and previewChars 0 gives an empty preview", () => {
    const bom = Buffer.concat([bytes(0xef, 0xbb, 0xbf), Buffer.from("hi")]);
    assert.equal(meter([bom], { cap: null }).preview, "\uFEFFhi");
    assert.equal(meter([bom.subarray(0, 1), bom.subarray(1)], { cap: null, previewChars: 1 }).preview, "\uFEFF");
    const zero = meter([Buffer.from("hello")], { cap: null, previewChars: 0 });
    assert.equal(zero.preview, "");
    assert.equal(zero.previewChars, 0);
  });

  test("the preview is limited to previewChars code points of a long kept stream", () => {
    const text = "😀é€a".repeat(300);
    const data = Buffer.from(text);
    const r = meter(chunk(data, { mode: "bytes" }), { cap: null, previewChars: 10 });
    assert.equal(r.preview, "😀é€a😀é€a😀é");
    assert.equal(meter([data], { cap: null }).preview, Array.from(text).slice(0, 512).join(""));
  });

  test("defaults: keep head, hash window 256, preview 512", () => {
    const r = meter([Buffer.from("abc")], { cap: null });
    assert.equal(r.keep, "head");
    assert.equal(r.hashWindow, 256);
    assert.equal(r.previewChars, 512);
  });

  test("onKept takes the kept bytes: kept is null, and the head is delivered before end", () => {
    const got: string[] = [];
    const m = new StreamMeter({ cap: 3, keep: "head+tail", onKept: (c) => got.push(c.toString()) });
    m.write(Buffer.from("abcdef"));
    assert.deepEqual(got, ["ab"]);
    const r = m.end();
    assert.deepEqual(got, ["ab", "f"]);
    assert.equal(r.kept, null);
    assert.equal(r.keptSha256, sha("abf"));
  });

  test("measureBuffer equals a streamed meter", () => {
    const data = Buffer.from("hello, wörld 😀".repeat(10));
    const options = { cap: 17, keep: "head+tail" as OracleKeep, hashWindow: 5, previewChars: 7 };
    assert.deepEqual(measureBuffer(data, options), meter(chunk(data, { mode: "bytes" }), options));
    assert.deepEqual(measureBuffer(data, options), oracle(data, options));
  });

  test("write after end and a second end throw", () => {
    const m = new StreamMeter({ cap: null });
    m.write(Buffer.from("a"));
    m.end();
    assert.throws(() => m.write(Buffer.from("b")), /write after end/);
    assert.throws(() => m.end(), /end called twice/);
  });

  test("bad options are rejected", () => {
    assert.throws(() => new StreamMeter({ cap: -1 }), RangeError);
    assert.throws(() => new StreamMeter({ cap: 1.5 }), RangeError);
    assert.throws(() => new StreamMeter({ cap: null, hashWindow: 0 }), RangeError);
    assert.throws(() => new StreamMeter({ cap: null, previewChars: -1 }), RangeError);
    assert.throws(() => new StreamMeter({ cap: null, previewChars: Number.NaN }), RangeError);
    assert.doesNotThrow(() => new StreamMeter({ cap: 0, hashWindow: 1, previewChars: 0 }));
  });

  test("the oracle's sha256 agrees with known vectors", () => {
    assert.equal(oracleSha256(Buffer.from("abc")), SHA_ABC);
    assert.equal(oracleSha256(Buffer.alloc(0)), EMPTY_SHA256);
  });
});
