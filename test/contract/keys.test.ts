import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { REQUIRED_KEYS } from "../../src/contract/key-types.js";
import { AUDIT_KEYS, CORE_KEYS, OWN_KEYS, RERUN_KEYS, UNSHARED_KEYS, WRAP_KEYS } from "../../src/contract/keys.js";
import { runTool } from "../../src/run/run-tool.js";
import { repoPath } from "../helpers/repo.js";

const sorted = (keys: Iterable<string>): string[] => [...keys].sort();
/** The keys every span has: both groups but the ones only a rerun's span, or a failed blob store, adds. */
const everySpanKeys = WRAP_KEYS;
const unshared: ReadonlySet<string> = new Set(UNSHARED_KEYS);
/** The keys CONTRACT.md's tables list: every key but the unshared ones. */
const sharedKeys = [...CORE_KEYS, ...OWN_KEYS].filter((key) => !unshared.has(key));

test("the key lists name each key once and the groups do not overlap", () => {
  const all = [...CORE_KEYS, ...OWN_KEYS, ...AUDIT_KEYS];
  assert.equal(new Set(all).size, all.length);
});

test("a span runTool writes has exactly the keys of both groups but the rerun keys and blob errors", async () => {
  const { span } = await runTool(["true"], { stdin: "ignore" });
  assert.deepEqual(sorted(Object.keys(span)), sorted(everySpanKeys));
});

test("the rerun keys are own keys, and docs/rerun.md documents each", () => {
  const page = readFileSync(repoPath("docs/rerun.md"), "utf8");
  for (const key of RERUN_KEYS) {
    assert.ok((OWN_KEYS as readonly string[]).includes(key), `${key} is an own key`);
    assert.ok(page.includes(`| \`${key}\` |`), `docs/rerun.md has a table row for ${key}`);
  }
});

test("the normalisation, redaction, blob-error, notice and reader keys are own keys, each documented in docs/rerun.md, docs/secrets.md, docs/store.md, docs/harnesses.md or docs/wrap.md", () => {
  const pages = ["docs/rerun.md", "docs/secrets.md", "docs/store.md", "docs/harnesses.md", "docs/wrap.md"].map((page) => readFileSync(repoPath(page), "utf8")).join("\n");
  for (const key of UNSHARED_KEYS.filter((key) => !(RERUN_KEYS as readonly string[]).includes(key))) {
    assert.ok((OWN_KEYS as readonly string[]).includes(key), `${key} is an own key`);
    assert.ok(pages.includes(`| \`${key}\` |`), `a table row documents ${key}`);
  }
});

test("the JSON Schema describes exactly the keys of both groups and audit's", () => {
  const schema = JSON.parse(readFileSync(repoPath("schema/span.schema.json"), "utf8")) as {
    $defs: { toolSpan: { properties: Record<string, unknown> } };
  };
  assert.deepEqual(sorted(Object.keys(schema.$defs.toolSpan.properties)), sorted([...CORE_KEYS, ...OWN_KEYS, ...AUDIT_KEYS]));
});

test("every key of CONTRACT.md's tables is in the lists, and every key of the lists but the unshared keys is in the tables", () => {
  const contract = readFileSync(repoPath("CONTRACT.md"), "utf8");
  const tableKeys = new Set<string>();
  for (const line of contract.split("\n")) {
    if (!line.startsWith("| `")) continue;
    const cell = line.split("|")[1] ?? "";
    for (const match of cell.matchAll(/`([a-z_0-9]+)`/g)) tableKeys.add(match[1]!);
  }
  assert.ok(tableKeys.size > 30, "the contract's tables were read");
  assert.deepEqual(sorted(tableKeys), sorted(sharedKeys));
});

// The repository's copy names its sources where the shared one points outside the repository ("the seed", a file
// name in the shared folder); its headings and every table row must stay the shared contract's, word for word.
const contractRows = (text: string): string[] => text.split("\n").filter((line) => line.startsWith("|") || line.startsWith("#"));

test("the repository's CONTRACT.md has the shared contract's headings and table rows, word for word", (t) => {
  let shared: string;
  try {
    shared = readFileSync(repoPath("../shared/CONTRACT.md"), "utf8");
  } catch {
    t.skip("no ../shared/CONTRACT.md beside this checkout");
    return;
  }
  assert.deepEqual(contractRows(readFileSync(repoPath("CONTRACT.md"), "utf8")), contractRows(shared));
});

test("the JSON Schema requires exactly the keys the linter's missing-field requires", () => {
  const schema = JSON.parse(readFileSync(repoPath("schema/span.schema.json"), "utf8")) as {
    $defs: { toolSpan: { required: string[] } };
  };
  assert.deepEqual(sorted(schema.$defs.toolSpan.required), sorted(REQUIRED_KEYS));
});
