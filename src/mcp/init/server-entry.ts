// What an MCP host is told to start: the command and arguments of `toolspan mcp`, and how long a call may take
// before the host gives up on it.
import { DEFAULT_RUN_TIMEOUT_SECONDS } from "../limits.js";

/** An MCP server the host starts over stdio. */
export interface McpServerEntry {
  command: string;
  args: string[];
}

/** The name the server goes by in every host's settings (its tools become mcp__toolspan__run and so on). */
export const MCP_SERVER_NAME = "toolspan";

/** Seconds a host waits for one tool call: a minute past the server's own default run timeout, so the server stops
 * a command, records its span and answers before the host cuts the call off. */
export const HOST_TOOL_TIMEOUT_SECONDS = DEFAULT_RUN_TIMEOUT_SECONDS + 60;

/** The variables of toolspan's own that a host which passes on only a few (Codex CLI) must pass to the server. */
export const PASSED_ENV = ["TOOLSPAN_HOME", "TOOLSPAN_STORE_BUDGET"] as const;

/** The entry for the toolspan started as `self` (`["toolspan"]`, or node and the script). */
export const mcpServerEntry = (self: readonly string[]): McpServerEntry => ({ command: self[0]!, args: [...self.slice(1), "mcp"] });
