// `toolspan mcp` as a command: its help and usage errors, the SDK loaded by it alone, and how it ends: when the
// client goes or the process is told to stop, every command still running is stopped and its span written first.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { runCli } from "../helpers/cli.js";
import { call, startMcp, untilChanged } from "../helpers/mcp.js";
import { liveGroupMembers } from "../helpers/process-group.js";
import { repoPath } from "../helpers/repo.js";
import { scratchPaths } from "../helpers/scratch.js";

const fresh = scratchPaths("toolspan-cli-mcp-");

test("--help says what the tools are; an argument it does not take is a usage error", async () => {
  const help = await runCli(["mcp", "--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout.toString(), /^Usage: toolspan mcp \[--max-runs N\][^]*read_output {4}any byte range of a stored output, verified by sha256/);
  const wrong = await runCli(["mcp", "extra"]);
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr.toString(), /^toolspan: unexpected argument 'extra'/);
  assert.equal((await runCli(["mcp", "--max-runs", "0"])).code, 2);
});

// The modules a source file loads when it is loaded: its static imports, followed through src/; `import()` is not.
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.endsWith(".ts")) return;
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^;]*?\sfrom\s+)?["']([^"']+)["']/gm)) {
      const specifier = match[1]!;
      if (specifier.startsWith(".")) visit(resolve(dirname(file), specifier).replace(/\.js$/, ".ts"));
      else seen.add(specifier);
    }
  };
  visit(entry);
  return seen;
}

test("the MCP SDK is loaded by `toolspan mcp` alone: no other command's static imports reach it", () => {
  const sdk = (modules: Set<string>) => [...modules].filter((module) => module.startsWith("@modelcontextprotocol/"));
  for (const command of ["main", "wrap", "hook", "show", "init", "mcp"]) {
    assert.deepEqual(sdk(staticClosure(repoPath(`src/cli/${command}.ts`))), [], `src/cli/${command}.ts loads the SDK at start-up`);
  }
  assert.ok(sdk(staticClosure(repoPath("src/mcp/serve.ts"))).length > 0, "the server itself does load it");
});

test("when the client goes, a command still running is stopped, its group gone, and its span written", async () => {
  const home = fresh("home");
  mkdirSync(home);
  const server = await startMcp([], { home });
  const pidFile = fresh("pid");
  const pending = call(server, "run", { command: `echo $$ > ${pidFile}; sleep 300 & wait` }).catch(() => null);
  await untilChanged(dirname(pidFile), () => existsSync(pidFile) && readFileSync(pidFile, "utf8").endsWith("\n"), "the command to start");
  const group = Number(readFileSync(pidFile, "utf8"));
  const closing = server.close();
  await untilChanged(join(home, "runs", "mcp"), () => server.spans().length === 1, "the span");
  await Promise.all([closing, pending]);
  assert.deepEqual(liveGroupMembers(group), []);
  assert.equal(server.spans()[0]!.signal, "SIGTERM");
});
