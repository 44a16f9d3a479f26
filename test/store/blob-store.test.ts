import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { runTool } from "../../src/run/run-tool.js";
import { blobPath } from "../../src/store/blob-path.js";
import { BlobWriter } from "../../src/store/blob-store.js";
import { runCli, startCli } from "../helpers/cli.js";
import { nodeFixture, patternBytes, sha256 } from "../helpers/fixtures.js";
import { parseSpan } from "../helpers/span.js";

const scratch = mkdtempSync(join(tmpdir(), "toolspan-store-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
let count = 0;
const freshStore = (): string => join(scratch, `store-${++count}`);

/** Every file under DIR/sha256, with its path relative to the store. */
function blobs(store: string): string[] {
  const root = join(store, "sha256");
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((fan) => readdirSync(join(root, fan)).map((rest) => join("sha256", fan, rest)));
}

const mode = (path: string): number => statSync(path).mode & 0o777;

describe("the blob store", () => {
  test("keeps the whole stream under its sha256, 0600 in 0700 folders; the span names it", async () => {
    const store = freshStore();
    const { span } = await runTool(nodeFixture("emit.mjs", "--out", "100000", "--err", "10"), { cap: 100, stdin: "ignore", store: { dir: store } });
    const whole = patternBytes(100000, "abcdefghijklmnopqrstuvwxyz\n");
    assert.equal(span.stdout_blob, `sha256:${sha256(whole)}`);
    assert.equal(span.stderr_blob, `sha256:${sha256(patternBytes(10, "EFGHIJ!\n"))}`);
    const path = blobPath(store, sha256(whole));
    assert.deepEqual(readFileSync(path), whole);
    assert.equal(mode(path), 0o600);
    for (const dir of [store, join(store, "sha256"), join(store, "sha256", sha256(whole).slice(0, 2)), join(store, "tmp")]) assert.equal(mode(dir), 0o700, dir);
    assert.deepEqual(readdirSync(join(store, "tmp")), [], "no temporary file is left");
    assert.equal(span.stdout_blob_error, undefined);
  });

  test("concurrent wraps of the same output end with one intact blob", async () => {
    const store = freshStore();
    const argv = nodeFixture("emit.mjs", "--out", "300000", "--chunk", "4096");
    const runs = await Promise.all(Array.from({ length: 8 }, () => runCli(["wrap", "--json", "--store", store, "--", ...argv])));
    const whole = patternBytes(300000, "abcdefghijklmnopqrstuvwxyz\n");
    for (const run of runs) assert.equal(parseSpan(run.stdout).stdout_blob, `sha256:${sha256(whole)}`);
    const stored = blobs(store);
    assert.equal(stored.length, 2, "one blob for stdout, one for the empty stderr");
    assert.deepEqual(readFileSync(blobPath(store, sha256(whole))), whole);
    for (const blob of stored) assert.equal(mode(join(store, blob)), 0o600);
    assert.deepEqual(readdirSync(join(store, "tmp")), []);
  });

  test("--store-max: a longer stream is not kept, the span says why; a shorter one is", async () => {
    const store = freshStore();
    const result = await runCli(["wrap", "--json", "--store", store, "--store-max", "1000", "--", ...nodeFixture("emit.mjs", "--out", "5000", "--err", "10")]);
    const span = parseSpan(result.stdout);
    assert.equal(span.stdout_blob, null);
    assert.equal(span.stdout_blob_error, "larger than --store-max 1000");
    assert.match(String(span.stderr_blob), /^sha256:/);
    assert.equal(blobs(store).length, 1);
    assert.deepEqual(readdirSync(join(store, "tmp")), [], "the discarded temporary file is gone");
  });

  test("a store that cannot be written: the command still runs and the span says why", async () => {
    const notADir = join(scratch, "a-file");
    writeFileSync(notADir, "x");
    const { span, exitCode } = await runTool(["true"], { stdin: "ignore", store: { dir: notADir } });
    assert.equal(exitCode, 0);
    assert.equal(span.stdout_blob, null);
    assert.match(span.stdout_blob_error ?? "", /^cannot store: /);
  });

  test("a store that cannot be made under /proc: the library's call returns and says why; wrap runs nothing, exit 2", { skip: !existsSync("/proc/self") }, async () => {
    // Node 20's recursive mkdir never returns for such a path: both would hang without their own folder walk.
    const { span } = await runTool(["true"], { stdin: "ignore", store: { dir: "/proc/toolspan-nope" } });
    assert.match(span.stdout_blob_error ?? "", /^cannot store: ENOENT/);
    const marker = join(scratch, "ran");
    const wrap = await runCli(["wrap", "--store", "/proc/toolspan-nope", "--", "touch", marker]);
    assert.deepEqual([wrap.code, wrap.stderr.toString()], [2, "toolspan: --store /proc/toolspan-nope: cannot create the folder (ENOENT)\n"]);
    assert.equal(existsSync(marker), false, "the command did not run");
    const fromEnv = await runCli(["wrap", "--", "true"], { extraEnv: { TOOLSPAN_STORE: "/proc/toolspan-nope" } });
    assert.deepEqual([fromEnv.code, fromEnv.stderr.toString()], [2, "toolspan: TOOLSPAN_STORE /proc/toolspan-nope: cannot create the folder (ENOENT)\n"]);
  });

  test("a wrap killed mid-stream leaves a temporary file only: nothing under sha256/ that is not its name", async () => {
    const store = freshStore();
    const wrap = startCli(["wrap", "--store", store, "--cap", "100", "--", ...nodeFixture("forever.mjs")]);
    await wrap.stdoutIncludes("still writing");
    wrap.child.kill("SIGKILL");
    await wrap.done;
    for (const blob of blobs(store)) {
      assert.equal(sha256(readFileSync(join(store, blob))), blob.replace(/^sha256\/(..)\//, "$1"), `${blob} holds what its name says`);
    }
    assert.ok(readdirSync(join(store, "tmp")).length > 0, "the partial stream stays a temporary file");
  });

  test("a damaged copy under the final name is replaced by the next store of the same stream", async () => {
    const store = freshStore();
    const data = Buffer.from("the same stream\n");
    const first = new BlobWriter({ dir: store });
    await first.write(data);
    assert.deepEqual(await first.finish(sha256(data)), { blob: `sha256:${sha256(data)}`, error: null });
    writeFileSync(blobPath(store, sha256(data)), "tampered\n");
    const second = new BlobWriter({ dir: store });
    await second.write(data);
    await second.finish(sha256(data));
    assert.deepEqual(readFileSync(blobPath(store, sha256(data))), data);
  });
});
