import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { repoPath } from "../helpers/repo.js";
import { scratchPaths } from "../helpers/scratch.js";

const fresh = scratchPaths("toolspan-demo-test-");
const demo = (...args: string[]) =>
  spawnSync(process.execPath, [repoPath("bin/toolspan.js"), "demo", ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

test("demo writes a clipped span and shows the assertion the model never saw", () => {
  const out = fresh("run.jsonl");
  const result = demo("--out", out);
  assert.equal(result.status, 0, result.stderr);
  const lines = readFileSync(out, "utf8").trimEnd().split("\n");
  assert.equal(lines.length, 1);
  const span = JSON.parse(lines[0]!) as Record<string, unknown>;
  assert.equal(span.stdout_truncated, true);
  // The marker is counted in the cap of 8192: the kept bytes make room for it.
  const handedOn = (span.stdout_cap as number) + (span.stdout_notice_bytes as number);
  assert.ok(handedOn <= 8192 && handedOn >= 8190, `${handedOn} bytes handed on under a cap of 8192`);
  assert.equal(span.returncode, 1);
  assert.equal(span.ok_preview, false);
  assert.ok((span.stdout_bytes as number) > 2 * 8192, "the failure lies well past the cap");
  assert.doesNotMatch(span.preview_stdout as string, /FAILED/);
  assert.match(result.stdout, /identical: the same stream was reproduced/);
  assert.match(result.stdout, /AssertionError: assert Decimal\('10\.01'\) == Decimal\('10\.00'\)/);
});

test("demo --out: a run file that cannot be opened is one line naming it; an existing one's run is joined", () => {
  const bad = demo("--out", "/nonexistent/x");
  assert.equal(bad.status, 2);
  assert.equal(bad.stdout, "");
  assert.match(bad.stderr, /^toolspan: --out \/nonexistent\/x: cannot open for appending \(ENOENT\)\n/);
  const out = fresh("run.jsonl");
  assert.equal(demo("--out", out).status, 0);
  assert.equal(demo("--out", out).status, 0);
  const ids = readFileSync(out, "utf8").trimEnd().split("\n").map((line) => (JSON.parse(line) as { run_id: string }).run_id);
  assert.equal(ids.length, 2);
  assert.equal(ids[1], ids[0], "one run per file");
});

test("demo --help explains itself and exits 0", () => {
  const result = spawnSync(process.execPath, [repoPath("bin/toolspan.js"), "demo", "--help"], { encoding: "utf8" });
  assert.equal(result.status, 0);
  assert.match(result.stdout, /^Usage: toolspan demo/);
});
