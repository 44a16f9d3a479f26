#!/usr/bin/env node
// The floor for any linter that parses in Node: read a JSONL file as a stream, split it into lines and
// JSON.parse each one, in one thread, checking nothing. Prints one JSON line: lines, bytes, and the MB/s of
// the read-and-parse loop alone (MB = 10^6 bytes; Node's start-up not counted).
//
//   node bench/json-parse-floor.mjs FILE
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";

const path = process.argv[2];
if (path === undefined || process.argv.length !== 3) {
  process.stderr.write("usage: node bench/json-parse-floor.mjs FILE\n");
  process.exit(2);
}

const started = process.hrtime.bigint();
const { size } = await stat(path);
// A large highWaterMark: fewer, bigger chunks. The lines are found in the bytes and each is decoded on its own:
// decoding a whole chunk at once makes one two-byte string of it as soon as it holds a single non-ASCII
// character, which costs more here than JSON.parse does; a line of ASCII decodes to a one-byte string, fast.
const input = createReadStream(path, { highWaterMark: 1 << 20 });
let rest = null; // the partial last line of the previous chunk
let lines = 0;
let objects = 0;
const parse = (line) => {
  lines++;
  if (line.length === 0) return;
  const value = JSON.parse(line);
  if (typeof value === "object" && value !== null) objects++;
};
for await (const chunk of input) {
  let from = 0;
  let newline = chunk.indexOf(0x0a);
  if (rest !== null) {
    if (newline === -1) {
      rest = Buffer.concat([rest, chunk]);
      continue;
    }
    parse(Buffer.concat([rest, chunk.subarray(0, newline)]).toString("utf8"));
    rest = null;
    from = newline + 1;
    newline = chunk.indexOf(0x0a, from);
  }
  for (; newline !== -1; newline = chunk.indexOf(0x0a, from)) {
    parse(chunk.toString("utf8", from, newline));
    from = newline + 1;
  }
  if (from < chunk.length) rest = Buffer.from(chunk.subarray(from));
}
if (rest !== null) parse(rest.toString("utf8"));
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
process.stdout.write(`${JSON.stringify({ lines, objects, bytes: size, seconds: Number(seconds.toFixed(3)), mb_per_s: Number((size / 1e6 / seconds).toFixed(1)) })}\n`);
