// Each rule's fixture pair in test/fixtures/rules/<id>/: bad.jsonl yields that rule's findings and no other
// rule's; good.jsonl, its near twin, lints with zero findings.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { RULES } from "../../../src/lint/rules/index.js";
import { lintPaths } from "../../helpers/lint.js";
import { repoPath } from "../../helpers/repo.js";

const fixture = (rule: string, name: "bad" | "good") => repoPath(`test/fixtures/rules/${rule}/${name}.jsonl`);

test("every rule has a fixture pair, and every fixture folder names a rule", () => {
  const ids = RULES.map((rule) => rule.id).sort();
  assert.equal(ids.length, 19);
  assert.deepEqual(readdirSync(repoPath("test/fixtures/rules")).sort(), ids);
  for (const id of ids) {
    assert.ok(existsSync(fixture(id, "bad")), `${id}/bad.jsonl`);
    assert.ok(existsSync(fixture(id, "good")), `${id}/good.jsonl`);
  }
});

describe("rule fixtures", () => {
  for (const { id } of RULES) {
    test(`${id}: bad.jsonl yields ${id} only; good.jsonl is clean`, async () => {
      const bad = await lintPaths([fixture(id, "bad")]);
      assert.deepEqual(bad.unreadable, []);
      assert.ok(bad.findings.length > 0, "bad.jsonl yields findings");
      assert.deepEqual([...new Set(bad.findings.map((f) => f.rule))], [id], JSON.stringify(bad.findings, null, 1));
      const good = await lintPaths([fixture(id, "good")]);
      assert.deepEqual(good.unreadable, []);
      assert.deepEqual(good.findings, []);
      assert.ok(readFileSync(fixture(id, "good"), "utf8").trim().length > 0, "good.jsonl is not empty");
    });
  }

  test("the span rules flag every line of their bad.jsonl (file rules flag the repeat)", async () => {
    for (const { id } of RULES) {
      const lines = readFileSync(fixture(id, "bad"), "utf8").split("\n").filter((line) => line !== "").length;
      const flagged = new Set((await lintPaths([fixture(id, "bad")])).findings.map((f) => f.line));
      const fileRule = id === "mixed-runs" || id === "duplicate-span-id";
      if (fileRule) assert.deepEqual([...flagged], [lines], id);
      else assert.equal(flagged.size, lines, `${id}: every line of bad.jsonl is flagged`);
    }
  });
});
