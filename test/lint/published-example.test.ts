// The example record published in Tool Previews Lie (test/fixtures/lint/published-example.jsonl): a clipped stdout whose preview
// claimed success, and placeholder hashes. Its errors are exactly those two problems.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { lintPaths } from "../helpers/lint.js";
import { repoPath } from "../helpers/repo.js";

const PUBLISHED = repoPath("test/fixtures/lint/published-example.jsonl");

test("The published example record: its errors are exactly invalid-hash and ok-preview-while-truncated", async () => {
  const { findings, unreadable, summary } = await lintPaths([PUBLISHED]);
  assert.deepEqual(unreadable, []);
  assert.equal(summary.lines, 1);
  const errors = findings.filter((f) => f.severity === "error");
  assert.deepEqual([...new Set(errors.map((f) => f.rule))].sort(), ["invalid-hash", "ok-preview-while-truncated"]);
  assert.deepEqual(
    errors.map((f) => [f.line, f.rule, f.messageId, f.stream]),
    [
      [1, "invalid-hash", "notHex", "stderr"],
      [1, "invalid-hash", "notHex", "stdout"],
      [1, "invalid-hash", "notHex", "stdout"],
      [1, "ok-preview-while-truncated", "clipped", "stdout"],
    ],
  );
  assert.match(errors[0]!.message, /'stderr_sha256'.*"b3a1\.\.\."/);
  assert.match(errors[3]!.message, /ok_preview is true but stdout was clipped/);
});

test("The published example record has no warnings either: its missing keys are ones the contract lets it omit", async () => {
  const { findings } = await lintPaths([PUBLISHED]);
  assert.deepEqual(findings.filter((f) => f.severity === "warning"), []);
});

test("the fixture is the published example record as published: one line, its 17 keys", () => {
  const lines = readFileSync(PUBLISHED, "utf8").split("\n").filter((line) => line.trim() !== "");
  assert.equal(lines.length, 1);
  const record = JSON.parse(lines[0]!) as Record<string, unknown>;
  assert.equal(Object.keys(record).length, 17);
  assert.equal(record.stderr_sha256, "b3a1...");
  assert.equal(record.ok_preview, true);
  assert.equal(record.stdout_truncated, true);
});
