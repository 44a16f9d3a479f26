import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { repoPath } from "../helpers/repo.js";

const toolspan = (...args: string[]) =>
  spawnSync(process.execPath, [repoPath("bin/toolspan.js"), ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

test("--help lists every command and exits 0", () => {
  const result = toolspan("--help");
  assert.equal(result.status, 0);
  assert.match(result.stdout, /^\s+wrap\s/m);
  assert.match(result.stdout, /^\s+demo\s/m);
});

test("no command prints the help on stdout and exits 2", () => {
  const result = toolspan();
  assert.equal(result.status, 2);
  assert.match(result.stdout, /Usage: toolspan COMMAND/);
});

test("an unknown command is a one-line usage error naming it, exit 2, no stack trace", () => {
  const result = toolspan("wrpa");
  assert.equal(result.status, 2);
  assert.match(result.stderr, /unknown command 'wrpa'/);
  assert.doesNotMatch(result.stderr, /\n\s+at /);
});

test("--version prints the package version", () => {
  const result = toolspan("--version");
  assert.equal(result.status, 0);
  assert.match(result.stdout, /^\d+\.\d+\.\d+\n$/);
});

test("-h is --help for every command: the same help on stdout, exit 0", () => {
  const commands = [...toolspan("--help").stdout.matchAll(/^ {2}([a-z]+) /gm)].map((match) => match[1]!);
  assert.ok(commands.length >= 11, commands.join(" "));
  for (const command of commands) {
    const long = toolspan(command, "--help");
    const short = toolspan(command, "-h");
    assert.deepEqual([short.status, short.stderr], [0, ""], command);
    assert.equal(short.stdout, long.stdout, command);
    assert.match(short.stdout, /^ {2}-h, --help +show this help$/m, `${command}'s help names -h`);
  }
});

test("a usage error points to the subcommand's own help; an unknown command to the list", () => {
  const wrap = toolspan("wrap", "--frobnicate");
  assert.deepEqual([wrap.status, wrap.stderr], [2, "toolspan: unknown option '--frobnicate'\n(see toolspan wrap --help)\n"]);
  const gc = toolspan("gc");
  assert.match(gc.stderr, /\n\(see toolspan gc --help\)\n$/);
  assert.match(toolspan("wrpa").stderr, /\n\(see toolspan --help\)\n$/);
  assert.match(toolspan("constructor").stderr, /unknown command 'constructor'[^]*\(see toolspan --help\)\n$/);
});

test("an error quoting an argument escapes it: no control character reaches the terminal", () => {
  const result = toolspan("wrap", "--\x1b[2J\x9b", "--", "true");
  assert.equal(result.status, 2);
  assert.equal(result.stderr, "toolspan: unknown option '--\\u001b[2J\\u009b'\n(see toolspan wrap --help)\n");
});
