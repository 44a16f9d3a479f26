import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { readLines, STOP, UnreadableInput } from "../../src/formats/jsonl-lines.js";

const dir = mkdtempSync(join(tmpdir(), "toolspan-lines-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("lines are numbered from 1 with the BOM and CRs dropped, a last line without newline included", async () => {
  const path = join(dir, "a.jsonl");
  writeFileSync(path, "\uFEFF{\"a\":1}\r\n\n{\"b\":2}");
  const seen: [string, number][] = [];
  await readLines(path, (text, line) => {
    seen.push([text, line]);
  });
  assert.deepEqual(seen, [['{"a":1}', 1], ["", 2], ['{"b":2}', 3]]);
});

test("progress hears of every byte, chunk by chunk, and of every line but a last one without a newline", async () => {
  const path = join(dir, "big.jsonl");
  const line = `${JSON.stringify({ span_type: "tool", preview_stdout: "x".repeat(1000) })}\n`;
  writeFileSync(path, line.repeat(2000) + "{}");
  let bytes = 0;
  let lines = 0;
  let calls = 0;
  let last = 0;
  await readLines(
    path,
    (_text, number) => {
      last = number;
    },
    (moreBytes, moreLines) => {
      bytes += moreBytes;
      lines += moreLines;
      calls++;
    },
  );
  assert.equal(bytes, line.length * 2000 + 2);
  assert.equal(lines, 2000);
  assert.equal(last, 2001);
  assert.ok(calls > 1, "more than one chunk");
});

test("returning STOP ends the reading", async () => {
  const path = join(dir, "b.jsonl");
  writeFileSync(path, Array.from({ length: 1000 }, (_, i) => `{"i":${i}}`).join("\n"));
  const seen: number[] = [];
  await readLines(path, (_text, line) => {
    seen.push(line);
    return line === 3 ? STOP : undefined;
  });
  assert.deepEqual(seen, [1, 2, 3]);
});

test("a missing file and a directory reject with UnreadableInput naming the path", async () => {
  await assert.rejects(readLines(join(dir, "missing.jsonl"), () => {}), (error: unknown) => {
    assert.ok(error instanceof UnreadableInput);
    assert.match(error.message, /missing\.jsonl: ENOENT/);
    return true;
  });
  await assert.rejects(readLines(dir, () => {}), /is a directory/);
});
