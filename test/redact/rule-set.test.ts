import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { redactText } from "../../src/redact/redact-text.js";
import { hasNestedQuantifier, RedactConfigError, ruleSet } from "../../src/redact/rule-set.js";
import { BUILTIN_RULES } from "../../src/redact/rules.js";

describe("ruleSet", () => {
  test("without a config, the built-in rules", () => {
    assert.deepEqual(ruleSet().map((rule) => rule.id), BUILTIN_RULES.map((rule) => rule.id));
  });

  test("off removes built-ins by id; patterns add rules, whose matches (or secret group) are redacted", () => {
    const rules = ruleSet({ off: ["jwt"], patterns: [{ id: "acme-key", pattern: "acme_[a-z0-9]{12}" }, { id: "pin", pattern: "pin (?<secret>\\d{4})", flags: "i" }] });
    assert.ok(!rules.some((rule) => rule.id === "jwt"));
    assert.equal(redactText("key acme_0123456789ab PIN 1234", rules).text, "key [REDACTED:acme-key] PIN [REDACTED:pin]");
  });

  for (const [name, config, message] of [
    ["an unknown id in off", { off: ["no-such-rule"] }, /no built-in rule 'no-such-rule'/],
    ["a lookahead, which RE2 has not", { patterns: [{ id: "bad", pattern: "a(?=b)" }] }, /bad.*unsupported Perl syntax/],
    ["a backreference, which RE2 has not", { patterns: [{ id: "bad", pattern: "(a)\\1" }] }, /bad.*invalid escape/],
    ["a pattern that does not compile", { patterns: [{ id: "bad", pattern: "(" }] }, /Invalid regular expression/],
    ["an id that is taken", { patterns: [{ id: "jwt", pattern: "x" }] }, /taken/],
    ["a flag that changes matching", { patterns: [{ id: "x", pattern: "x", flags: "y" }] }, /flags/],
    ["an id that is not kebab-case", { patterns: [{ id: "Bad Id", pattern: "x" }] }, /kebab-case/],
  ] as const) {
    test(`refuses ${name}`, () => {
      assert.throws(() => ruleSet(config as never), (error: unknown) => error instanceof RedactConfigError && message.test(error.message));
    });
  }
});

describe("patterns of one's own run on RE2", () => {
  for (const pattern of ["(a|a)*b", "a*a*a*a*a*a*a*a*b", "(a+)+b", "(\\w*x?){2,}y"]) {
    test(`${pattern}: 100,000 a's in well under a second (JavaScript's engine backtracks exponentially)`, () => {
      const rules = ruleSet({ off: BUILTIN_RULES.map((rule) => rule.id), patterns: [{ id: "slow", pattern }] });
      const started = performance.now();
      assert.equal(redactText(`${"a".repeat(100_000)}!`, rules).count, 0);
      assert.ok(performance.now() - started < 1000);
    });
  }

  test("flags, the secret group, lookbehinds and lastIndex behave as JavaScript's", () => {
    const rules = ruleSet({ off: BUILTIN_RULES.map((rule) => rule.id), patterns: [
      { id: "pin", pattern: "(?<![a-z])pin[ =](?<secret>\\d{4})", flags: "i" },
      { id: "line", pattern: "^code: .+$", flags: "m" },
      { id: "empty", pattern: "z*" },
    ] });
    assert.deepEqual(redactText("PIN 1234, spin 5678 pin=9012\ncode: 42\nx", rules), { text: "PIN [REDACTED:pin], spin 5678 pin=[REDACTED:pin]\n[REDACTED:line]\nx", count: 3 });
    assert.deepEqual(redactText("😀 zz pin 1234", rules), { text: "😀 [REDACTED:empty] pin [REDACTED:pin]", count: 2 });
  });
});

describe("hasNestedQuantifier (the built-in rules, which run on JavaScript's engine, are held to it)", () => {
  test("finds a quantifier in a quantified group; passes flat patterns, escapes and classes", () => {
    for (const source of ["(a+)+", "(\\w*x?){2,}", "((a+)b)*", "(?:x[0-9]{2}){3}"]) assert.equal(hasNestedQuantifier(source), true, source);
    for (const source of ["(?:ab)+", "acct-[0-9]{8}", "[(a+)]+", "\\(a+\\)+", "(?<n>a+)b", "(a|b)*"]) assert.equal(hasNestedQuantifier(source), false, source);
  });
});
