import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { applyEnvOptions, formatOptions, parseArgs, type OptionSpec } from "../../src/cli/option-parser.js";
import { UsageError } from "../../src/cli/usage-error.js";

const SPECS = [
  { name: "cap", kind: "count", value: "N", help: "bytes kept" },
  { name: "hash-window", kind: "count", value: "N", min: 1, help: "window" },
  { name: "timeout", kind: "seconds", value: "SECONDS", help: "limit" },
  { name: "keep", kind: "choice", value: "POLICY", choices: ["head", "tail", "head+tail"], help: "policy" },
  { name: "out", kind: "string", value: "FILE", help: "run file" },
  { name: "json", kind: "flag", help: "json" },
  { name: "idle-timeout", kind: "seconds", value: "SECONDS", positive: true, help: "positive limit" },
  { name: "rule", kind: "string", value: "ID", repeat: true, help: "repeatable" },
] as const satisfies readonly OptionSpec[];

/** Asserts that parsing fails with a UsageError whose one-line message matches `message`. */
function rejects(args: string[], message: RegExp): void {
  assert.throws(
    () => parseArgs(args, SPECS),
    (error: unknown) => {
      assert.ok(error instanceof UsageError, `not a UsageError: ${String(error)}`);
      assert.match(error.message, message);
      assert.ok(!error.message.includes("\n"), "a usage error is one line");
      return true;
    },
  );
}

describe("parseArgs", () => {
  test("reads each kind of option, spaced and with =", () => {
    const parsed = parseArgs(
      ["--cap", "10", "--hash-window=4", "--timeout", "1.5", "--keep=head+tail", "--out", "run.jsonl", "--json", "--", "cmd"],
      SPECS,
    );
    assert.deepEqual(parsed.options, { cap: 10, hashWindow: 4, timeout: 1.5, keep: "head+tail", out: "run.jsonl", json: true });
    assert.deepEqual(parsed.rest, ["cmd"]);
  });

  test("options stop at -- and everything after it is the command, dashes included", () => {
    const parsed = parseArgs(["--json", "--", "ls", "--cap", "-l", "--"], SPECS);
    assert.deepEqual(parsed.rest, ["ls", "--cap", "-l", "--"]);
    assert.deepEqual(Object.keys(parsed.options), ["json"]);
  });

  test("options stop at the first argument that is not one; '-' is an argument", () => {
    assert.deepEqual(parseArgs(["--json", "echo", "--json"], SPECS).rest, ["echo", "--json"]);
    assert.deepEqual(parseArgs(["-", "x"], SPECS).rest, ["-", "x"]);
    assert.deepEqual(parseArgs([], SPECS).rest, []);
    assert.deepEqual(parseArgs(["--"], SPECS).rest, []);
  });

  test("a value may itself start with a dash when it is given to a string option", () => {
    assert.equal(parseArgs(["--out", "-weird-name"], SPECS).options.out, "-weird-name");
  });

  test("a repeatable option gathers its values in order", () => {
    assert.deepEqual(parseArgs(["--rule", "a=off", "--rule=b=error"], SPECS).options.rule, ["a=off", "b=error"]);
  });

  test("a repeated option keeps its last value", () => {
    assert.equal(parseArgs(["--cap", "1", "--cap", "2"], SPECS).options.cap, 2);
  });

  test("unknown options are named", () => {
    rejects(["--frobnicate"], /unknown option '--frobnicate'/);
    rejects(["--frobnicate=3"], /unknown option '--frobnicate'/);
    rejects(["-x", "cmd"], /unknown option '-x'/);
  });

  test("counts are whole numbers >= their minimum, and the message names the option and the value", () => {
    rejects(["--cap", "-1"], /--cap .*'-1'/);
    rejects(["--cap", "abc"], /--cap .*'abc'/);
    rejects(["--cap=1.5"], /--cap .*'1\.5'/);
    rejects(["--cap", ""], /--cap .*''/);
    rejects(["--cap", "1e3"], /--cap .*'1e3'/);
    rejects(["--cap", " 7"], /--cap/);
    rejects(["--cap", "9007199254740993"], /--cap/);
    rejects(["--hash-window", "0"], /--hash-window .*>= 1.*'0'/);
    assert.equal(parseArgs(["--cap", "0"], SPECS).options.cap, 0);
  });

  test("seconds are numbers >= 0, fractions allowed", () => {
    assert.equal(parseArgs(["--timeout", "0.25"], SPECS).options.timeout, 0.25);
    assert.equal(parseArgs(["--timeout", "0"], SPECS).options.timeout, 0);
    rejects(["--timeout", "-1"], /--timeout .*'-1'/);
    rejects(["--timeout", "soon"], /--timeout .*'soon'/);
    rejects(["--timeout", "Infinity"], /--timeout/);
    rejects(["--timeout="], /--timeout/);
  });

  test("positive seconds: 0 and a negative number are refused with one message", () => {
    for (const value of ["0", "-1", "0.0", "-0.5", "soon"]) {
      rejects(["--idle-timeout", value], new RegExp(`^--idle-timeout takes a number of seconds greater than 0, got '${value}'$`));
    }
    assert.equal(parseArgs(["--idle-timeout", "0.01"], SPECS).options.idleTimeout, 0.01);
  });

  test("choices list what is allowed", () => {
    rejects(["--keep", "bogus"], /--keep takes one of head, tail, head\+tail, got 'bogus'/);
  });

  test("a missing value and a value given to a flag are errors naming the option", () => {
    rejects(["--cap"], /--cap needs a value \(N\)/);
    rejects(["--json=yes"], /--json takes no value/);
  });
});

test("the parsed options are typed from the table", () => {
  const { options } = parseArgs(["--cap", "1", "--keep", "tail", "--json"], SPECS);
  const cap: number | undefined = options.cap;
  const keep: "head" | "tail" | "head+tail" | undefined = options.keep;
  const json: true | undefined = options.json;
  const rules: string[] | undefined = options.rule;
  // @ts-expect-error: a count is a number, not a string
  const wrong: string | undefined = options.cap;
  // @ts-expect-error: no option is named so
  void options.frobnicate;
  assert.deepEqual([cap, keep, json, rules, wrong], [1, "tail", true, undefined, 1]);
});

describe("formatOptions", () => {
  test("one aligned line per option, with its placeholder", () => {
    const lines = formatOptions(SPECS).split("\n");
    assert.equal(lines.length, SPECS.length);
    assert.match(lines[0]!, /^ {2}--cap N +bytes kept$/);
    assert.match(lines[5]!, /^ {2}--json +json$/);
    const column = lines.map((line, index) => line.lastIndexOf(SPECS[index]!.help));
    assert.equal(new Set(column).size, 1, "help texts start in one column");
  });
});

test("applyEnvOptions sets the variable of each option given, and only those", () => {
  const specs = [
    { name: "max-line-bytes", kind: "count", env: "T_MAX", help: "limit" },
    { name: "other", kind: "string", env: "T_OTHER", help: "not given" },
    { name: "plain", kind: "flag", help: "no variable" },
  ] as const satisfies readonly OptionSpec[];
  const env: NodeJS.ProcessEnv = { T_OTHER: "kept" };
  applyEnvOptions(parseArgs(["--max-line-bytes", "100", "--plain"], specs).options, specs, env);
  assert.deepEqual(env, { T_MAX: "100", T_OTHER: "kept" });
});
