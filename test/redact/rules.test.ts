import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { redactText } from "../../src/redact/redact-text.js";
import { hasNestedQuantifier } from "../../src/redact/rule-set.js";
import { BUILTIN_RULES, SEAM_RULES } from "../../src/redact/rules.js";

describe("each built-in rule", () => {
  for (const rule of [...BUILTIN_RULES, ...SEAM_RULES]) {
    test(`${rule.id}${SEAM_RULES.includes(rule) ? " (at a cut)" : ""}: redacts its samples, keeps its look-alikes`, () => {
      assert.ok(rule.matches.length > 0, "a rule has samples");
      for (const sample of rule.matches) {
        const { text, count } = redactText(sample, [rule]);
        assert.ok(count > 0, `${rule.id} finds a secret in ${JSON.stringify(sample)}`);
        assert.ok(text.includes(`[REDACTED:${rule.id}]`), text);
      }
      for (const sample of rule.keeps) assert.equal(redactText(sample, [rule]).count, 0, `${rule.id} leaves ${JSON.stringify(sample)}`);
    });
  }

  test("ids are unique kebab-case; patterns are global, with indices where they name a secret group", () => {
    assert.equal(new Set(BUILTIN_RULES.map((rule) => rule.id)).size, BUILTIN_RULES.length);
    for (const rule of BUILTIN_RULES) {
      assert.match(rule.id, /^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      assert.ok(rule.pattern.global, `${rule.id} is global`);
      if (rule.pattern.source.includes("(?<secret>")) assert.ok(rule.pattern.hasIndices, `${rule.id} has the d flag`);
    }
  });

  test("no pattern nests a quantifier, and none uses {n,}, which V8 backtracks with a stack entry per character", () => {
    for (const rule of [...BUILTIN_RULES, ...SEAM_RULES]) {
      assert.equal(hasNestedQuantifier(rule.pattern.source), false, rule.id);
      assert.doesNotMatch(rule.pattern.source, /\{\d+,\}/, rule.id);
    }
  });
});

// Inputs built to make a careless pattern backtrack: long runs of each rule's own characters and prefixes.
const ADVERSARIAL: Record<string, (n: number) => string> = {
  "one letter": (n) => "a".repeat(n),
  "AKIA prefixes": (n) => "AKIA".repeat(n / 4),
  "JWT starts": (n) => "eyJ-".repeat(n / 4),
  "JWT dots": (n) => "eyJhbGci.".repeat(n / 9),
  "secret names": (n) => "TOKEN_".repeat(n / 6),
  "assignments": (n) => "password=".repeat(n / 9),
  "URL starts": (n) => "a://b:".repeat(n / 6),
  "PEM headers": (n) => "-----BEGIN PRIVATE KEY-----".repeat(n / 27),
  "token prefixes": (n) => "ghp_sk-ant-glpat-xoxb-".repeat(n / 22),
  "header names": (n) => "Authorization: ".repeat(n / 15),
  "bearer words": (n) => "Bearer ".repeat(n / 7),
  "command lines": (n) => "mysql -u --password -u a:".repeat(n / 25),
  "netrc words": (n) => "login a password ".repeat(n / 17),
  "service prefixes": (n) => "hvs.dp.st.SG.&sig=".repeat(n / 18),
  "colour codes": (n) => "\x1b[01;31m\x1b[Kghp_a\x1b[".repeat(n / 20),
  "env entries": (n) => '"name": "DB_PASSWORD", "value"- name: TOKEN\n value:'.repeat(n / 50),
  "base64": (n) => Buffer.alloc((n * 3) / 4, "not a secret at all 0123").toString("base64"),
};

// The best of three, on a flat string: one-off costs (flattening, a GC) must not pass for the pattern's.
function fastest(text: string): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    redactText(text, BUILTIN_RULES);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe("linear time", () => {
  for (const [name, make] of Object.entries(ADVERSARIAL)) {
    test(`a 10 MB line of ${name} takes about 10x a 1 MB line, not 100x`, () => {
      const small = fastest(Buffer.from(make(1_000_000)).toString());
      const large = fastest(Buffer.from(make(10_000_000)).toString());
      // Quadratic would be 100x; linear is 10x. Below 1 ms the ratio is timer noise, so it is floored.
      const ratio = large / Math.max(small, 1);
      assert.ok(ratio < 30, `${name}: 1 MB ${small.toFixed(1)} ms, 10 MB ${large.toFixed(1)} ms, ratio ${ratio.toFixed(1)}`);
    });
  }
});
