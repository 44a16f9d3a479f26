// mkdir -p without `recursive: true`: Node 20's recursive mkdir never returns for a path it cannot create under
// /proc (`/proc/nope`), sync or async; this one walks up itself and fails with the error of the folder it could not make.
import { mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";

function made(dir: string, mode: number, missingParent: "retry" | "throw"): boolean {
  try {
    mkdirSync(dir, { mode });
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST" && statSync(dir).isDirectory()) return true;
    if (code === "ENOENT" && missingParent === "retry" && dirname(dir) !== dir) return false;
    throw error;
  }
}

/** Creates `dir` and any missing parents (each with `mode`); an existing folder is fine. Throws the system error
 * (ENOENT, EACCES, ENOTDIR, EEXIST for a file) naming the folder that could not be made. */
export function makeFolder(dir: string, mode = 0o777): void {
  if (made(dir, mode, "retry")) return;
  makeFolder(dirname(dir), mode);
  made(dir, mode, "throw");
}
