// The folders of src/ import one way: a runtime import that closes a cycle between two folders fails here, naming it.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import { test } from "node:test";
import { repoPath } from "../helpers/repo.js";

const SRC = repoPath("src");
// Type-only imports vanish at run time and do not count.
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?["'](\.[^"']+)["']/gm;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

const folderOf = (path: string): string => {
  const parts = relative(SRC, path).split(sep);
  return parts.length > 1 ? parts[0]! : ".";
};

test("no import cycle between the folders of src/", () => {
  const edges = new Map<string, Map<string, string>>();
  for (const file of sources(SRC)) {
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = normalize(join(dirname(file), match[1]!));
      if (relative(SRC, target).startsWith("..")) continue;
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from === to) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      edges.get(from)!.set(to, `${relative(SRC, file)} -> ${match[1]}`);
    }
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
