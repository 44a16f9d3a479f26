// Settings files whose MCP servers are JSON: {"mcpServers": {NAME: {"command": C, "args": [...], ...}}} (Claude
// Code's .mcp.json and ~/.claude.json, Gemini CLI's settings.json). toolspan's entry is the one named "toolspan";
// every other key and server stays as it is.
import { isDeepStrictEqual } from "node:util";
import { parseSettings, renderSettings, isObject, type Json } from "../../harness/init/json-settings.js";
import { SettingsError, type SettingsFormat } from "../../harness/init/settings-format.js";
import { MCP_SERVER_NAME, type McpServerEntry } from "./server-entry.js";

// The servers already in the file, or a SettingsError when the file holds something else there.
function serversOf(settings: Json, path: string): Json | undefined {
  const servers = settings.mcpServers;
  if (servers === undefined) return undefined;
  if (!isObject(servers)) throw new SettingsError(`${path}: "mcpServers" is not an object`);
  return servers;
}

/** The JSON format whose entry is the server with `extra` fields (a type, a timeout) next to command and args. */
export function jsonMcpServers(extra: Json = {}): SettingsFormat<McpServerEntry> {
  return {
    add(text, entry, path) {
      const settings = text === null || text.trim() === "" ? {} : parseSettings(text, path);
      const servers = serversOf(settings, path) ?? {};
      const wanted = { ...extra, command: entry.command, args: entry.args };
      if (isDeepStrictEqual(servers[MCP_SERVER_NAME], wanted)) return null;
      return renderSettings({ ...settings, mcpServers: { ...servers, [MCP_SERVER_NAME]: wanted } });
    },
    remove(text, path) {
      const settings = parseSettings(text, path);
      const servers = serversOf(settings, path);
      if (servers === undefined || !(MCP_SERVER_NAME in servers)) return null;
      const others = { ...servers };
      delete others[MCP_SERVER_NAME];
      // The other keys keep their places; a list of servers left empty goes.
      const rest: Json = { ...settings, mcpServers: others };
      if (Object.keys(others).length === 0) delete rest.mcpServers;
      return renderSettings(rest);
    },
  };
}
