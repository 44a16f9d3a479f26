// The JSON format of MCP server entries: toolspan's entry in, exactly it out, everything else where it was.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SettingsError } from "../../../src/harness/init/settings-format.js";
import { jsonMcpServers } from "../../../src/mcp/init/json-mcp-servers.js";

const format = jsonMcpServers({ type: "stdio" });
const entry = { command: "toolspan", args: ["mcp"] };

test("no file: a file with only toolspan's server; the same entry again: nothing to do", () => {
  const text = format.add(null, entry, "/h/.claude.json")!;
  assert.deepEqual(JSON.parse(text), { mcpServers: { toolspan: { type: "stdio", command: "toolspan", args: ["mcp"] } } });
  assert.equal(format.add(text, entry, "/h/.claude.json"), null);
  assert.notEqual(format.add(text, { command: "/usr/bin/node", args: ["/x/toolspan.js", "mcp"] }, "/h/.claude.json"), null, "another command updates it");
});

test("the other servers and keys stay in their places; removing toolspan's gives them back, an emptied mcpServers goes", () => {
  const before = { a: 1, mcpServers: { docs: { command: "docs" } }, z: 2 };
  const added = JSON.parse(format.add(JSON.stringify(before), entry, "/p")!);
  assert.deepEqual(Object.keys(added), ["a", "mcpServers", "z"]);
  assert.deepEqual(Object.keys(added.mcpServers), ["docs", "toolspan"]);
  assert.deepEqual(JSON.parse(format.remove(JSON.stringify(added), "/p")!), before);
  const alone = format.add("{}", entry, "/p")!;
  assert.deepEqual(JSON.parse(format.remove(alone, "/p")!), {});
  assert.equal(format.remove(JSON.stringify(before), "/p"), null, "nothing of toolspan's: nothing to remove");
});

test("mcpServers that is not an object, or a file that is not an object: SettingsError naming the file", () => {
  assert.throws(() => format.add('{"mcpServers": []}', entry, "/p/.mcp.json"), (error: Error) => error instanceof SettingsError && /\/p\/\.mcp\.json: "mcpServers" is not an object/.test(error.message));
  assert.throws(() => format.add("[1]", entry, "/p/.mcp.json"), SettingsError);
});
