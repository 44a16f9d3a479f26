// The repository cites its sources by name: a reader of the code, the docs or the benchmarks cannot look up "the
// article", "the seed" or an issue number, which live outside the repository.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { repoPath } from "../helpers/repo.js";

const UNNAMED = [/\bthe article\b/i, /\bthe seed\b/i, /\bissues? #?\d+\b/i];

function filesUnder(folder: string): string[] {
  return readdirSync(repoPath(folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|md|py|sh)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

test("code, docs and benchmarks name their sources, never 'the article', 'the seed' or an issue number", () => {
  const files = [...filesUnder("src"), ...filesUnder("bench"), ...filesUnder("docs"), ...["README.md", "CONTRACT.md", "BENCHMARKS.md"].map(repoPath)];
  assert.ok(files.length > 100, "the tree was read");
  const found = files.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, index) => (UNNAMED.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
  assert.deepEqual(found, []);
});
