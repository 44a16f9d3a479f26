import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { readPrefix, readRange } from "../../src/rerun/read-ranges.js";

const dir = mkdtempSync(join(tmpdir(), "toolspan-ranges-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const lines = Array.from({ length: 100 }, (_, i) => `line ${String(i).padStart(3, "0")}\n`).join(""); // 9 bytes a line
const path = join(dir, "stream");
writeFileSync(path, lines);

describe("readRange", () => {
  test("a range within the limit comes back whole", async () => {
    const shown = await readRange(path, { start: 9, end: 27 }, 100);
    assert.equal(shown.head.toString(), "line 001\nline 002\n");
    assert.equal(shown.tail.length, 0);
    assert.equal(shown.omitted, 0);
  });

  test("a longer range shows its first and last part cut to whole lines, and counts the rest", async () => {
    const shown = await readRange(path, { start: 0, end: 900 }, 40);
    assert.equal(shown.head.toString(), "line 000\nline 001\n");
    assert.equal(shown.tail.toString(), "line 098\nline 099\n");
    assert.equal(shown.omitted, 900 - 36);
    assert.equal(shown.head.length + shown.omitted + shown.tail.length, 900);
  });

  test("without line breaks the cut is at the limit", async () => {
    const flat = join(dir, "flat");
    writeFileSync(flat, "x".repeat(1000));
    const shown = await readRange(flat, { start: 100, end: 1000 }, 11);
    assert.equal(shown.head.length, 6);
    assert.equal(shown.tail.length, 5);
    assert.equal(shown.omitted, 900 - 11);
  });
});

describe("readPrefix", () => {
  test("takes the ranges one after another up to the limit", async () => {
    const data = await readPrefix(path, [{ start: 0, end: 4 }, { start: 891, end: 900 }], 10);
    assert.equal(data.toString(), "lineline 0");
  });
});
