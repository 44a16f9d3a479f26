import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import type { LocatedSpan } from "../../src/rerun/locate-span.js";
import { RerunRefused } from "../../src/rerun/rerun-refused.js";
import { rerunSpan } from "../../src/rerun/rerun-span.js";
import { runTool } from "../../src/run/run-tool.js";
import { nodeFixture, patternBytes, sha256 } from "../helpers/fixtures.js";

const scratch = mkdtempSync(join(tmpdir(), "toolspan-rerun-span-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs argv as wrap would, with a cap, and returns the span as rerunSpan takes it (as if read from line 1). */
async function recorded(argv: string[], cap: number, keep: "head" | "tail" | "head+tail" = "head"): Promise<LocatedSpan> {
  const { span } = await runTool(argv, { cap, keep, stdin: "ignore", cwd: scratch, buffer: false });
  return { path: "run.jsonl", line: 1, span: JSON.parse(JSON.stringify(span)), argv, cwd: span.cwd, rerunOf: span.span_id };
}

describe("rerunSpan", () => {
  test("runs nothing without consent", async () => {
    const marker = join(scratch, "consent-marker");
    const of = await recorded(nodeFixture("touch.mjs", marker), 100);
    rmSync(marker);
    await assert.rejects(rerunSpan(of, { confirmed: false }), (e: unknown) => e instanceof RerunRefused && e.reason === "notConfirmed" && !e.message.includes("--"));
    assert.equal(existsSync(marker), false, "the command did not run");
    await rerunSpan(of, { confirmed: true });
    assert.equal(existsSync(marker), true, "with consent it runs");
  });

  test("a 5 MB stream: identical, the unseen middle shown in part, saved whole, the temp folder gone", async () => {
    const bytes = 5_000_000;
    const of = await recorded(nodeFixture("emit.mjs", "--out", String(bytes), "--err", "300"), 2048, "head+tail");
    const save = join(scratch, "saved");
    const result = await rerunSpan(of, { confirmed: true, saveDir: save, showBytes: 1000 });
    assert.equal(result.verdict, "identical");
    assert.equal(result.span.rerun_of, of.rerunOf);
    assert.equal(result.span.rerun_verdict, "identical");
    assert.equal(result.span.stdout_cap, null);
    const [out] = result.unseen;
    assert.deepEqual(out!.ranges, [{ start: 1024, end: bytes - 1024 }]);
    const shown = out!.shown[0]!;
    assert.ok(shown.head.length + shown.tail.length <= 1000);
    assert.equal(shown.head.length + shown.omitted + shown.tail.length, bytes - 2048);
    const whole = patternBytes(bytes, "abcdefghijklmnopqrstuvwxyz\n");
    assert.deepEqual(shown.head, whole.subarray(1024, 1024 + shown.head.length));
    assert.deepEqual(shown.tail, whole.subarray(bytes - 1024 - shown.tail.length, bytes - 1024));
    assert.deepEqual(result.unseen[1]!.ranges, [], "stderr was under the cap");
    assert.deepEqual(result.saved, { stdout: join(save, `${result.span.span_id}.stdout`), stderr: join(save, `${result.span.span_id}.stderr`) });
    assert.equal(sha256(readFileSync(result.saved!.stdout)), result.span.stdout_stream_sha256);
    assert.equal(sha256(readFileSync(result.saved!.stderr)), result.span.stderr_stream_sha256);
    assert.deepEqual(readdirSync(save).sort(), [`${result.span.span_id}.stderr`, `${result.span.span_id}.stdout`], "no pending files left");
  });

  test("without a save folder the streams' temporary folder is removed", async () => {
    const of = await recorded(nodeFixture("emit.mjs", "--out", "5000"), 100);
    // os.tmpdir() reads TMPDIR when called: a private one shows what this rerun alone left behind.
    const privateTmp = join(scratch, "tmp");
    mkdirSync(privateTmp);
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = privateTmp;
    let result;
    try {
      result = await rerunSpan(of, { confirmed: true, diff: true });
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    assert.deepEqual(readdirSync(privateTmp), []);
    assert.deepEqual(result.diffs?.map((d) => d.kind === "text" && d.changed), [false, false]);
    assert.equal(result.saved, null);
  });
});
