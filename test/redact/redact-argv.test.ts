import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { redactArgv } from "../../src/redact/redact-argv.js";
import { BUILTIN_RULES } from "../../src/redact/rules.js";
import { ARGV_LEAKS } from "../helpers/argv-leaks.js";

const KEY = "ghp_aBcdEfGhIjKlMnOpQrStUvWxYz0123456789";

test("a secret inside a word is replaced in that word; the program and the other words are kept", () => {
  const { argv, count } = redactArgv(["curl", "-H", "Authorization: Bearer abcdefabcdef123456", `GITHUB_TOKEN=${KEY}`, "https://x/y"], BUILTIN_RULES);
  assert.deepEqual(argv, ["curl", "-H", "Authorization: [REDACTED:authorization-header]", "GITHUB_TOKEN=[REDACTED:github-token]", "https://x/y"]);
  assert.equal(count, 2);
});

test("the word after a secret-naming flag is replaced whole, whatever it looks like", () => {
  for (const flag of ["--token", "--password", "--client-secret", "--api-key", "-passphrase", "--DB-PASSWORD"]) {
    const { argv, count } = redactArgv(["tool", flag, "plainword", "next"], BUILTIN_RULES);
    assert.deepEqual(argv, ["tool", flag, "[REDACTED:password-flag]", "next"], flag);
    assert.equal(count, 1);
  }
  // A flag after it is not a value; a flag that only mentions a token file is not a secret flag.
  assert.deepEqual(redactArgv(["tool", "--token", "--verbose"], BUILTIN_RULES).argv, ["tool", "--token", "--verbose"]);
  assert.deepEqual(redactArgv(["tool", "--token-file", "/run/t"], BUILTIN_RULES).argv, ["tool", "--token-file", "/run/t"]);
});

test("argv[0] is never changed, even when it looks like a secret", () => {
  assert.deepEqual(redactArgv([KEY, KEY], BUILTIN_RULES).argv, [KEY, "[REDACTED:github-token]"]);
});

test("property: an argv of plain words is returned as it was, with no redaction counted", () => {
  const word = fc.stringMatching(/^[a-z./]{0,12}$/);
  fc.assert(
    fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), (words) => {
      const { argv, count } = redactArgv(words, BUILTIN_RULES);
      assert.deepEqual(argv, words);
      assert.equal(count, 0);
    }),
  );
});

test("a flag and its value in two words, or a program and its flag, are read together (the command lines that once leaked through --redact-argv)", () => {
  for (const { argv, redacted } of ARGV_LEAKS) assert.deepEqual(redactArgv(argv, BUILTIN_RULES), { argv: redacted, count: 1 }, argv.join(" "));
});

test("a value the line's rules run to the end of the line stays in its word: the words after it are kept", () => {
  const { argv, count } = redactArgv(["curl", "-H", "X-API-Key: 9e8d7c6b5a4f3e2d1c0b", "https://x/y", "-o", "out"], BUILTIN_RULES);
  assert.deepEqual(argv, ["curl", "-H", "X-API-Key: [REDACTED:api-key-header]", "https://x/y", "-o", "out"]);
  assert.equal(count, 1);
  // Found both in its word and on the line: one secret, one marker.
  assert.deepEqual(redactArgv(["tool", `GITHUB_TOKEN=${KEY}`], BUILTIN_RULES), { argv: ["tool", "GITHUB_TOKEN=[REDACTED:github-token]"], count: 1 });
  assert.deepEqual(redactArgv(["mysql", "-pXyz9Secret7"], BUILTIN_RULES), { argv: ["mysql", "-p[REDACTED:password-flag]"], count: 1 });
});
