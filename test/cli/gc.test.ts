import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { gzipSync } from "node:zlib";
import { blobPath, newTempName } from "../../src/store/blob-path.js";
import { runCli } from "../helpers/cli.js";
import { sha256 } from "../helpers/fixtures.js";
import { completeSpan } from "../helpers/lint.js";

const cleanRecord = (): Record<string, unknown> => JSON.parse(JSON.stringify(completeSpan())) as Record<string, unknown>;

const scratch = mkdtempSync(join(tmpdir(), "toolspan-gc-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

const DAY = 24 * 60 * 60;
const aged = (path: string, days: number): void => {
  const when = Date.now() / 1000 - days * DAY;
  utimesSync(path, when, when);
};

/** A store with three blobs (fresh, old and referenced, old and unreferenced), a stale temp file, a run file. */
function fixture(name: string) {
  const store = join(scratch, name);
  const put = (text: string, days: number): string => {
    const path = blobPath(store, sha256(text));
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, text);
    aged(path, days);
    return path;
  };
  const fresh = put("fresh\n", 0);
  const referenced = put("referenced\n", 30);
  const unreferenced = put("unreferenced\n", 30);
  mkdirSync(join(store, "tmp"), { recursive: true });
  const temp = join(store, "tmp", newTempName()); // as a killed wrap leaves it
  writeFileSync(temp, "partial");
  aged(temp, 30);
  const run = join(scratch, `${name}.jsonl`);
  writeFileSync(run, `${JSON.stringify({ span_type: "tool", stdout_blob: `sha256:${sha256("referenced\n")}`, stderr_blob: null })}\nnot json\n`);
  return { store, run, fresh, referenced, unreferenced, temp };
}

type Fixture = ReturnType<typeof fixture>;
const present = (f: Fixture): boolean[] => [f.fresh, f.referenced, f.unreferenced, f.temp].map((path) => existsSync(path));

/** A file aged 30 days under a name gc would remove if it followed the link it sits behind. */
function oldFileAt(path: string): string {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, "not the store's\n");
  aged(path, 30);
  return path;
}

describe("toolspan gc", () => {
  test("--runs: removes old blobs no span names and stale temporary files; keeps the rest", async () => {
    const f = fixture("runs");
    const result = await runCli(["gc", f.store, "--keep-days", "7", "--runs", f.run]);
    assert.equal(result.code, 0, result.stderr.toString());
    assert.deepEqual([existsSync(f.fresh), existsSync(f.referenced), existsSync(f.unreferenced), existsSync(f.temp)], [true, true, false, false]);
    assert.match(result.stdout.toString(), new RegExp(`removed ${f.unreferenced}`));
  });

  test("--runs reads OTLP run files too, lines and pretty-printed documents: a blob they name is kept", async () => {
    const { convertValue } = await import("../../src/formats/otlp/convert-record.js");
    for (const pretty of [false, true]) {
      const f = fixture(pretty ? "otlp-document" : "otlp-lines");
      const record = { ...cleanRecord(), stdout_blob: `sha256:${sha256("referenced\n")}` };
      const line = convertValue(record, "otlp", "0.0.0")![0]!;
      const otlp = join(scratch, `${pretty ? "document" : "lines"}.otlp.json`);
      writeFileSync(otlp, pretty ? `${JSON.stringify(JSON.parse(line), null, 2)}\n` : `${line}\n`);
      const result = await runCli(["gc", f.store, "--keep-days", "7", "--runs", otlp]);
      assert.equal(result.code, 0, result.stderr.toString());
      assert.deepEqual([existsSync(f.referenced), existsSync(f.unreferenced)], [true, false], pretty ? "document" : "lines");
    }
  });

  test("without --runs, age alone decides", async () => {
    const f = fixture("age");
    assert.equal((await runCli(["gc", f.store, "--keep-days", "7"])).code, 0);
    assert.deepEqual([existsSync(f.fresh), existsSync(f.referenced), existsSync(f.unreferenced)], [true, false, false]);
  });

  test("--dry-run lists and removes nothing; usage errors exit 2", async () => {
    const f = fixture("dry");
    const result = await runCli(["gc", f.store, "--keep-days", "7", "--dry-run"]);
    assert.match(result.stdout.toString(), /would remove/);
    assert.ok(existsSync(f.unreferenced) && existsSync(f.temp));
    assert.equal((await runCli(["gc", f.store])).code, 2, "--keep-days is required");
    assert.equal((await runCli(["gc", f.store, "--keep-days", "7", "--runs"])).code, 2, "--runs needs files");
    assert.equal((await runCli(["gc", f.store, "--keep-days", "7", "--runs", join(scratch, "missing.jsonl")])).code, 2);
    assert.ok(existsSync(f.unreferenced), "an unreadable run file removes nothing");
  });

  test("--runs with a file that is no run file (gzip, binary) removes nothing and exits 2 naming it", async () => {
    const f = fixture("not-runs");
    const gz = join(scratch, "run.jsonl.gz");
    writeFileSync(gz, gzipSync(readFileSync(f.run)));
    const binary = join(scratch, "toolspan-binary");
    writeFileSync(binary, readFileSync(process.execPath).subarray(0, 1 << 16));
    for (const bad of [gz, binary]) {
      // The good run file first: what it names was gathered before the bad one is met.
      const result = await runCli(["gc", f.store, "--keep-days", "7", "--runs", f.run, bad]);
      assert.equal(result.code, 2, bad);
      assert.equal(result.stderr.toString(), `toolspan: cannot read ${bad}: not a run file (line 1 is not a JSON object)\n`);
      assert.equal(result.stdout.length, 0);
      assert.deepEqual(present(f), [true, true, true, true], "nothing removed");
    }
  });

  test("a store folder that does not exist, or a file given as one, is an error naming it", async () => {
    const missing = join(scratch, "no-such-store");
    const result = await runCli(["gc", missing, "--keep-days", "7"]);
    assert.deepEqual([result.code, result.stderr.toString()], [2, `toolspan: cannot read ${missing}: ENOENT\n`]);
    const file = join(scratch, "a-file");
    writeFileSync(file, "");
    const notFolder = await runCli(["gc", file, "--keep-days", "7"]);
    assert.deepEqual([notFolder.code, notFolder.stderr.toString()], [2, `toolspan: cannot read ${file}: not a folder\n`]);
  });

  test("follows no symbolic link: a fan folder, tmp/ or a blob name linked elsewhere keeps what it points at", async () => {
    const f = fixture("symlinks");
    const elsewhere = join(scratch, "elsewhere");
    const name = sha256("elsewhere\n");
    const behindFan = oldFileAt(join(elsewhere, "fan", name.slice(2)));
    symlinkSync(join(elsewhere, "fan"), join(f.store, "sha256", "ff"));
    const behindTmp = oldFileAt(join(elsewhere, "tmp", newTempName()));
    rmSync(join(f.store, "tmp"), { recursive: true });
    symlinkSync(join(elsewhere, "tmp"), join(f.store, "tmp"));
    const behindBlob = oldFileAt(join(elsewhere, "blob"));
    const link = blobPath(f.store, sha256("linked\n"));
    mkdirSync(join(link, ".."), { recursive: true });
    symlinkSync(behindBlob, link);
    const result = await runCli(["gc", f.store, "--keep-days", "7"]);
    assert.equal(result.code, 0, result.stderr.toString());
    assert.deepEqual([existsSync(behindFan), existsSync(behindTmp), existsSync(behindBlob), existsSync(link)], [true, true, true, true]);
    assert.deepEqual(present(f).slice(0, 3), [true, false, false], "the real old blobs still go");
    assert.match(result.stderr.toString(), /, 3 paths left alone \(not toolspan's\)\n$/);
  });

  test("junk in the store (.DS_Store, a folder in tmp/, a foreign file) is left alone and the sweep goes on", async () => {
    const f = fixture("junk");
    const junk = [
      oldFileAt(join(f.store, ".DS_Store")),
      oldFileAt(join(f.store, "sha256", ".DS_Store")),
      oldFileAt(join(f.store, "sha256", "zz", "x")),
      oldFileAt(join(f.referenced, "..", ".DS_Store")),
      oldFileAt(join(f.store, "tmp", "a-folder", newTempName())),
      oldFileAt(join(f.store, "tmp", "notes.txt")),
    ];
    aged(join(f.store, "tmp", "a-folder"), 30);
    const result = await runCli(["gc", f.store, "--keep-days", "7", "--runs", f.run]);
    assert.equal(result.code, 0, result.stderr.toString());
    assert.deepEqual(present(f), [true, true, false, false], "the sweep went past the junk to the end");
    assert.deepEqual(junk.map((path) => existsSync(path)), junk.map(() => true));
    assert.equal(result.stderr.toString(), "toolspan gc: 2 removed, 2 blobs kept, 5 paths left alone (not toolspan's)\n");
  });
});
