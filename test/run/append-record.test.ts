import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

test("a line torn before the file was opened is ended first, so the record starts a line of its own", () => {
  const path = join(scratch, "torn-before.jsonl");
  writeFileSync(path, '{"whole":1}\n{"torn":');
  const file = RunFile.open(path);
  file.append('{"next":2}');
  file.close();
  assert.equal(readFileSync(path, "utf8"), '{"whole":1}\n{"torn":\n{"next":2}\n');
});

test("a line another writer tore after this one opened the file is ended too, once it has stopped changing", () => {
  const path = join(scratch, "torn-after.jsonl");
  const file = RunFile.open(path);
  file.append('{"mine":1}');
  appendFileSync(path, '{"a writer that died":');
  file.append('{"mine":2}');
  file.close();
  assert.equal(readFileSync(path, "utf8"), '{"mine":1}\n{"a writer that died":\n{"mine":2}\n');
});

test("20 processes appending 50 kB records at once leave 100 lines and no empty one", async () => {
  // A write(2) in progress shows a last line that does not end yet; taking it for a torn line added empty lines.
  const path = join(scratch, "many.jsonl");
  const script = `
    import { RunFile } from ${JSON.stringify(new URL("../../src/run/append-record.js", import.meta.url).href)};
    const file = RunFile.open(process.argv[1]);
    for (let i = 0; i < 5; i += 1) file.append(JSON.stringify({ writer: process.pid, i, pad: "x".repeat(50_000) }));
    file.close();`;
  await Promise.all(
    Array.from({ length: 20 }, () => new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ["--input-type=module", "-e", script, path], { stdio: "inherit" });
      child.on("error", reject);
      child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`a writer exited ${code}`))));
    })),
  );
  const lines = readFileSync(path, "utf8").slice(0, -1).split("\n");
  assert.equal(lines.filter((line) => line === "").length, 0, "no empty lines");
  assert.equal(lines.length, 100);
  for (const line of lines) JSON.parse(line);
});
