// The MCP Inspector's CLI mode (the pinned @modelcontextprotocol/inspector-cli), one method per run, against
// `toolspan mcp` started by it over stdio, with a toolspan home of the test's.
import { spawn } from "node:child_process";
import { cleanEnv, cliArgv } from "../../helpers/cli.js";
import { repoPath } from "../../helpers/repo.js";
import { harnessBin } from "./harness-bin.js";

export interface InspectorRun {
  code: number | null;
  /** What it printed on stdout, parsed (the method's result), or undefined when that is not JSON. */
  result: Record<string, any> | undefined;
  stdout: string;
  stderr: string;
}

/** Runs `mcp-inspector-cli --cli <toolspan mcp SERVER_ARGS> METHOD_ARGS` and resolves once it has exited. */
export function runInspector(methodArgs: readonly string[], options: { home: string; serverArgs?: readonly string[] }): Promise<InspectorRun> {
  const [node, script] = cliArgv();
  const args = ["--cli", "-e", `TOOLSPAN_HOME=${options.home}`, node!, script!, "mcp", ...(options.serverArgs ?? []), ...methodArgs];
  // Inspector CLI 1.0.3 finds its own package.json by a path it tests against the working folder and then imports
  // relative to its module: only a working folder whose parent holds a package.json keeps the two in step.
  const child = spawn(harnessBin("mcp-inspector-cli"), args, { cwd: repoPath("bin"), env: cleanEnv(), stdio: ["ignore", "pipe", "pipe"] });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      const out = Buffer.concat(stdout).toString("utf8");
      let result: Record<string, any> | undefined;
      try {
        result = JSON.parse(out) as Record<string, any>;
      } catch {
        result = undefined;
      }
      resolve({ code, result, stdout: out, stderr: Buffer.concat(stderr).toString("utf8") });
    });
  });
}
