import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { COMMANDS, COMMAND_NAMES, commandEntry } from "../../src/cli/commands.js";
import { repoPath } from "../helpers/repo.js";

/** The command modules (src/cli/<command>.js) a toolspan run loaded. */
function commandModulesLoaded(...args: string[]): string[] {
  const result = spawnSync(process.execPath, ["--import", repoPath("test/fixtures/preload/record-loads.mjs"), repoPath("bin/toolspan.js"), ...args], {
    encoding: "utf8",
    stdio: ["ignore", "ignore", "pipe"],
  });
  assert.equal(result.status, 0, result.stderr);
  const loaded = [...result.stderr.matchAll(/^loaded .*\/dist\/src\/cli\/([a-z-]+)\.js$/gm)].map((match) => match[1]!);
  assert.ok(loaded.includes("main"), "the hook saw toolspan's modules");
  return loaded.filter((name) => COMMAND_NAMES.includes(name));
}

test("toolspan --help loads no command module; a command loads its own only", () => {
  assert.deepEqual(commandModulesLoaded("--help"), []);
  assert.deepEqual(commandModulesLoaded("triage", "--table"), ["triage"]);
});

test("each command's summary in commands.ts is its module's, and the module is the command of that name", async () => {
  assert.ok(COMMAND_NAMES.length >= 14, COMMAND_NAMES.join(" "));
  for (const name of COMMAND_NAMES) {
    const command = await COMMANDS[name]!.load();
    assert.equal(command.name, name);
    assert.equal(command.summary, COMMANDS[name]!.summary, `the summary of ${name}`);
  }
});

test("every command has --help once, last, from the shared shape (no command repeats it)", async () => {
  for (const name of COMMAND_NAMES) {
    const { options, help } = await COMMANDS[name]!.load();
    assert.deepEqual(options.filter((option) => option.name === "help").length, 1, name);
    assert.equal(options.at(-1)?.name, "help", name);
    assert.equal(new Set(options.map((option) => option.name)).size, options.length, `${name} names each option once`);
    assert.match(help(), /^Usage: toolspan /, name);
  }
});

test("a name that is an Object.prototype member is no command", () => {
  for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty"]) assert.equal(commandEntry(name), undefined, name);
  assert.ok(commandEntry("wrap"));
});
