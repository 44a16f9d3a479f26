import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { blobPath } from "../../src/store/blob-path.js";
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
  const temp = join(store, "tmp", "left-by-a-killed-wrap.part");
  writeFileSync(temp, "partial");
  aged(temp, 30);
  const run = join(scratch, `${name}.jsonl`);
  writeFileSync(run, `${JSON.stringify({ span_type: "tool", stdout_blob: `sha256:${sha256("referenced\n")}`, stderr_blob: null })}\nnot json\n`);
  return { store, run, fresh, referenced, unreferenced, temp };
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
});
