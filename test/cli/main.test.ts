import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { test } from "node:test";
import { repoPath, repoRoot } from "../helpers/repo.js";
import { BUG_EXIT, REPORT_REQUEST } from "../../src/cli/failure.js";

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

test("the package ships CONTRACT.md, which --help names, a LICENSE, and every file its Markdown links to", () => {
  const packed = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: repoRoot, encoding: "utf8" });
  assert.equal(packed.status, 0, packed.stderr);
  const files = new Set((JSON.parse(packed.stdout) as { files: { path: string }[] }[])[0]!.files.map((file) => file.path));
  assert.match(toolspan("--help").stdout, /CONTRACT\.md in the package/);
  assert.ok(files.has("CONTRACT.md") && files.has("LICENSE"), [...files].filter((f) => !f.includes("/")).join(" "));
  assert.match(readFileSync(repoPath("LICENSE"), "utf8"), /^MIT License\n\nCopyright \(c\) \d{4} the toolspan authors\n/);
  const shipped = (target: string): boolean => files.has(target) || [...files].some((file) => file.startsWith(`${target.replace(/\/$/, "")}/`));
  const broken: string[] = [];
  for (const file of [...files].filter((path) => path.endsWith(".md"))) {
    for (const [, link] of readFileSync(join(repoRoot, file), "utf8").matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(link!) || link!.startsWith("#")) continue;
      const target = normalize(join(dirname(file), link!.split("#")[0]!));
      if (!shipped(target)) broken.push(`${file} -> ${link}`);
    }
  }
  assert.deepEqual(broken, []);
});

test("a bug (a plain Error thrown) exits 70 with its stack trace and a line asking to report it", () => {
  // The preload makes the command's own write to stdout throw: nothing here is bad input.
  const result = spawnSync(
    process.execPath,
    ["--import", repoPath("test/fixtures/preload/stdout-throws.mjs"), repoPath("bin/toolspan.js"), "triage", "--table"],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  assert.equal(result.status, BUG_EXIT, result.stderr);
  assert.match(result.stderr, /^Error: stdout-throws preload: this write fails on purpose\n\s+at /);
  assert.match(result.stderr, /\n\s+at .*triage\.js/, "the stack reaches the command that threw");
  assert.ok(result.stderr.endsWith(`\n${REPORT_REQUEST}\n`), result.stderr);
});

test("every command's errors carry the one prefix, in one line", () => {
  for (const args of [["rerun", "/nonexistent/run.jsonl:1"], ["show", "/nonexistent/run.jsonl:1"], ["gc", "/nonexistent", "--keep-days", "1"], ["triage", "/nonexistent"]]) {
    const result = toolspan(...args);
    assert.deepEqual([result.status, result.stderr], [2, "toolspan: cannot read /nonexistent" + (args[0] === "rerun" || args[0] === "show" ? "/run.jsonl" : "") + ": ENOENT\n"], args.join(" "));
  }
  const hook = toolspan("hook", "nope");
  assert.deepEqual([hook.status, hook.stderr], [1, "toolspan: give one harness: claude-code, codex, gemini (got nope)\n"]);
});
