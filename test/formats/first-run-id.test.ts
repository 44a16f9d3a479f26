import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { test } from "node:test";
import fc from "fast-check";
import { firstRunId } from "../../src/formats/first-run-id.js";
import { scratchPaths } from "../helpers/scratch.js";

const fresh = scratchPaths("toolspan-first-run-id-");
const LIMIT = 1 << 20;

test("the first line's run_id, whatever follows it, with a BOM or a CRLF", () => {
  const usableId = fc.string({ minLength: 1, unit: "grapheme" }).filter((id) => !/[\u0000-\u001f\u007f-\u009f]/.test(id));
  fc.assert(
    fc.property(usableId, fc.boolean(), fc.constantFrom("\n", "\r\n"), fc.uint8Array({ maxLength: 64 }), (runId, bom, eol, rest) => {
      const path = fresh("run.jsonl");
      const line = `${bom ? "\uFEFF" : ""}${JSON.stringify({ span_type: "tool", run_id: runId })}${eol}`;
      writeFileSync(path, Buffer.concat([Buffer.from(line), rest]));
      assert.equal(firstRunId(path), runId);
    }),
    { numRuns: 50 },
  );
});

test("null: no file, a folder, an empty file, no JSON object, no usable run_id", () => {
  const folder = fresh("folder");
  mkdirSync(folder);
  const cases = ["", "\n{\"run_id\":\"second-line\"}\n", "not json\n", "[1]\n", '{"run_id":""}\n', '{"run_id":"a\\u0000b"}\n', '{"run_id":1}\n'];
  const files = cases.map((text) => {
    const path = fresh("run.jsonl");
    writeFileSync(path, text);
    return path;
  });
  for (const path of [fresh("missing.jsonl"), folder, ...files]) assert.equal(firstRunId(path), null, path);
});

test("reads 1 MiB at most: a first line that fits is read across chunks, a longer one is not", () => {
  const fits = fresh("fits.jsonl");
  const padding = (length: number) => "x".repeat(length);
  const head = '{"run_id":"r1","pad":"';
  writeFileSync(fits, `${head}${padding(LIMIT - head.length - 3)}"}\n{}\n`);
  assert.equal(firstRunId(fits), "r1");
  const over = fresh("over.jsonl");
  writeFileSync(over, `${head}${padding(LIMIT)}"}\n`);
  assert.equal(firstRunId(over), null);
});
