// Every error class of src/ for an expected failure extends ToolspanError, so main.ts can tell bad input (one line,
// exit 2) from a bug (exit 70): a class that extends Error itself would turn the user's mistake into a bug report.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { test } from "node:test";
import { sources, SRC } from "../helpers/src-imports.js";

test("only ToolspanError extends Error", () => {
  const direct = sources(SRC).filter((path) => /\bextends Error\b/.test(readFileSync(path, "utf8"))).map((path) => relative(SRC, path));
  assert.deepEqual(direct, ["util/errors.ts"]);
});
