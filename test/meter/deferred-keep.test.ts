import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { StreamMeter, type StreamMeasure } from "../../src/meter/stream-meter.js";
import { chunk, chunkPlan, keepPolicy, streamBytes } from "./arbitraries.js";
import { sha256 } from "../helpers/fixtures.js";
import { oracleKept } from "../helpers/oracle.js";

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

describe("StreamMeter, a trailer counted in the cap", () => {
  const trailerOf = (measure: StreamMeasure): Buffer | null =>
    measure.truncated ? Buffer.from(`\n[clipped: kept ${measure.keptBytes} of ${measure.bytes}, cap ${measure.cap}]\n`) : null;

  test("property: kept bytes and trailer fit the cap whenever the cap can hold the trailer; the measure's cap says what was kept", () => {
    fc.assert(
      fc.property(streamBytes, chunkPlan, fc.nat(1500), keepPolicy, (data, plan, cap, keep) => {
        const delivered: Buffer[] = [];
        const m = new StreamMeter({ cap, keep, trailerReserve: 80, onKept: (c) => delivered.push(Buffer.from(c)) });
        for (const c of chunk(data, plan)) m.write(c);
        const measure = m.end(trailerOf);
        const got = Buffer.concat(delivered);
        const trailer = trailerOf(measure) ?? Buffer.alloc(0);
        if (data.length <= cap) {
          assert.deepEqual(got, data);
          assert.equal(measure.cap, cap);
          return;
        }
        assert.equal(measure.truncated, true);
        assert.deepEqual(got.subarray(got.length - trailer.length), trailer, "the trailer comes last");
        assert.deepEqual(got.subarray(0, got.length - trailer.length), oracleKept(data, measure.cap, keep), "the kept bytes are what the measure's cap keeps");
        // A cap too small for the trailer keeps what it would keep, the trailer on top; this trailer is under 80 bytes.
        assert.ok(got.length <= cap || measure.cap === cap, `${got.length} bytes handed on under a cap of ${cap}`);
        if (cap >= 80) assert.ok(got.length <= cap, `${got.length} bytes handed on under a cap of ${cap}`);
        assert.equal(measure.keptSha256, sha256(got));
        assert.equal(measure.addedBytes, trailer.length);
      }),
      { numRuns: 400 },
    );
  });
});
