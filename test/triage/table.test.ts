// Every row of the decision table: a span that selects it and a near-identical one that does not.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import type { SpanObject } from "../../src/contract/span-fields.js";
import { TRIAGE_ROWS_BY_ID, TRIAGE_TABLE } from "../../src/triage/table.js";
import { allByteValues } from "../helpers/fixtures.js";
import { cleanSpan, completeSpan, spanFor, withChanges } from "../helpers/lint.js";
import { repoPath } from "../helpers/repo.js";
import { observationOf, rowsOf } from "../helpers/triage.js";

const text = (n: number, line = "a line of output\n") => Buffer.from(line.repeat(Math.ceil(n / line.length)).slice(0, n));
const stderrSpan = (returncode: number) =>
  spanFor({ stdout: Buffer.from("done\n"), stderr: text(300, "warning: something\n"), stderrCap: 100, returncode });
/** Not a test run: the command and the previews say nothing of tests. */
const asCat = { tool_name: "cat", argv: ["cat", "build.log"] };

/** An OTLP line with one tool span of another writer: a result string and nothing else about its output. */
const foreignToolLine = readFileSync(repoPath("test/fixtures/rules/no-io-metadata/bad.jsonl"), "utf8").split("\n")[0]!;
/** The same span without its result string: nothing to distrust. */
const foreignToolWithoutResult = foreignToolLine.replace(/,\{"key":"gen_ai\.tool\.call\.result","value":\{"stringValue":"[^"]*"\}\}/, "");

/** A transcript span (audit --out) whose result the transcript cannot show, as audit writes one. */
const transcriptSource = { format: "codex", file: "r.jsonl", line: 9, index: null, call_id: "c", harness_version: null, transcript_sha256: "0".repeat(64) };
const unknownResult = (source: SpanObject) =>
  completeSpan({ ok_preview: false, stdout_bytes: null, stderr_bytes: null, stdout_sha256: null, stderr_sha256: null, stdout_head_sha256: null, stdout_tail_sha256: null, stderr_head_sha256: null, stderr_tail_sha256: null, source, clip_evidence: null });

/** For each row: a line that selects it, a near-identical line that does not, and a fragment of its observation. */
const CASES: Record<string, { selects: SpanObject | string; not: SpanObject | string; observed: string }> = {
  "ok-preview-while-clipped": {
    selects: cleanSpan({ ok_preview: true }),
    not: cleanSpan(),
    observed: "ok_preview true but stdout clipped: kept 200 of 450 bytes, returncode 0",
  },
  "stdout-clipped-tests": {
    selects: cleanSpan(),
    not: cleanSpan(asCat),
    observed: "stdout clipped: kept 200 of 450 bytes, returncode 0; test output, tail sha256 ",
  },
  "lint-errors": {
    selects: cleanSpan({ stdout_truncated: false }),
    not: cleanSpan(),
    observed: "lint errors: clipped-without-flag; ok_preview false",
  },
  "second-cap": {
    selects: spanFor({ stdout: text(8192), stderr: Buffer.alloc(0), stdoutCap: 10000 }),
    not: spanFor({ stdout: text(8191), stderr: Buffer.alloc(0), stdoutCap: 10000 }),
    observed: "possible second cap: stdout_bytes is exactly 8192",
  },
  "empty-streams-ok": {
    // Another writer's span: toolspan's own (contract toolspan/1, stalled false) read both pipes to the end.
    selects: withChanges(spanFor({ stdout: Buffer.alloc(0), stderr: Buffer.alloc(0), returncode: 0 }), { contract: undefined }),
    not: spanFor({ stdout: Buffer.alloc(0), stderr: Buffer.alloc(0), returncode: 0 }),
    observed: "stdout 0 bytes, stderr 0 bytes, returncode 0",
  },
  "stderr-clipped-ok": {
    selects: stderrSpan(0),
    not: stderrSpan(1),
    observed: "stderr clipped: kept 100 of 300 bytes, returncode 0",
  },
  stalled: {
    selects: completeSpan({ stalled: true, ok_preview: false }),
    not: completeSpan({ stalled: false, ok_preview: false }),
    observed: "stalled true: stdout 18 bytes, stderr 27 bytes, returncode 0",
  },
  "stdout-clipped": {
    selects: cleanSpan(asCat),
    not: cleanSpan(),
    observed: "stdout clipped: kept 200 of 450 bytes, returncode 0",
  },
  "stderr-clipped-failed": {
    selects: stderrSpan(2),
    not: stderrSpan(0),
    observed: "stderr clipped: kept 100 of 300 bytes, returncode 2",
  },
  "timed-out": {
    selects: completeSpan({ timed_out: true, returncode: 124, ok_preview: false, duration_ms: 600000 }),
    not: completeSpan({ timed_out: false, returncode: 124, ok_preview: false, duration_ms: 600000 }),
    observed: "timed out after 600.0 s, returncode 124",
  },
  "killed-by-signal": {
    selects: completeSpan({ signal: "SIGKILL", returncode: 137, ok_preview: false }),
    // The wrapper's --idle-timeout sent it: stalled, not killed from outside.
    not: completeSpan({ signal: "SIGTERM", returncode: 143, stalled: true, ok_preview: false }),
    observed: "killed by SIGKILL, returncode 137; stdout 18 bytes, stderr 27 bytes",
  },
  "unverifiable-result": {
    selects: unknownResult({ ...transcriptSource, unverifiable: "no result in the transcript" }),
    // Only audit's source says so: a span of another writer naming a reason is not taken at its word.
    not: unknownResult({ format: "codex", unverifiable: "no result in the transcript" }),
    observed: "unverifiable: no result in the transcript; stdout ? bytes, stderr ? bytes",
  },
  "never-started": {
    selects: completeSpan({ error: "ENOENT: command not found", returncode: 127, ok_preview: false }),
    not: completeSpan({ error: null, returncode: 127, ok_preview: false }),
    observed: "never started: ENOENT: command not found, returncode 127",
  },
  "not-a-span": {
    selects: '{"span_type":"tool","tool_name":"pytest"',
    not: '{"span_type":"tool","tool_name":"pytest"}',
    observed: "line is not JSON",
  },
  "no-io-metadata": {
    selects: foreignToolLine,
    not: foreignToolWithoutResult,
    observed: "pytest: a result with no I/O metadata",
  },
  "binary-hashes-only": {
    selects: spanFor({ stdout: allByteValues(), stderr: Buffer.alloc(0) }),
    not: spanFor({ stdout: text(256), stderr: Buffer.alloc(0) }),
    observed: "encoding binary: hashes only",
  },
};

describe("every row selects its span and not the near-identical one", () => {
  for (const row of TRIAGE_TABLE) {
    test(row.id, () => {
      const cases = CASES[row.id];
      assert.ok(cases, `row ${row.id} has no test case`);
      assert.ok(rowsOf(cases.selects).includes(row.id), `selects: rows were ${JSON.stringify(rowsOf(cases.selects))}`);
      assert.ok(!rowsOf(cases.not).includes(row.id), `not: rows were ${JSON.stringify(rowsOf(cases.not))}`);
      assert.ok(observationOf(cases.selects, row.id)!.includes(cases.observed), observationOf(cases.selects, row.id));
    });
  }
  test("no case names a row the table does not have", () => {
    for (const id of Object.keys(CASES)) assert.ok(TRIAGE_ROWS_BY_ID.has(id), id);
  });
});

describe("the table as data", () => {
  test("CONTRACT.md's five rows are in the table word for word, marked as the contract's", () => {
    const contract = readFileSync(repoPath("CONTRACT.md"), "utf8");
    const section = contract.slice(contract.indexOf("## The decision table"));
    const rows = section
      .split("\n")
      .filter((line) => line.startsWith("| ") && !line.startsWith("| observation") && !line.startsWith("|---"))
      .map((line) => line.split("|").slice(1, -1).map((cell) => cell.trim()));
    assert.equal(rows.length, 5);
    for (const [observation, first, notFirst] of rows) {
      const row = TRIAGE_TABLE.find((candidate) => candidate.observation === observation);
      assert.ok(row, `no row for '${observation}'`);
      assert.deepEqual([row.firstAction, row.notFirst, row.contract], [first, notFirst, true]);
    }
    assert.equal(TRIAGE_TABLE.filter((row) => row.contract).length, 5);
  });

  test("ids are unique kebab-case; ranks are unique and the table is in rank order", () => {
    assert.equal(new Set(TRIAGE_TABLE.map((row) => row.id)).size, TRIAGE_TABLE.length);
    for (const row of TRIAGE_TABLE) assert.match(row.id, /^[a-z]+(-[a-z]+)*$/);
    const ranks = TRIAGE_TABLE.map((row) => row.misleading);
    assert.deepEqual(ranks, [...ranks].sort((a, b) => a - b));
    assert.equal(new Set(ranks).size, ranks.length);
  });

  test("each row's docs link points at a section of docs/triage.md", () => {
    const page = readFileSync(repoPath("docs/triage.md"), "utf8");
    for (const row of TRIAGE_TABLE) {
      assert.equal(row.docs, `docs/triage.md#${row.id}`);
      assert.match(page, new RegExp(`^### \`${row.id}\`$`, "m"), `docs/triage.md has no section for ${row.id}`);
    }
  });

  test("a clean, complete span selects no row", () => {
    assert.deepEqual(rowsOf(completeSpan()), []);
  });

  test("rows of one span come most misleading first", () => {
    assert.deepEqual(rowsOf(cleanSpan({ ok_preview: true })), ["ok-preview-while-clipped", "stdout-clipped-tests", "lint-errors"]);
    // A time limit the transcript recorded says more than that its result is unknown.
    assert.deepEqual(rowsOf({ ...unknownResult({ ...transcriptSource, unverifiable: "timed out" }), timed_out: true }), ["timed-out", "unverifiable-result"]);
  });

  test("empty streams and exit 0 on a transcript's call the harness saw end are no pipe stall; unseen ends still are", () => {
    const empty = withChanges(spanFor({ stdout: Buffer.alloc(0), stderr: Buffer.alloc(0), returncode: 0 }), { stalled: undefined, source: transcriptSource });
    assert.deepEqual(rowsOf(empty), []);
    assert.ok(rowsOf(withChanges(empty, { timed_out: true })).includes("empty-streams-ok"));
  });

  test("a reason the span states is shown cut short: a hostile one makes no line of any length", () => {
    const observed = observationOf(unknownResult({ ...transcriptSource, unverifiable: `${"\u{1F600}".repeat(300)}` }), "unverifiable-result")!;
    assert.ok(observed.startsWith(`unverifiable: ${"\u{1F600}".repeat(200)}…;`), observed.slice(0, 40));
  });
});
