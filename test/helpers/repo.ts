// Paths inside the repository, from the compiled test's place in dist/test/.
import { fileURLToPath } from "node:url";

/** The repository root: dist/test/helpers/repo.js lives three levels below it. */
export const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

export function repoPath(relative: string): string {
  return fileURLToPath(new URL(relative, new URL("../../../", import.meta.url)));
}
