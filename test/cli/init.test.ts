import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { runCli } from "../helpers/cli.js";
import { scratchPaths, stderrText, stdoutText } from "../helpers/scratch.js";
import { jsonHooks } from "../../src/harness/init/json-hooks.js";
import { codexTrustKey } from "../../src/harness/init/codex-trust.js";

const fresh = scratchPaths("toolspan-init-");

function userHome(files: Record<string, string> = {}): string {
  const home = fresh("home");
  mkdirSync(home);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(home, name, ".."), { recursive: true });
    writeFileSync(join(home, name), text);
  }
  return home;
}

const init = (home: string, ...args: string[]) => runCli(["init", ...args], { extraEnv: { HOME: home, TOOLSPAN_HOME: join(home, ".toolspan") }, cwd: home });

const USER_SETTINGS = '{\n    "model": "opus",\n    "permissions": {"allow": ["Bash(npm test:*)"]},\n    "hooks": {"PreToolUse": [{"matcher": "Edit", "hooks": [{"type":"command","command":"lint.sh"}]}]}\n}';

describe("toolspan init claude-code", () => {
  test("merges with what is there, is idempotent, and --remove gives the file back byte for byte", async () => {
    const home = userHome({ ".claude/settings.json": USER_SETTINGS });
    const path = join(home, ".claude/settings.json");
    const first = await init(home, "claude-code");
    assert.equal(first.code, 0, stderrText(first));
    const settings = JSON.parse(readFileSync(path, "utf8"));
    assert.equal(settings.model, "opus");
    assert.deepEqual(settings.permissions, { allow: ["Bash(npm test:*)"] });
    assert.equal(settings.hooks.PreToolUse.length, 2, "the user's Edit hook stays");
    assert.equal(settings.hooks.PreToolUse[0].hooks[0].command, "lint.sh");
    assert.equal(settings.hooks.PreToolUse[1].matcher, "Bash");
    assert.match(settings.hooks.PreToolUse[1].hooks[0].command, / hook claude-code$/);
    const written = readFileSync(path, "utf8");
    const again = await init(home, "claude-code");
    assert.match(stderrText(again), /already in/);
    assert.equal(readFileSync(path, "utf8"), written, "a second init changes nothing");
    const removed = await init(home, "claude-code", "--remove");
    assert.match(stderrText(removed), /the file is as it was before init/);
    assert.equal(readFileSync(path, "utf8"), USER_SETTINGS);
  });

  test("a file the user changed after init: --remove takes out toolspan's entry only", async () => {
    const home = userHome({ ".claude/settings.json": USER_SETTINGS });
    const path = join(home, ".claude/settings.json");
    await init(home, "claude-code");
    const edited = JSON.parse(readFileSync(path, "utf8"));
    edited.theme = "dark";
    writeFileSync(path, JSON.stringify(edited));
    await init(home, "claude-code", "--remove");
    const after = JSON.parse(readFileSync(path, "utf8"));
    assert.equal(after.theme, "dark");
    assert.deepEqual(after.hooks, { PreToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: "lint.sh" }] }] });
  });

  test("no settings file: init creates it, --remove deletes it again", async () => {
    const home = userHome();
    await init(home, "claude-code");
    assert.ok(existsSync(join(home, ".claude/settings.json")));
    await init(home, "claude-code", "--remove");
    assert.equal(existsSync(join(home, ".claude/settings.json")), false);
  });

  test("--dry-run prints the diff and writes nothing; --project writes the project's file", async () => {
    const home = userHome({ ".claude/settings.json": USER_SETTINGS });
    const dry = await init(home, "claude-code", "--dry-run");
    assert.match(stdoutText(dry), /^\+.* hook claude-code"$/m);
    assert.equal(readFileSync(join(home, ".claude/settings.json"), "utf8"), USER_SETTINGS);
    const project = fresh("project");
    mkdirSync(project);
    const result = await runCli(["init", "claude-code", "--project"], { extraEnv: { HOME: home, TOOLSPAN_HOME: join(home, ".toolspan") }, cwd: project });
    assert.equal(result.code, 0);
    assert.ok(existsSync(join(project, ".claude/settings.json")));
  });

  test("a settings file that is not JSON is left as it is: exit 2 naming it", async () => {
    const home = userHome({ ".claude/settings.json": "{ not json" });
    const result = await init(home, "claude-code");
    assert.equal(result.code, 2);
    assert.match(stderrText(result), /settings\.json is not JSON/);
    assert.equal(readFileSync(join(home, ".claude/settings.json"), "utf8"), "{ not json");
  });

  test("property: add then remove leaves any settings object as it was, and add is idempotent", () => {
    const format = jsonHooks("claude-code", "PreToolUse", "Bash");
    const hookGroup = fc.record({ matcher: fc.string(), hooks: fc.array(fc.record({ type: fc.constant("command"), command: fc.string() }), { maxLength: 2 }) });
    const settings = fc.record({ other: fc.jsonValue(), hooks: fc.option(fc.record({ PreToolUse: fc.array(hookGroup, { maxLength: 3 }), Stop: fc.array(hookGroup, { maxLength: 1 }) }), { nil: undefined }) }, { requiredKeys: [] });
    fc.assert(
      fc.property(settings, (value) => {
        const text = JSON.stringify(value);
        const added = format.add(text, "/x/toolspan hook claude-code", "/s.json")!;
        assert.equal(format.add(added, "/x/toolspan hook claude-code", "/s.json"), null);
        const removed = JSON.parse(format.remove(added, "/s.json")!);
        const expected = JSON.parse(text);
        if (expected.hooks && Object.keys(expected.hooks).length > 0 && expected.hooks.PreToolUse?.length === 0) delete expected.hooks.PreToolUse;
        if (expected.hooks && Object.keys(expected.hooks).length === 0) delete expected.hooks;
        assert.deepEqual(removed, expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe("toolspan init codex and gemini", () => {
  test("codex: a trusted block after the user's own PreToolUse group, removed byte for byte", async () => {
    const config = 'model = "gpt-5.5"\n\n[[hooks.PreToolUse]]\nmatcher = "^apply_patch$"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "audit.sh"\n';
    const home = userHome({ ".codex/config.toml": config });
    const path = join(home, ".codex/config.toml");
    await init(home, "codex");
    const text = readFileSync(path, "utf8");
    assert.ok(text.startsWith(config), "the user's config is kept as it was, the block follows it");
    assert.ok(text.includes(`[hooks.state.${JSON.stringify(codexTrustKey(path, "PreToolUse", 1))}]`), "ours is the second group, and its trust entry says so");
    await init(home, "codex", "--remove");
    assert.equal(readFileSync(path, "utf8"), config);
  });

  test("gemini: a BeforeTool hook on run_shell_command", async () => {
    const home = userHome({ ".gemini/settings.json": '{"general": {"vimMode": true}}' });
    await init(home, "gemini");
    const settings = JSON.parse(readFileSync(join(home, ".gemini/settings.json"), "utf8"));
    assert.equal(settings.general.vimMode, true);
    assert.equal(settings.hooks.BeforeTool[0].matcher, "run_shell_command");
    assert.match(settings.hooks.BeforeTool[0].hooks[0].command, / hook gemini$/);
  });

  test("an unknown harness, or --user with --project, is a usage error", async () => {
    const home = userHome();
    assert.equal((await init(home, "cursor")).code, 2);
    assert.equal((await init(home, "codex", "--user", "--project")).code, 2);
  });
});

describe("toolspan init HOST --mcp", () => {
  const CLAUDE_JSON = '{\n  "numStartups": 3,\n  "mcpServers": {\n    "docs": {"command": "docs-mcp", "args": []}\n  },\n  "projects": {}\n}\n';

  test("claude-code: toolspan joins ~/.claude.json's mcpServers, the rest kept in place; again changes nothing; --remove gives the file back", async () => {
    const home = userHome({ ".claude.json": CLAUDE_JSON });
    const path = join(home, ".claude.json");
    const first = await init(home, "claude-code", "--mcp");
    assert.equal(first.code, 0, stderrText(first));
    assert.match(stderrText(first), /toolspan's MCP server added to .*\.claude\.json/);
    const settings = JSON.parse(readFileSync(path, "utf8"));
    assert.deepEqual(Object.keys(settings), ["numStartups", "mcpServers", "projects"], "the keys keep their order");
    assert.deepEqual(settings.mcpServers.docs, { command: "docs-mcp", args: [] });
    assert.equal(settings.mcpServers.toolspan.type, "stdio");
    assert.deepEqual(settings.mcpServers.toolspan.args.slice(-1), ["mcp"]);
    const written = readFileSync(path, "utf8");
    assert.match(stderrText(await init(home, "claude-code", "--mcp")), /already in/);
    assert.equal(readFileSync(path, "utf8"), written);
    await init(home, "claude-code", "--mcp", "--remove");
    assert.equal(readFileSync(path, "utf8"), CLAUDE_JSON);
  });

  test("claude-code --project: the project's .mcp.json, made when absent and removed again", async () => {
    const home = userHome();
    const project = fresh("project");
    mkdirSync(project);
    const env = { extraEnv: { HOME: home, TOOLSPAN_HOME: join(home, ".toolspan") }, cwd: project };
    assert.equal((await runCli(["init", "claude-code", "--mcp", "--project"], env)).code, 0);
    const entry = JSON.parse(readFileSync(join(project, ".mcp.json"), "utf8")).mcpServers.toolspan;
    assert.equal(entry.args.at(-1), "mcp");
    assert.equal(existsSync(join(home, ".claude.json")), false, "the user's file is not touched");
    await runCli(["init", "claude-code", "--mcp", "--project", "--remove"], env);
    assert.equal(existsSync(join(project, ".mcp.json")), false);
  });

  test("codex: [mcp_servers.toolspan] as a block beside the hook's; each comes out alone, both give the file back", async () => {
    const config = 'model = "gpt-5.5"\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\n';
    const home = userHome({ ".codex/config.toml": config });
    const path = join(home, ".codex/config.toml");
    await init(home, "codex", "--mcp");
    const withServer = readFileSync(path, "utf8");
    assert.ok(withServer.startsWith(config));
    assert.match(withServer, /\n\[mcp_servers\.toolspan\]\ncommand = ".+"\nargs = \[.*"mcp"\]\nenv_vars = \["TOOLSPAN_HOME", "TOOLSPAN_STORE_BUDGET"\]\nstartup_timeout_sec = 30\ntool_timeout_sec = 660\n/);
    await init(home, "codex");
    const both = readFileSync(path, "utf8");
    await init(home, "codex", "--mcp", "--remove");
    const hookOnly = readFileSync(path, "utf8");
    assert.doesNotMatch(hookOnly, /mcp_servers\.toolspan/);
    assert.match(hookOnly, /\[\[hooks\.PreToolUse\]\]/, "the hook stays");
    assert.ok(!hookOnly.includes("\n\n\n"), "one blank line where the block was");
    await init(home, "codex", "--remove");
    assert.equal(readFileSync(path, "utf8"), config);
    assert.ok(both.includes("[mcp_servers.toolspan]") && both.includes("[[hooks.PreToolUse]]"));
  });

  test("codex: a server the user named toolspan already is left alone, exit 2", async () => {
    const config = '[mcp_servers.toolspan]\ncommand = "mine"\n';
    const home = userHome({ ".codex/config.toml": config });
    const result = await init(home, "codex", "--mcp");
    assert.equal(result.code, 2);
    assert.match(stderrText(result), /already defines an MCP server named toolspan/);
    assert.equal(readFileSync(join(home, ".codex/config.toml"), "utf8"), config);
  });

  test("gemini: mcpServers.toolspan with its timeout in milliseconds, beside the hook in the same settings.json", async () => {
    const original = '{"general": {"vimMode": true}}';
    const home = userHome({ ".gemini/settings.json": original });
    const path = join(home, ".gemini/settings.json");
    await init(home, "gemini");
    await init(home, "gemini", "--mcp");
    const settings = JSON.parse(readFileSync(path, "utf8"));
    assert.equal(settings.mcpServers.toolspan.timeout, 660_000);
    assert.equal(settings.hooks.BeforeTool[0].matcher, "run_shell_command");
    await init(home, "gemini", "--mcp", "--remove");
    const after = JSON.parse(readFileSync(path, "utf8"));
    assert.equal(after.mcpServers, undefined, "an emptied mcpServers goes");
    assert.equal(after.hooks.BeforeTool.length, 1);
    await init(home, "gemini", "--remove");
    assert.equal(readFileSync(path, "utf8"), original);
  });

  test("a settings file that is not JSON is left as it is: exit 2 naming it", async () => {
    const home = userHome({ ".claude.json": "{ not json" });
    const result = await init(home, "claude-code", "--mcp");
    assert.equal(result.code, 2);
    assert.match(stderrText(result), /\.claude\.json is not JSON/);
    assert.equal(readFileSync(join(home, ".claude.json"), "utf8"), "{ not json");
  });
});
