// The imports between the folders of src/, read from the sources: what the house tests check.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import { repoPath } from "./repo.js";

export const SRC = repoPath("src");

// `import type` and `export type` vanish at run time; they are told apart so a test can choose.
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^;]*?\sfrom\s+)?["'](\.[^"']+)["']/gm;

export interface FolderImport {
  /** The importing file, relative to src/. */
  file: string;
  specifier: string;
  from: string;
  to: string;
  typeOnly: boolean;
}

export function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The top folder of src/ a path lies in; "." for a file directly in src/ (the library's entry). */
const folderOf = (path: string): string => {
  const parts = relative(SRC, path).split(sep);
  return parts.length > 1 ? parts[0]! : ".";
};

/** Every relative import from one folder of src/ into another. */
export function folderImports(): FolderImport[] {
  const found: FolderImport[] = [];
  for (const file of sources(SRC)) {
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = normalize(join(dirname(file), match[2]!));
      if (relative(SRC, target).startsWith("..")) continue;
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from !== to) found.push({ file: relative(SRC, file), specifier: match[2]!, from, to, typeOnly: match[1] !== undefined });
    }
  }
  return found;
}
