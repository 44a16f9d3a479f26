// Where each host keeps the MCP servers `toolspan init HOST --mcp` adds toolspan to, and in which format.
import { join, resolve } from "node:path";
import { homedir } from "node:os";
import type { HarnessId } from "../../harness/profiles.js";
import { INIT_TARGETS, type InitScope } from "../../harness/init/targets.js";
import type { SettingsFormat } from "../../harness/init/settings-format.js";
import { codexMcpToml } from "./codex-mcp-toml.js";
import { jsonMcpServers } from "./json-mcp-servers.js";
import { HOST_TOOL_TIMEOUT_SECONDS, type McpServerEntry } from "./server-entry.js";

export interface McpInitTarget {
  /** The settings file's absolute path for `scope`. */
  file(scope: InitScope, env: NodeJS.ProcessEnv, cwd: string): string;
  format: SettingsFormat<McpServerEntry>;
}

const home = (env: NodeJS.ProcessEnv): string => env.HOME || homedir();

export const MCP_INIT_TARGETS: Readonly<Record<HarnessId, McpInitTarget>> = {
  // code.claude.com/docs/en/mcp: user scope is ~/.claude.json's top-level mcpServers (under CLAUDE_CONFIG_DIR when
  // set), project scope the project's .mcp.json (Claude Code asks before it starts a server from there).
  "claude-code": {
    file: (scope, env, cwd) => (scope === "user" ? join(resolve(env.CLAUDE_CONFIG_DIR || home(env)), ".claude.json") : join(resolve(cwd), ".mcp.json")),
    format: jsonMcpServers({ type: "stdio" }),
  },
  // The hooks' own files: Codex's config.toml ([mcp_servers.NAME] tables) and Gemini CLI's settings.json
  // (mcpServers, `timeout` in milliseconds).
  codex: { file: INIT_TARGETS.codex.file, format: codexMcpToml },
  gemini: { file: INIT_TARGETS.gemini.file, format: jsonMcpServers({ timeout: HOST_TOOL_TIMEOUT_SECONDS * 1000 }) },
};
