// jsonl → otlp → jsonl is the identity for every contract key, nulls included, in stamped records and in
// records with only some keys (the published schema's shape).
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { CORE_KEYS, OWN_KEYS } from "../../../src/contract/keys.js";
import { KEY_TYPES } from "../../../src/contract/key-types.js";
import { convertValue } from "../../../src/formats/otlp/convert-record.js";
import { spansFromLine } from "../../../src/formats/otlp/spans-from-line.js";
import { cleanSpan } from "../../helpers/lint.js";

const text = fc.string({ unit: "binary", maxLength: 40 });
const hash = fc.stringMatching(/^[0-9a-f]{64}$/);
const count = fc.nat({ max: Number.MAX_SAFE_INTEGER });

// A value of each key's contract type (KEY_TYPES checks each one).
function arbitraryFor(key: string): fc.Arbitrary<unknown> {
  if (key === "span_type") return fc.constant("tool");
  if (key === "contract") return fc.constant("toolspan/1");
  if (key === "argv") return fc.array(text, { maxLength: 4 });
  if (key === "returncode") return fc.option(fc.integer({ min: -255, max: 255 }), { nil: null });
  if (key === "duration_ms") return fc.double({ min: 0, max: 1e9, noNaN: true }).map((value) => value + 0);
  if (key === "started_at") return fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((date) => date.toISOString());
  if (key.endsWith("_keep")) return fc.constantFrom("head", "tail", "head+tail");
  if (key.endsWith("encoding")) return fc.constantFrom("utf-8", "binary");
  if (key.endsWith("_blob")) return fc.option(hash.map((h) => `sha256:${h}`), { nil: null });
  if (key.endsWith("_sha256")) return KEY_TYPES[key as keyof typeof KEY_TYPES].test(null) ? fc.option(hash, { nil: null }) : hash;
  if (key.endsWith("_cap")) return fc.option(count, { nil: null });
  if (key === "hash_window") return fc.integer({ min: 1, max: 1 << 20 });
  const type = KEY_TYPES[key as keyof typeof KEY_TYPES];
  if (type.test(true)) return fc.boolean();
  if (type.test(0)) return count;
  return type.test(null) ? fc.option(text, { nil: null }) : text;
}

const KEYS = [...CORE_KEYS, ...OWN_KEYS];
const fullRecord = fc.record(Object.fromEntries(KEYS.map((key) => [key, arbitraryFor(key)])) as Record<string, fc.Arbitrary<unknown>>);
// Not stamped `contract`: a stamped record has every key, so one read from an SDK span fills its nulls back in.
const partialRecord = fc.tuple(fullRecord, fc.subarray(KEYS.filter((key) => key !== "span_type"))).map(([record, dropped]) => {
  const copy: Record<string, unknown> = { ...record };
  delete copy.contract;
  for (const key of dropped) delete copy[key];
  return copy;
});

// Records as a JSON line holds them: plain objects (fast-check builds them without a prototype).
const asLine = (record: Record<string, unknown>): Record<string, unknown> => JSON.parse(JSON.stringify(record)) as Record<string, unknown>;

function roundTrip(record: Record<string, unknown>): unknown[] {
  const [otlpLine] = convertValue(record, "otlp", "0.0.0")!;
  return convertValue(JSON.parse(otlpLine!), "jsonl", "0.0.0")!.map((line) => JSON.parse(line));
}

test("a stamped record with every key survives jsonl → otlp → jsonl", () => {
  fc.assert(fc.property(fullRecord.map(asLine), (record) => assert.deepEqual(roundTrip(record), [record])), { numRuns: 300 });
});

test("an unstamped record with only some keys survives too: its nulls stay null and its absent keys absent", () => {
  fc.assert(fc.property(partialRecord.map(asLine), (record) => assert.deepEqual(roundTrip(record), [record])), { numRuns: 300 });
});

test("numbers and booleans are typed attributes; the conventions' attributes ride along", () => {
  const record = cleanSpan();
  const [line] = convertValue(record, "otlp", "1.2.3")!;
  const [span] = spansFromLine(JSON.parse(line!));
  assert.equal(span!.name, "execute_tool pytest");
  assert.equal(span!.attributes["gen_ai.operation.name"], "execute_tool");
  assert.equal(span!.attributes["process.exit.code"], record.returncode);
  const raw = (JSON.parse(line!) as { resourceSpans: [{ scopeSpans: [{ spans: [{ attributes: { key: string; value: object }[] }] }] }] })
    .resourceSpans[0].scopeSpans[0].spans[0].attributes;
  const valueOf = (key: string) => raw.find((entry) => entry.key === key)!.value;
  assert.deepEqual(valueOf("toolspan.stdout.bytes"), { intValue: String(record.stdout_bytes) });
  assert.deepEqual(valueOf("toolspan.stdout.truncated"), { boolValue: record.stdout_truncated });
  assert.deepEqual(valueOf("toolspan.ok_preview"), { boolValue: record.ok_preview });
});

test("lines already in the target format pass through; other values are refused", () => {
  const request = JSON.parse(convertValue(cleanSpan(), "otlp", "0")![0]!) as Record<string, unknown>;
  assert.deepEqual(convertValue(request, "otlp", "0"), [JSON.stringify(request)]);
  assert.deepEqual(convertValue(cleanSpan(), "jsonl", "0"), [JSON.stringify(cleanSpan())]);
  assert.equal(convertValue([1], "otlp", "0"), null);
  assert.equal(convertValue("x", "jsonl", "0"), null);
});
