import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { RunFile } from "../../src/run/append-record.js";

const scratch = mkdtempSync(join(tmpdir(), "toolspan-append-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

test("creates the file and appends each record as one newline-terminated line", () => {
  const path = join(scratch, "new.jsonl");
  const file = RunFile.open(path);
  file.append('{"a":1}');
  file.append('{"b":2}\n');
  file.close();
  assert.equal(readFileSync(path, "utf8"), '{"a":1}\n{"b":2}\n');
});

test("keeps what the file already held", () => {
  const path = join(scratch, "old.jsonl");
  writeFileSync(path, '{"old":true}\n');
  const file = RunFile.open(path);
  file.append('{"new":true}');
  file.close();
  assert.equal(readFileSync(path, "utf8"), '{"old":true}\n{"new":true}\n');
});

test("two handles on one file both land at the end, whatever order they were opened in", () => {
  const path = join(scratch, "two.jsonl");
  const first = RunFile.open(path);
  const second = RunFile.open(path);
  second.append("x".repeat(100_000));
  first.append("y".repeat(10));
  first.close();
  second.close();
  assert.deepEqual(readFileSync(path, "utf8").split("\n"), ["x".repeat(100_000), "y".repeat(10), ""]);
});

test("a path that cannot be opened fails at open, before anything runs", () => {
  assert.throws(() => RunFile.open(join(scratch, "missing-dir", "run.jsonl")), { code: "ENOENT" });
});
