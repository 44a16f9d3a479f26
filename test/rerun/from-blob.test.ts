import assert from "node:assert/strict";
import { appendFileSync, existsSync, mkdtempSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { blobHex, blobPath } from "../../src/store/blob-path.js";
import { runCli } from "../helpers/cli.js";
import { nodeFixture } from "../helpers/fixtures.js";
import { parseSpan } from "../helpers/span.js";

const scratch = mkdtempSync(join(tmpdir(), "toolspan-rerun-blob-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
let count = 0;

/** Wraps touch.mjs (a side effect a rerun would repeat) with its stream kept in a store. */
async function wrappedTouch(): Promise<{ store: string; run: string; touched: string; blob: string }> {
  const n = ++count;
  const store = join(scratch, `store-${n}`);
  const run = join(scratch, `run-${n}.jsonl`);
  const touched = join(scratch, `touched-${n}`);
  const result = await runCli(["wrap", "--cap", "3", "--out", run, "--store", store, "--", ...nodeFixture("touch.mjs", touched)]);
  assert.equal(result.code, 0, result.stderr.toString());
  unlinkSync(touched);
  const { readFileSync } = await import("node:fs");
  const span = parseSpan(readFileSync(run, "utf8").trimEnd());
  return { store, run, touched, blob: blobPath(store, blobHex(span.stdout_blob)!) };
}

describe("rerun from the blob store", () => {
  test("reads the verified blobs: identical, the unseen bytes, no question, nothing run", async () => {
    const { store, run, touched } = await wrappedTouch();
    const result = await runCli(["rerun", "--store", store, "--format", "json", `${run}:1`]);
    assert.equal(result.code, 0, result.stderr.toString());
    const report = JSON.parse(result.stdout.toString()) as { verdict: string; from_blob: boolean; unseen: { ranges: { head: { text: string } }[] }[] };
    assert.equal(report.verdict, "identical");
    assert.equal(report.from_blob, true);
    assert.equal(report.unseen[0]!.ranges[0]!.head.text, "ched\n");
    assert.equal(existsSync(touched), false, "the command did not run");
    assert.match(result.stderr.toString(), /nothing is run/);
    const text = await runCli(["rerun", `${run}:1`], { extraEnv: { TOOLSPAN_STORE: store } });
    assert.match(text.stdout.toString(), /from the blob store, nothing was run/);
  });

  test("a missing blob falls back to a real rerun, which needs consent", async () => {
    const { store, run, blob } = await wrappedTouch();
    unlinkSync(blob);
    const result = await runCli(["rerun", "--store", store, `${run}:1`]);
    assert.equal(result.code, 2);
    assert.match(result.stderr.toString(), /not confirmed/);
  });

  test("a tampered blob refuses, naming it, and runs nothing", async () => {
    const { store, run, touched, blob } = await wrappedTouch();
    appendFileSync(blob, "x");
    const result = await runCli(["rerun", "--yes", "--store", store, `${run}:1`]);
    assert.equal(result.code, 2);
    assert.match(result.stderr.toString(), new RegExp(`blob ${blob} is damaged or tampered`));
    assert.equal(existsSync(touched), false);
  });
});
