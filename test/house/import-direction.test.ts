// The folders of src/ import one way: cli → features → the shared layers. An import against that direction fails
// here, naming the file and what it imports, so the house stays as built (type-only imports count too: a shared
// layer that needs a feature's type has the type in the wrong place).
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { test } from "node:test";
import { folderImports, SRC } from "../helpers/src-imports.js";

// The shared layers, lowest first: each may import only the ones before it.
const SHARED = ["contract", "util", "formats", "redact", "meter", "store"];
const FEATURES = ["run", "lint", "triage", "rerun", "debug", "report", "audit", "harness", "convert", "mcp"];

/** How high a folder sits: a folder may import only folders lower than itself (features may import features:
 * the cycle test keeps those one way). */
function rank(folder: string): number {
  if (folder === "cli") return 300;
  if (folder === ".") return 200; // the library's entry: everything but the CLI
  if (FEATURES.includes(folder)) return 100;
  const shared = SHARED.indexOf(folder);
  assert.notEqual(shared, -1, `src/${folder}/ is in no layer: add it to SHARED or FEATURES in this test`);
  // contract and util are both the bottom: neither imports the other.
  return Math.max(1, shared);
}

test("every folder of src/ is in a layer", () => {
  for (const entry of readdirSync(SRC, { withFileTypes: true })) if (entry.isDirectory()) rank(entry.name);
});

test("imports run from cli to the features to the shared layers, never back", () => {
  const against = folderImports()
    .filter(({ from, to }) => {
      const [a, b] = [rank(from), rank(to)];
      return a === 100 && b === 100 ? false : a <= b;
    })
    .map(({ file, specifier }) => `${file} -> ${specifier}`);
  assert.deepEqual(against, [], `imports against the direction cli → features → ${SHARED.slice().reverse().join(" → ")}`);
});
