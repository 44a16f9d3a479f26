import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { StreamMeter, type StreamMeasure } from "../../src/meter/stream-meter.js";
import { chunk, chunkPlan, keepPolicy, streamBytes } from "./arbitraries.js";
import { sha256 } from "../helpers/fixtures.js";

function meterDeferred(chunks: Buffer[], maxCap: number, cap: number, keep: "head" | "tail" | "head+tail") {
  const delivered: Buffer[] = [];
  const m = new StreamMeter({ cap: null, deferred: { maxCap }, onKept: (c) => delivered.push(Buffer.from(c)) });
  for (const c of chunks) m.write(c);
  m.settle({ cap, keep });
  const measure = m.end();
  assert.equal(delivered.length, 0, "nothing is handed on before release");
  return { m, measure, delivered };
}

function meterNow(chunks: Buffer[], cap: number, keep: "head" | "tail" | "head+tail"): StreamMeasure {
  const m = new StreamMeter({ cap, keep });
  for (const c of chunks) m.write(c);
  return m.end();
}

describe("StreamMeter, deferred", () => {
  test("property: settled after the end, it measures and keeps exactly what a meter with that cap from the start does", () => {
    fc.assert(
      fc.property(streamBytes, chunkPlan, fc.nat(2000), fc.nat(2000), keepPolicy, (data, plan, a, b, keep) => {
        const [cap, maxCap] = a <= b ? [a, b] : [b, a];
        const chunks = chunk(data, plan);
        const { m, measure, delivered } = meterDeferred(chunks, maxCap, cap, keep);
        const now = meterNow(chunks, cap, keep);
        const released = m.release(null, null);
        const { kept: _a, ...figures } = measure;
        const { kept, ...expected } = now;
        assert.deepEqual({ ...figures, ...released }, expected);
        assert.deepEqual(Buffer.concat(delivered), kept);
      }),
      { numRuns: 300 },
    );
  });

  test("release hands on the leader, the kept bytes, then the trailer, and the hash and count cover all of them", () => {
    const { m, delivered } = meterDeferred([Buffer.from("0123456789abcdef")], 10, 6, "head+tail");
    const released = m.release(Buffer.from("NOTE\n"), Buffer.from("\nEND"));
    assert.equal(Buffer.concat(delivered).toString(), "NOTE\n012def\nEND");
    assert.equal(released.keptSha256, sha256("NOTE\n012def\nEND"));
    assert.equal(released.addedBytes, 9);
  });

  test("misuse is a programming error, named: a cap over maxCap, end before settle, release twice", () => {
    const early = new StreamMeter({ cap: null, deferred: { maxCap: 4 } });
    assert.throws(() => early.end(), /end before settle/);
    const over = new StreamMeter({ cap: null, deferred: { maxCap: 4 } });
    over.write(Buffer.from("0123456789"));
    over.settle({ cap: 5, keep: "head" });
    assert.throws(() => over.end(), /cap 5 is over maxCap 4/);
    const twice = meterDeferred([Buffer.from("abc")], 4, 4, "head").m;
    twice.release(null, null);
    assert.throws(() => twice.release(null, null), /release before end, or twice/);
    assert.throws(() => new StreamMeter({ cap: 3 }).settle({ cap: 1, keep: "head" }), /settle without deferred/);
  });
});
