// Codex CLI's config.toml: toolspan's MCP server goes in as one `[mcp_servers.toolspan]` table between two comment
// lines, and comes out as exactly that block; the rest of the file is not parsed. Codex passes a server only a few
// variables of its own environment (HOME, PATH, USER, ...) unless `env_vars` names more, and gives up on a tool call
// after `tool_timeout_sec`.
import { markedBlock } from "../../harness/init/marked-block.js";
import { SettingsError, type SettingsFormat } from "../../harness/init/settings-format.js";
import { HOST_TOOL_TIMEOUT_SECONDS, MCP_SERVER_NAME, PASSED_ENV, type McpServerEntry } from "./server-entry.js";

const BEGIN = "# toolspan init codex --mcp: begin (toolspan init codex --mcp --remove takes this block out)";
const END = "# toolspan init codex --mcp: end";
// Seconds Codex waits for the server to start: node and the SDK, on a loaded machine.
const STARTUP_TIMEOUT_SECONDS = 30;

const BLOCK = markedBlock(BEGIN, END);

const toml = (value: string | readonly string[]): string => (typeof value === "string" ? JSON.stringify(value) : `[${value.map((item) => JSON.stringify(item)).join(", ")}]`);

function block(entry: McpServerEntry): string {
  return [
    BEGIN,
    `[mcp_servers.${MCP_SERVER_NAME}]`,
    `command = ${toml(entry.command)}`,
    `args = ${toml(entry.args)}`,
    `env_vars = ${toml(PASSED_ENV)}`,
    `startup_timeout_sec = ${STARTUP_TIMEOUT_SECONDS}`,
    `tool_timeout_sec = ${HOST_TOOL_TIMEOUT_SECONDS}`,
    END,
    "",
  ].join("\n");
}

export const codexMcpToml: SettingsFormat<McpServerEntry> = {
  add(text, entry, path) {
    const current = text ?? "";
    const present = BLOCK.find(current);
    const others = present === null ? current : BLOCK.without(current);
    if (new RegExp(`^[ \\t]*\\[[ \\t]*mcp_servers\\.(?:${MCP_SERVER_NAME}|"${MCP_SERVER_NAME}")[ \\t.\\]]|^[ \\t]*mcp_servers[ \\t]*=`, "m").test(others)) {
      throw new SettingsError(`${path} already defines an MCP server named ${MCP_SERVER_NAME} (or mcp_servers inline): add toolspan's by hand (docs/mcp.md)`);
    }
    const wanted = block(entry);
    if (present !== null && present.trim() === wanted.trim()) return null;
    return BLOCK.append(others, wanted);
  },
  remove(text) {
    return BLOCK.find(text) === null ? null : BLOCK.without(text);
  },
};
