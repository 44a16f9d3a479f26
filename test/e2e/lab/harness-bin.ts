// Where the pinned harness binaries are, and a refusal to run without them: a missing harness fails the test run.
import { existsSync } from "node:fs";
import { repoPath } from "../../helpers/repo.js";

/** The path of a pinned harness's command (`claude`, `codex`, `gemini`); throws when it is not installed. */
export function harnessBin(name: "claude" | "codex" | "gemini" | "mcp-inspector-cli"): string {
  const path = repoPath(`test/e2e/harnesses/node_modules/.bin/${name}`);
  if (!existsSync(path)) {
    throw new Error(`${name} is not installed: run 'npm ci --prefix test/e2e/harnesses' (see .ci/run)`);
  }
  return path;
}
