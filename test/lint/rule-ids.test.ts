// RULE_IDS is the registry's ids, in its order, each under the name its rule's module exports; a misspelt id is a
// compile error (the @ts-expect-error lines fail the build the day one compiles).
import assert from "node:assert/strict";
import { test } from "node:test";
import { RULE_IDS, type RuleId } from "../../src/lint/rule-ids.js";
import { RULES } from "../../src/lint/rules/index.js";

test("RULE_IDS holds every rule's id, in RULES order, and no other", () => {
  assert.deepEqual(Object.values(RULE_IDS), RULES.map((rule) => rule.id));
});

test("each id is under the name its rule's module exports it by", async () => {
  for (const [name, id] of Object.entries(RULE_IDS)) {
    const module = (await import(`../../src/lint/rules/${id}.js`)) as Record<string, { id: string }>;
    assert.equal(module[name]?.id, id, `src/lint/rules/${id}.ts exports no rule named ${name}`);
  }
});

test("a misspelt rule id does not compile", () => {
  // @ts-expect-error: not a rule id
  const typo: RuleId = "invalid-jsn";
  // @ts-expect-error: no such constant
  const missing: string = RULE_IDS.invalidJsn;
  assert.equal(Object.values(RULE_IDS).includes(typo), false);
  assert.equal(missing, undefined);
});
