import assert from "node:assert/strict";
import { test } from "node:test";
import { COMMANDS, COMMAND_NAMES, commandEntry } from "../../src/cli/commands.js";

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
