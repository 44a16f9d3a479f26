import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { renderJsonl } from "../../src/triage/render-jsonl.js";
import { tableJsonl, tableText } from "../../src/triage/render-table.js";
import { renderText } from "../../src/triage/render-text.js";
import { rerunCommand, showArgv, showWord } from "../../src/formats/safe-text.js";
import { TRIAGE_TABLE } from "../../src/triage/table.js";
import type { TriageResult } from "../../src/triage/triage-file.js";
import { cleanSpan, completeSpan } from "../helpers/lint.js";
import { triageOne } from "../helpers/triage.js";

const SECRET = "sk-live-0123456789abcdef";
const withSecret = cleanSpan({ span_id: "s-1", ok_preview: true, preview_stdout: `token ${SECRET}\ntest_00 PASSED\n` });

function resultOf(...spans: Record<string, unknown>[]): TriageResult {
  return {
    file: "run.jsonl",
    lines: spans.length,
    toolSpans: spans.length,
    notSpans: 0,
    spans: spans.map((span, index) => ({ ...triageOne(span)!, line: index + 1 })),
    flagged: spans.length,
    settled: 0,
  };
}

const all = (pieces: Iterable<string>) => [...pieces].join("");

describe("text", () => {
  test("a block per span: where, argv as JSON, each row, the rerun command; then the summary", () => {
    const out = all(renderText(resultOf(withSecret)));
    const lines = out.split("\n");
    assert.equal(lines[0], "run.jsonl:1 span s-1 tool pytest");
    assert.equal(lines[1], '  argv: ["pytest","-q"]');
    assert.deepEqual(lines.slice(2, 6), [
      "  ok-preview-while-clipped",
      "    observed:  ok_preview true but stdout clipped: kept 200 of 450 bytes, returncode 0",
      "    first:     re-run the tool with the cap removed before believing the pass",
      "    not first: mark the step as passed",
    ]);
    assert.ok(lines.includes("  next: toolspan rerun run.jsonl:1"));
    assert.equal(lines.at(-2), "1 span needs action in run.jsonl (1 line, 1 tool span)");
  });

  test("previews are never printed", () => {
    assert.ok(!all(renderText(resultOf(withSecret))).includes(SECRET));
    assert.ok(!all(renderJsonl(resultOf(withSecret))).includes(SECRET));
  });

  test("nothing to do: only the summary", () => {
    assert.equal(all(renderText({ ...resultOf(), lines: 3, toolSpans: 2 })), "nothing needs action in run.jsonl (3 lines, 2 tool spans)\n");
  });

  test("untrusted ids, names and argv cannot print control characters", () => {
    const out = all(renderText(resultOf(cleanSpan({ span_id: "a\u001b[2Jb", tool_name: "x\ny", argv: ["echo", "a b", "\u009b31m"] }))));
    assert.doesNotMatch(out, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    assert.match(out, /span "a\\u001b\[2Jb" tool "x\\ny"/);
    assert.ok(out.includes(String.raw`argv: ["echo","a b","\u009b31m"]`));
  });

  test("no rerun hint for a span without argv, and none for rows that do not re-run", () => {
    assert.doesNotMatch(all(renderText(resultOf(cleanSpan({ argv: undefined })))), /next:/);
    assert.doesNotMatch(all(renderText(resultOf(completeSpan({ timed_out: true, returncode: 124, ok_preview: false })))), /next:/);
  });
});

describe("jsonl", () => {
  test("one object per span and row, with the documented keys", () => {
    const records = all(renderJsonl(resultOf(withSecret)))
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // The edited preview is shorter than what was kept: possible-second-cap says so too.
    assert.deepEqual(records.map((record) => record.row), ["ok-preview-while-clipped", "stdout-clipped-tests", "lint-errors", "second-cap"]);
    assert.deepEqual(Object.keys(records[0]!), [
      "file", "line", "span_id", "tool_name", "argv", "row", "observation", "first_action", "not_first", "rank", "lint_rules", "rerun", "reruns", "verified_by", "settled",
    ]);
    assert.deepEqual(records[2]!.lint_rules, ["ok-preview-while-truncated", "possible-second-cap"]);
    assert.equal(records[0]!.rerun, "toolspan rerun run.jsonl:1");
    assert.equal(records[2]!.rerun, null);
  });
});

describe("the table and helpers", () => {
  test("--table text lists every row with its three columns", () => {
    const text = tableText(TRIAGE_TABLE);
    for (const row of TRIAGE_TABLE) assert.ok(text.includes(`| ${row.id} | ${row.observation} | ${row.firstAction} | ${row.notFirst} |`), row.id);
    assert.equal(tableJsonl(TRIAGE_TABLE).trimEnd().split("\n").length, TRIAGE_TABLE.length);
  });

  test("shell quoting of the rerun command; words and argv shown unambiguously", () => {
    assert.equal(rerunCommand("runs/a.jsonl", 3), "toolspan rerun runs/a.jsonl:3");
    assert.equal(rerunCommand("my run's.jsonl", 3), `toolspan rerun 'my run'\\''s.jsonl:3'`);
    assert.equal(showWord(null), "?");
    assert.equal(showWord(""), '""');
    assert.equal(showArgv(["sh", "-c", "a; b"]), '["sh","-c","a; b"]');
  });
});
