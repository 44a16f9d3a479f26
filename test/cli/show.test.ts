import assert from "node:assert/strict";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { blobPath } from "../../src/store/blob-path.js";
import { runCli } from "../helpers/cli.js";
import { nodeFixture, patternBytes, sha256 } from "../helpers/fixtures.js";

const scratch = mkdtempSync(join(tmpdir(), "toolspan-show-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
let count = 0;

const PATTERN = "line of test output 0123456789\n";
const WHOLE = patternBytes(50000, PATTERN);

/** Wraps emit.mjs (50000 bytes of stdout) with a cap into a fresh store and run file. */
async function stored(wrapArgs: string[]): Promise<{ store: string; run: string }> {
  const store = join(scratch, `store-${++count}`);
  const run = join(scratch, `run-${count}.jsonl`);
  const result = await runCli(["wrap", "--out", run, "--store", store, ...wrapArgs, "--", ...nodeFixture("emit.mjs", "--out", "50000", "--pattern", PATTERN, "--err", "7")]);
  assert.equal(result.code, 0, result.stderr.toString());
  return { store, run };
}

describe("toolspan show", () => {
  for (const [keep, dropped] of [
    ["head", WHOLE.subarray(1000)],
    ["tail", WHOLE.subarray(0, 49000)],
    ["head+tail", WHOLE.subarray(500, 49500)],
  ] as const) {
    test(`--unseen prints exactly the bytes a ${keep} cap dropped`, async () => {
      const { store, run } = await stored(["--cap", "1000", "--keep", keep]);
      const result = await runCli(["show", "--unseen", "--store", store, `${run}:1`]);
      assert.equal(result.code, 0, result.stderr.toString());
      assert.deepEqual(result.stdout, dropped);
    });
  }

  test("prints the whole stream, a range, or stderr; TOOLSPAN_STORE names the store", async () => {
    const { store, run } = await stored(["--cap", "1000"]);
    assert.deepEqual((await runCli(["show", "--store", store, `${run}:1`])).stdout, WHOLE);
    assert.deepEqual((await runCli(["show", "--range", "10:20", `${run}:1`], { extraEnv: { TOOLSPAN_STORE: store } })).stdout, WHOLE.subarray(10, 20));
    assert.deepEqual((await runCli(["show", "--range", "49990:", "--store", store, `${run}:1`])).stdout, WHOLE.subarray(49990));
    assert.deepEqual((await runCli(["show", "--stream", "stderr", "--store", store, `${run}:1`])).stdout, patternBytes(7, "EFGHIJ!\n"));
  });

  test("a tampered blob is an error that names it, and nothing is printed", async () => {
    const { store, run } = await stored(["--cap", "1000"]);
    const path = blobPath(store, sha256(WHOLE));
    appendFileSync(path, "injected\n");
    const result = await runCli(["show", "--unseen", "--store", store, `${run}:1`]);
    assert.equal(result.code, 2);
    assert.equal(result.stdout.length, 0);
    assert.match(result.stderr.toString(), new RegExp(`blob ${path} is damaged or tampered`));
  });

  test("a missing blob, a span without one, and bad usage exit 2", async () => {
    const { store, run } = await stored(["--cap", "1000"]);
    unlinkSync(blobPath(store, sha256(WHOLE)));
    const missing = await runCli(["show", "--store", store, `${run}:1`]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr.toString(), new RegExp(`blob sha256:${sha256(WHOLE)} is missing`));
    const plain = join(scratch, "plain.jsonl");
    await runCli(["wrap", "--out", plain, "--", "true"]);
    const none = await runCli(["show", "--store", store, `${plain}:1`]);
    assert.equal(none.code, 2);
    assert.match(none.stderr.toString(), /the span has no stdout blob/);
    assert.equal((await runCli(["show", `${run}:1`])).code, 2, "no store");
    assert.equal((await runCli(["show", "--store", store, "--range", "5:999999", `${run}:1`])).code, 2);
    assert.equal((await runCli(["show", "--store", store, "--unseen", "--range", "0:1", `${run}:1`])).code, 2);
    assert.ok(readFileSync(run).length > 0);
  });
});
