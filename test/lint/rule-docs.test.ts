// Keeps the rule set complete, as ESLint's checkRuleFiles does: every rule file is registered under its
// own name, every rule has a docs page with the fixed headings, and the page's examples lint as they claim.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { lintFiles } from "../../src/lint/lint-files.js";
import { lintLine } from "../../src/lint/lint-line.js";
import { activeSpanRules } from "../../src/lint/active-rules.js";
import { isFileRule, ruleDocsPath, type Rule } from "../../src/lint/rule.js";
import { RULES } from "../../src/lint/rules/index.js";
import { defaultSeverities } from "../../src/lint/severities.js";
import { repoPath } from "../helpers/repo.js";

const REQUIRED_HEADINGS = [
  "What it does",
  "Why it matters",
  "First action",
  "Example of a bad span",
  "Example of a good span",
] as const;
const OPTIONAL_LAST_HEADING = "When it may be fine";

/** What the tests need of a rule page: its lines, the front matter, its level-2 headings and its two examples. */
interface RulePage {
  lines: string[];
  frontMatter: string;
  headings: string[];
  examples: { bad: string[] | null; good: string[] | null };
}

// Headings inside code fences are not headings; an example is the first ```json fence of its section.
function readPage(id: string): RulePage {
  const lines = readFileSync(repoPath(ruleDocsPath(id)), "utf8").split(/\r?\n/);
  const headings: string[] = [];
  const examples: RulePage["examples"] = { bad: null, good: null };
  let firstHeadingLine = lines.length;
  let section: string | null = null;
  let fence: { lines: string[]; example: "bad" | "good" | null } | null = null;
  lines.forEach((line, index) => {
    if (fence !== null) {
      if (line.startsWith("```")) {
        if (fence.example !== null && examples[fence.example] === null) examples[fence.example] = fence.lines;
        fence = null;
      } else fence.lines.push(line);
      return;
    }
    if (line.startsWith("```")) {
      const example = line.trim() === "```json" && section?.startsWith("Example of a ") ? (section === "Example of a bad span" ? "bad" : "good") : null;
      fence = { lines: [], example };
      return;
    }
    if (line.startsWith("## ")) {
      headings.push(line.slice(3).trim());
      firstHeadingLine = Math.min(firstHeadingLine, index);
      section = line.slice(3).trim();
    }
  });
  return { lines, frontMatter: lines.slice(1, firstHeadingLine).join("\n"), headings, examples };
}

function parseExample(id: string, which: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    assert.fail(`${id}: the ${which} example is not valid JSON: ${(error as Error).message}\n${text}`);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The rule ids the span engine reports for one line, with every rule at its default severity. */
function spanRuleIds(text: string): string[] {
  const { rules, invalidJson } = activeSpanRules(defaultSeverities());
  return lintLine(text, 1, rules, invalidJson).findings.map((finding) => finding.rule);
}

const scratch = mkdtempSync(join(tmpdir(), "toolspan-rule-docs-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** The rule ids `lintFiles` reports for a file of these lines, file-level rules included. */
async function fileRuleIds(name: string, lines: readonly string[]): Promise<string[]> {
  const path = join(scratch, `${name}.jsonl`);
  writeFileSync(path, `${lines.join("\n")}\n`);
  const ids: string[] = [];
  await lintFiles([path], {
    severities: defaultSeverities(),
    workers: 0,
    onFinding: (_file, finding) => ids.push(finding.rule),
    onUnreadable: (file, reason) => assert.fail(`cannot read ${file}: ${reason}`),
  });
  return ids;
}

const ruleFiles = readdirSync(repoPath("src/lint/rules"))
  .filter((name) => name.endsWith(".ts") && name !== "index.ts")
  .map((name) => name.slice(0, -".ts".length));

test("every file in src/lint/rules is registered in RULES under its file name, and nothing else is", async () => {
  const ids = RULES.map((rule) => rule.id);
  assert.deepEqual([...ids].sort(), [...ruleFiles].sort());
  for (const id of ruleFiles) {
    const module = (await import(`../../src/lint/rules/${id}.js`)) as Record<string, unknown>;
    const registered = RULES.find((rule) => rule.id === id);
    assert.ok(registered, `${id}.ts has no entry in RULES`);
    assert.ok(Object.values(module).includes(registered), `the RULES entry with id '${id}' is not exported by ${id}.ts`);
  }
});

test("RULES is sorted by id and each id appears once", () => {
  const ids = RULES.map((rule) => rule.id);
  assert.deepEqual(ids, [...ids].sort());
  assert.equal(new Set(ids).size, ids.length);
});

test("docs/rules holds a page for each rule and no other page", () => {
  const pages = readdirSync(repoPath("docs/rules")).filter((name) => name.endsWith(".md"));
  assert.deepEqual(pages.sort(), RULES.map((rule) => `${rule.id}.md`).sort());
});

for (const rule of RULES as readonly Rule[]) {
  const { id } = rule;
  const fileLevel = isFileRule(rule);

  test(`${ruleDocsPath(id)}: title, front matter and headings`, () => {
    assert.ok(existsSync(repoPath(ruleDocsPath(id))), `${ruleDocsPath(id)} is missing`);
    const page = readPage(id);
    assert.equal(page.lines[0], `# ${id}`);
    assert.match(page.frontMatter, new RegExp(`\\*\\*Severity:\\*\\* ${rule.severity}\\b`), "front matter must give the default severity");
    assert.match(page.frontMatter, /\*\*Related rules:\*\*/);
    assert.match(page.frontMatter, /\*\*Decision table row:\*\*/);
    const expected: string[] = [...REQUIRED_HEADINGS];
    if (page.headings.length === expected.length + 1) expected.push(OPTIONAL_LAST_HEADING);
    assert.deepEqual(page.headings, expected);
  });

  test(`${ruleDocsPath(id)}: relative links point at files that exist`, () => {
    const text = readFileSync(repoPath(ruleDocsPath(id)), "utf8");
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const path = target!.split("#")[0]!;
      assert.ok(existsSync(repoPath(join(dirname(ruleDocsPath(id)), path))), `${id}: broken link ${target}`);
    }
  });

  test(`${ruleDocsPath(id)}: the bad example is reported by ${id} and the good one is not`, async () => {
    const { examples } = readPage(id);
    assert.ok(examples.bad, `${id}: no json example under "Example of a bad span"`);
    assert.ok(examples.good, `${id}: no json example under "Example of a good span"`);
    const bad = examples.bad.filter((line) => line.trim() !== "");
    const good = examples.good.filter((line) => line.trim() !== "");
    // A file-level rule needs more than one span to have anything to say; every other example is one line.
    if (fileLevel) {
      assert.ok(bad.length >= 2, `${id}: a file-level rule's bad example needs at least two lines`);
      assert.ok(good.length >= 1);
    } else {
      assert.equal(bad.length, 1, `${id}: the bad example must be one JSONL line`);
      assert.equal(good.length, 1, `${id}: the good example must be one JSONL line`);
    }
    for (const [which, lines] of [["bad", bad], ["good", good]] as const) {
      for (const line of lines) {
        const value = parseExample(id, which, line);
        // invalid-json's bad example is valid JSON that is not an object; a rule that reads other writers' OTLP
        // spans shows OTLP lines; every other line is a tool span.
        if (id === "invalid-json" && which === "bad") assert.ok(!isObject(value), "invalid-json's bad example must not be an object");
        else if ("checkTrace" in rule) assert.ok(isObject(value) && Array.isArray(value.resourceSpans), `${id}: the ${which} example must be an OTLP request`);
        else assert.ok(isObject(value) && value.span_type === "tool", `${id}: the ${which} example must be a tool span: ${line}`);
      }
    }
    const badIds = fileLevel ? await fileRuleIds(`${id}-bad`, bad) : spanRuleIds(bad[0]!);
    const goodIds = fileLevel ? await fileRuleIds(`${id}-good`, good) : spanRuleIds(good[0]!);
    assert.ok(badIds.includes(id), `${id}: the bad example is not reported by ${id} (got: ${badIds.join(", ") || "nothing"})`);
    assert.ok(!goodIds.includes(id), `${id}: the good example is reported by ${id}`);
  });
}

test("docs/lint.md has a table row for every rule, linking its page", () => {
  const text = readFileSync(repoPath("docs/lint.md"), "utf8");
  for (const rule of RULES) {
    const row = `| [\`${rule.id}\`](rules/${rule.id}.md) | ${rule.severity} | ${rule.description} |`;
    assert.ok(text.includes(row), `docs/lint.md lacks the row: ${row}`);
  }
});
