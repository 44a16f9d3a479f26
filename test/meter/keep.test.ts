import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { Keeper, headShare } from "../../src/meter/keep.js";
import { oracleKept } from "../helpers/oracle.js";
import { capPlan, chunk, chunkPlan, keepPolicy, resolveCap, runs, streamBytes } from "./arbitraries.js";

type Policy = "head" | "tail" | "head+tail";

/** Runs a Keeper over the chunks; returns everything emitted, and what was emitted before `end`. */
function runKeeper(cap: number | null, keep: Policy, chunks: Buffer[]): { all: Buffer; beforeEnd: Buffer; emits: Buffer[] } {
  const emits: Buffer[] = [];
  const keeper = new Keeper(cap, keep, (c) => emits.push(Buffer.from(c)));
  for (const c of chunks) keeper.write(c);
  const beforeEnd = Buffer.concat(emits);
  keeper.end();
  return { all: Buffer.concat(emits), beforeEnd, emits };
}

const ascii = (s: string): Buffer => Buffer.from(s, "latin1");
const DIGITS = ascii("0123456789");

describe("headShare", () => {
  test("head keeps the whole cap, tail none, head+tail the larger half", () => {
    assert.equal(headShare(10, "head"), 10);
    assert.equal(headShare(10, "tail"), 0);
    assert.equal(headShare(10, "head+tail"), 5);
    assert.equal(headShare(7, "head+tail"), 4);
    assert.equal(headShare(1, "head+tail"), 1);
    assert.equal(headShare(0, "head+tail"), 0);
    assert.equal(headShare(null, "tail"), Infinity);
  });
});

describe("Keeper", () => {
  test("head keeps the first cap bytes", () => {
    assert.equal(runKeeper(4, "head", [DIGITS]).all.toString("latin1"), "0123");
  });

  test("tail keeps the last cap bytes", () => {
    assert.equal(runKeeper(4, "tail", [DIGITS]).all.toString("latin1"), "6789");
  });

  test("head+tail gives the head the odd byte for odd caps", () => {
    assert.equal(runKeeper(5, "head+tail", [DIGITS]).all.toString("latin1"), "01289");
    assert.equal(runKeeper(3, "head+tail", [DIGITS]).all.toString("latin1"), "019");
    assert.equal(runKeeper(1, "head+tail", [DIGITS]).all.toString("latin1"), "0");
    assert.equal(runKeeper(4, "head+tail", [DIGITS]).all.toString("latin1"), "0189");
  });

  test("cap 0 keeps nothing under every policy", () => {
    for (const keep of ["head", "tail", "head+tail"] as const) {
      const r = runKeeper(0, keep, [DIGITS]);
      assert.equal(r.all.length, 0, keep);
      assert.equal(r.emits.length, 0, keep);
    }
  });

  test("no cap keeps everything under every policy", () => {
    for (const keep of ["head", "tail", "head+tail"] as const) {
      assert.equal(runKeeper(null, keep, [ascii("012"), ascii("3456789")]).all.toString("latin1"), "0123456789", keep);
    }
  });

  test("a stream that fits keeps all of it under every policy, at cap-1, cap and cap+1 bytes", () => {
    for (const keep of ["head", "tail", "head+tail"] as const) {
      for (const cap of [9, 10, 11]) {
        const expected = cap >= 10 ? "0123456789" : keep === "head" ? "012345678" : keep === "tail" ? "123456789" : "012346789";
        assert.equal(runKeeper(cap, keep, [DIGITS]).all.toString("latin1"), expected, `${keep} cap ${cap}`);
      }
    }
  });

  test("head bytes are handed on as they arrive, tail bytes only at end", () => {
    const head = runKeeper(4, "head", [ascii("01"), ascii("2345"), ascii("6789")]);
    assert.equal(head.beforeEnd.toString("latin1"), "0123");
    const tail = runKeeper(4, "tail", [ascii("01"), ascii("2345"), ascii("6789")]);
    assert.equal(tail.beforeEnd.length, 0);
    assert.equal(tail.all.toString("latin1"), "6789");
    const both = runKeeper(5, "head+tail", [ascii("01"), ascii("2345"), ascii("6789")]);
    assert.equal(both.beforeEnd.toString("latin1"), "012");
    assert.equal(both.all.toString("latin1"), "01289");
  });

  test("property: emitted bytes equal the oracle's kept bytes for any chunking, cap and policy", () => {
    fc.assert(
      fc.property(streamBytes, chunkPlan, capPlan, keepPolicy, (data, plan, capP, keep) => {
        const cap = resolveCap(capP, data.length);
        const r = runKeeper(cap, keep, chunk(data, plan));
        assert.deepEqual(r.all, oracleKept(data, cap, keep));
        // Whatever was handed on before end is the head share of the kept bytes.
        const headPart = cap === null ? data.length : Math.min(headShare(cap, keep), data.length);
        assert.deepEqual(r.beforeEnd, data.subarray(0, headPart));
      }),
      runs(1500),
    );
  });
});
