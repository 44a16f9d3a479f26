import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { repoPath } from "../helpers/repo.js";

test("demo writes a clipped span and shows the assertion the model never saw", () => {
  const out = join(mkdtempSync(join(tmpdir(), "toolspan-demo-test-")), "run.jsonl");
  const result = spawnSync(process.execPath, [repoPath("bin/toolspan.js"), "demo", "--out", out], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  assert.equal(result.status, 0, result.stderr);
  const lines = readFileSync(out, "utf8").trimEnd().split("\n");
  assert.equal(lines.length, 1);
  const span = JSON.parse(lines[0]!) as Record<string, unknown>;
  assert.equal(span.stdout_truncated, true);
  assert.equal(span.stdout_cap, 8192);
  assert.equal(span.returncode, 1);
  assert.equal(span.ok_preview, false);
  assert.ok((span.stdout_bytes as number) > 2 * 8192, "the failure lies well past the cap");
  assert.doesNotMatch(span.preview_stdout as string, /FAILED/);
  assert.match(result.stdout, /identical: the same stream was reproduced/);
  assert.match(result.stdout, /AssertionError: assert Decimal\('10\.01'\) == Decimal\('10\.00'\)/);
});

test("demo --help explains itself and exits 0", () => {
  const result = spawnSync(process.execPath, [repoPath("bin/toolspan.js"), "demo", "--help"], { encoding: "utf8" });
  assert.equal(result.status, 0);
  assert.match(result.stdout, /^Usage: toolspan demo/);
});
