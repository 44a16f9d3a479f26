// Codex's [mcp_servers.toolspan] block: appended after the user's text, taken out as exactly that block.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SettingsError } from "../../../src/harness/init/settings-format.js";
import { codexMcpToml } from "../../../src/mcp/init/codex-mcp-toml.js";

const entry = { command: "/usr/bin/node", args: ["/opt/toolspan/bin/toolspan.js", "mcp"] };

test("the block names the command, the variables to pass on and the timeouts; again: nothing to do; removed: the text as it was", () => {
  const config = 'model = "gpt-5.5"\n';
  const text = codexMcpToml.add(config, entry, "/h/.codex/config.toml")!;
  assert.ok(text.startsWith(`${config}\n# toolspan init codex --mcp: begin`));
  assert.match(text, /\n\[mcp_servers\.toolspan\]\ncommand = "\/usr\/bin\/node"\nargs = \["\/opt\/toolspan\/bin\/toolspan\.js", "mcp"\]\n/);
  assert.match(text, /\ntool_timeout_sec = 660\n/);
  assert.equal(codexMcpToml.add(text, entry, "/h/.codex/config.toml"), null);
  assert.equal(codexMcpToml.remove(text, "/h/.codex/config.toml"), config);
  assert.equal(codexMcpToml.remove(config, "/h/.codex/config.toml"), null);
});

test("a server named toolspan the user wrote, or mcp_servers set inline, is left to the user", () => {
  for (const config of ['[mcp_servers.toolspan]\ncommand = "x"\n', '[mcp_servers."toolspan".env]\nA = "1"\n', 'mcp_servers = { toolspan = { command = "x" } }\n']) {
    assert.throws(() => codexMcpToml.add(config, entry, "/c.toml"), SettingsError, config);
  }
  assert.notEqual(codexMcpToml.add('[mcp_servers.toolspan_docs]\ncommand = "x"\n', entry, "/c.toml"), null, "another server's name is not ours");
});
