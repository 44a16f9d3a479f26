// The library as a consumer imports it: by its package name, through package.json's "exports". The names it gives
// are exactly the ones docs/api.md documents, and the main jobs work end to end through them alone.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import ts from "typescript";
import * as toolspan from "toolspan";
import { repoPath } from "../helpers/repo.js";

const scratch = mkdtempSync(join(tmpdir(), "toolspan-api-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

// The names in the first column of docs/api.md's tables: `name(args)`, `new Name()`, `NAME`.
function documentedNames(): Set<string> {
  const names = new Set<string>();
  for (const line of readFileSync(repoPath("docs/api.md"), "utf8").split("\n")) {
    if (!line.startsWith("| `")) continue;
    for (const match of (line.split("|")[1] ?? "").matchAll(/`(?:new )?([A-Za-z_$][\w$]*)/g)) names.add(match[1]!);
  }
  return names;
}

// Every name src/index.ts exports, types included, as the compiler sees them.
function exportedNames(): Set<string> {
  const entry = repoPath("src/index.ts");
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    types: ["node"],
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  return new Set(checker.getExportsOfModule(module).map((symbol) => symbol.name));
}

const sorted = (names: Iterable<string>): string[] => [...names].sort();

test("the package exports exactly what docs/api.md documents, types included", () => {
  const documented = documentedNames();
  assert.ok(documented.size > 40, "the API tables were read");
  assert.deepEqual(sorted(exportedNames()), sorted(documented));
});

test("every value the package gives at run time is documented", () => {
  const documented = documentedNames();
  assert.deepEqual(Object.keys(toolspan).filter((name) => !documented.has(name)), []);
  assert.ok(Object.keys(toolspan).length > 30);
});

test("wrap, lint, triage, report, convert and back: a consumer's whole day through the package name", async () => {
  const { span, stdout } = await toolspan.runTool(["sh", "-c", "seq 1 20000; echo 'FAILED test_b' >&2; exit 1"], { cap: 1000 });
  assert.equal(span.stdout_truncated, true);
  assert.equal(span.returncode, 1);
  assert.equal(stdout.length, 1000, "the kept bytes are what the cap keeps");
  assert.deepEqual(toolspan.lintSpan(span), [], "a span toolspan wrote passes its own rules");
  assert.ok(toolspan.RULES.some((rule) => rule.id === toolspan.RULE_IDS.flagUnderCap));

  const run = join(scratch, "run.jsonl");
  const file = toolspan.RunFile.open(run);
  file.append(JSON.stringify(span));
  file.close();

  const findings: string[] = [];
  const summary = await toolspan.lintFiles([run], { workers: 0, onFinding: (_, finding) => findings.push(finding.rule), onUnreadable: assert.fail });
  assert.deepEqual([summary.files, summary.lines], [1, 1]);
  assert.deepEqual(findings, []);

  const triage = await toolspan.triageFile(run);
  assert.equal(triage.flagged, 1, "a clipped failing run needs action");
  assert.ok(toolspan.TRIAGE_TABLE.some((row) => row.id === triage.spans[0]!.matches[0]!.row.id));

  const report = await toolspan.reportFile(run);
  assert.equal(toolspan.reportRecord(report).tool_spans, 1);

  let otlp = "";
  await toolspan.convertFile(run, { to: "otlp", write: (text) => void (otlp += text), onSkip: assert.fail });
  const otlpFile = join(scratch, "run.otlp.jsonl");
  writeFileSync(otlpFile, otlp);
  assert.equal(toolspan.spansFromLine(JSON.parse(otlp))[0]!.record!.span_id, span.span_id);
  let back = "";
  await toolspan.convertFile(otlpFile, { to: "jsonl", write: (text) => void (back += text), onSkip: assert.fail });
  assert.deepEqual(JSON.parse(back), JSON.parse(JSON.stringify(span)), "every key survives the round trip");
});

test("an expected failure is a ToolspanError naming what was wrong; a consumer can tell it from a bug", async () => {
  await assert.rejects(toolspan.runTool(["true"], { keep: "middle" as never }), (error: unknown) => {
    assert.ok(error instanceof toolspan.ToolspanOptionError && error instanceof toolspan.ToolspanError);
    assert.match((error as Error).message, /keep/);
    return true;
  });
  await assert.rejects(toolspan.triageFile(join(scratch, "missing.jsonl")), toolspan.ToolspanError);
});
