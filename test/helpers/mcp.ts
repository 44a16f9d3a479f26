// `toolspan mcp` driven by the MCP SDK's own Client over stdio, as any MCP host drives it: the built CLI in a child
// process with a toolspan home of its own.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, watch } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolSpan } from "../../src/contract/span.js";
import { cleanEnv, cliArgv } from "./cli.js";
import { sessionSpans } from "./notice.js";

export interface McpServer {
  client: Client;
  /** The server's TOOLSPAN_HOME. */
  home: string;
  /** The server process. */
  pid: number;
  /** What the server wrote on stderr so far. */
  stderr(): string;
  /** Every span the server's sessions wrote, in order. */
  spans(): ToolSpan[];
  close(): Promise<void>;
}

/** Starts `toolspan mcp ARGS` with a fresh home (removed by `close`) or `options.home`, and connects a Client to it. */
export async function startMcp(args: readonly string[] = [], options: { home?: string; cwd?: string } = {}): Promise<McpServer> {
  const home = options.home ?? mkdtempSync(join(tmpdir(), "toolspan-mcp-home-"));
  const [command, ...rest] = cliArgv("mcp", ...args);
  const env = Object.fromEntries(Object.entries(cleanEnv({ TOOLSPAN_HOME: home })).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const transport = new StdioClientTransport({ command: command!, args: rest, env, stderr: "pipe", ...(options.cwd ? { cwd: options.cwd } : {}) });
  const errors: Buffer[] = [];
  transport.stderr?.on("data", (chunk: Buffer) => errors.push(chunk));
  const client = new Client({ name: "toolspan-test", version: "0.0.0" });
  await client.connect(transport);
  return {
    client,
    home,
    pid: transport.pid!,
    stderr: () => Buffer.concat(errors).toString("utf8"),
    spans: () => (existsSync(join(home, "runs", "mcp")) ? sessionSpans(home, "mcp") : []),
    close: async () => {
      await client.close();
      // A home of its own goes with it; a shared one is the caller's.
      if (options.home === undefined) rmSync(home, { recursive: true, force: true });
    },
  };
}

/** Resolves once `ready()` holds, checking it whenever something changes in `dir` (made if absent): a wait on the
 * file system's own events, not on time. Rejects after `limitMs` with what it waited for. */
export function untilChanged(dir: string, ready: () => boolean, what: string, limitMs = 30_000): Promise<void> {
  mkdirSync(dir, { recursive: true });
  return new Promise((resolve, reject) => {
    const watcher = watch(dir, { recursive: false });
    const done = (error?: Error): void => {
      clearTimeout(timer);
      watcher.close();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => done(new Error(`gave up after ${limitMs} ms waiting for ${what}`)), limitMs);
    watcher.on("change", () => {
      if (ready()) done();
    });
    if (ready()) done();
  });
}

/** A tool call's result with its structured content as the tool's output schema describes it. */
export async function call(server: McpServer, name: string, args: Record<string, unknown>): Promise<CallToolResult & { structuredContent: Record<string, any> }> {
  return (await server.client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent: Record<string, any> };
}

/** The text blocks of a result, joined by newlines as most hosts join them. */
export const resultText = (result: CallToolResult): string =>
  result.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");

/** Writes `lines` to a fresh `toolspan mcp` as they are (no client in between) and resolves with the first `count`
 * JSON lines it answers, once they have come, and how it exited when its stdin was then closed. */
export async function rawExchange(lines: readonly string[], count: number): Promise<{ answers: Record<string, any>[]; code: number | null; stderr: string }> {
  const home = mkdtempSync(join(tmpdir(), "toolspan-mcp-raw-"));
  after(() => rmSync(home, { recursive: true, force: true }));
  const [command, ...rest] = cliArgv("mcp");
  const child = spawn(command!, rest, { env: cleanEnv({ TOOLSPAN_HOME: home }), stdio: ["pipe", "pipe", "pipe"] });
  const answers: Record<string, any>[] = [];
  const errors: Buffer[] = [];
  child.stderr.on("data", (chunk: Buffer) => errors.push(chunk));
  let pending = "";
  const enough = new Promise<void>((resolve) => {
    child.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      for (let at = pending.indexOf("\n"); at !== -1; at = pending.indexOf("\n")) {
        answers.push(JSON.parse(pending.slice(0, at)) as Record<string, any>);
        pending = pending.slice(at + 1);
      }
      if (answers.length >= count) resolve();
    });
    child.on("close", () => resolve());
  });
  for (const line of lines) child.stdin.write(`${line}\n`);
  await enough;
  child.stdin.end();
  const code = await new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on("close", (exit) => resolve(exit))));
  return { answers, code, stderr: Buffer.concat(errors).toString("utf8") };
}

/** The two lines every session starts with. */
export const HANDSHAKE = [
  JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } } }),
  JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
];
