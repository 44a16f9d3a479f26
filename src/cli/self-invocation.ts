// How the agent's shell runs this very toolspan: a notice's commands and a hook's rewritten command must work
// whatever PATH the agent has.
import { realpathSync } from "node:fs";
import { delimiter, join } from "node:path";
import { shellQuote } from "../formats/safe-text.js";

function real(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/** `["toolspan"]` when the first `toolspan` on PATH is this script, else node and the script by absolute path: the
 * argv an MCP host starts the server with. */
export function selfArgv(env: NodeJS.ProcessEnv = process.env): string[] {
  const script = real(process.argv[1] ?? "") ?? process.argv[1] ?? "toolspan";
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const found = real(join(dir, "toolspan"));
    if (found === null) continue;
    if (found === script) return ["toolspan"];
    break;
  }
  return [process.execPath, script];
}

/** The same as a shell command line, each word quoted. */
export const selfInvocation = (env: NodeJS.ProcessEnv = process.env): string => selfArgv(env).map(shellQuote).join(" ");
