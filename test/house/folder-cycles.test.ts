// The folders of src/ import one way: a runtime import that closes a cycle between two folders fails here, naming it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { folderImports } from "../helpers/src-imports.js";

test("no import cycle between the folders of src/", () => {
  const edges = new Map<string, Map<string, string>>();
  // Type-only imports vanish at run time and do not count.
  for (const { file, specifier, from, to, typeOnly } of folderImports()) {
    if (typeOnly) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    edges.get(from)!.set(to, `${file} -> ${specifier}`);
  }
  // A path back to where it started, by depth-first search from each folder.
  const back = (start: string, at: string, seen: Set<string>, path: string[]): string[] | null => {
    for (const [next, why] of edges.get(at) ?? []) {
      if (next === start) return [...path, why];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = back(start, next, seen, [...path, why]);
      if (found) return found;
    }
    return null;
  };
  for (const folder of edges.keys()) {
    const cycle = back(folder, folder, new Set(), []);
    assert.equal(cycle, null, `folders import in a cycle: ${cycle?.join(", ")}`);
  }
});
