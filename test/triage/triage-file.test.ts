import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";
import fc from "fast-check";
import { CORE_KEYS, OWN_KEYS } from "../../src/contract/keys.js";
import { UnreadableInput } from "../../src/formats/jsonl-lines.js";
import { triageFile } from "../../src/triage/triage-file.js";
import { cleanSpan, completeSpan, jsonl, lintText, publishedRecord, spanFor, tempDir, writeTemp } from "../helpers/lint.js";
import { repoRoot } from "../helpers/repo.js";
import { rowsOf } from "../helpers/triage.js";

/** A clipped pytest run whose preview shows the failure. */
const failingTests = spanFor({ stdout: Buffer.from("FAILED tests/test_a.py::test_x\n".repeat(20)), stderr: Buffer.alloc(0), stdoutCap: 100, returncode: 1 });
const stderrClipped = spanFor({ stdout: Buffer.from("ok\n"), stderr: Buffer.from("warning: w\n".repeat(30)), stderrCap: 100 });
/** Another writer's span that printed nothing: toolspan's own says it read both pipes to their end. */
const empty = { ...spanFor({ stdout: Buffer.alloc(0), stderr: Buffer.alloc(0) }), contract: undefined };

describe("triageFile", () => {
  test("spans are ordered by how misleading they were: ok_preview while clipped, then a clipped test run that looks like a pass", async () => {
    const file = writeTemp(
      jsonl([
        { ...stderrClipped, span_id: "stderr" },
        { ...empty, span_id: "empty" },
        { ...failingTests, span_id: "failing-tests" },
        cleanSpan({ span_id: "passing-tests" }),
        completeSpan({ span_id: "fine" }),
        cleanSpan({ span_id: "ok-preview", ok_preview: true }),
        "not json",
      ]),
    );
    const result = await triageFile(file);
    assert.deepEqual(
      result.spans.map((span) => [span.line, span.spanId]),
      [
        [6, "ok-preview"],
        [4, "passing-tests"],
        [3, "failing-tests"],
        [2, "empty"],
        [1, "stderr"],
        [7, null],
      ],
    );
    assert.deepEqual([result.lines, result.toolSpans, result.notSpans], [7, 6, 1]);
  });

  test("equally misleading spans keep line order", async () => {
    const result = await triageFile(writeTemp(jsonl([cleanSpan({ span_id: "a" }), cleanSpan({ span_id: "b" }), cleanSpan({ span_id: "c" })])));
    assert.deepEqual(result.spans.map((span) => span.line), [1, 2, 3]);
  });

  test("a clean run needs nothing; blank lines and other span types are counted, not triaged", async () => {
    const result = await triageFile(writeTemp(jsonl([completeSpan(), "", '{"span_type":"llm","model":"m"}', completeSpan({ span_id: "b" })])));
    assert.deepEqual(result.spans, []);
    assert.deepEqual([result.lines, result.toolSpans, result.notSpans], [4, 2, 0]);
  });

  test("an unreadable file rejects with UnreadableInput naming it", async () => {
    const missing = join(tempDir(), "missing.jsonl");
    await assert.rejects(triageFile(missing), (error: unknown) => error instanceof UnreadableInput && error.message.includes(missing));
  });

  test("property: garbage lines never make triage throw, and every line it reports is a line of the file", async () => {
    const line = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.json({ maxDepth: 3 }),
      fc.constantFrom(JSON.stringify(publishedRecord()), JSON.stringify(cleanSpan()), '{"span_type":"tool"}', '{"span_type":"tool","argv":"x"}', "\uFEFF", ""),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 20 }), async (lines) => {
        const result = await triageFile(writeTemp(lines.join("\n")));
        for (const span of result.spans) {
          assert.ok(span.line >= 1 && span.line <= result.lines);
          assert.ok(span.matches.length > 0);
        }
      }),
      { numRuns: 150 },
    );
  });
});

test("property: every lint error on a line is covered by a row (lint-errors or not-a-span)", () => {
  const keys = [...CORE_KEYS, ...OWN_KEYS];
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(0, -1, 1.5, 8192, null, true, false, "", "b3a1...", "binary", "utf-8"),
  );
  const mutated = fc
    .tuple(fc.constantFrom(cleanSpan(), completeSpan(), publishedRecord()), fc.dictionary(fc.constantFrom(...keys), fc.option(value, { nil: undefined }), { maxKeys: 5 }))
    .map(([base, changes]) => JSON.stringify({ ...base, ...changes }));
  const text = fc.oneof(mutated, fc.string({ maxLength: 40 }), fc.json({ maxDepth: 2 }));
  fc.assert(
    fc.property(text, (line) => {
      const errors = lintText(line).filter((finding) => finding.severity === "error");
      const rows = rowsOf(line);
      if (errors.length > 0) assert.ok(rows.includes("lint-errors") || rows.includes("not-a-span"), `${line} → ${rows.join(",")}`);
      else assert.ok(!rows.includes("lint-errors") && !rows.includes("not-a-span"));
    }),
    { numRuns: 1500 },
  );
});

describe("triageFile links reruns", () => {
  test("a span's reruns in the same file (rerun_of its span_id, or FILE:LINE) are named with their verdicts", async () => {
    const clipped = { ...failingTests, span_id: "orig" };
    const rerun = completeSpan({ span_id: "new", rerun_of: "orig", rerun_verdict: "identical" });
    const file = writeTemp(jsonl([clipped, rerun, { ...stderrClipped, span_id: null }]));
    const byLine = completeSpan({ span_id: "new2", rerun_of: `${file}:3`, rerun_verdict: "differs" });
    const { appendFileSync } = await import("node:fs");
    appendFileSync(file, `${JSON.stringify(byLine)}\n`);
    const result = await triageFile(file);
    const byId = new Map(result.spans.map((span) => [span.line, span.reruns]));
    assert.deepEqual(byId.get(1), [{ line: 2, verdict: "identical" }]);
    assert.deepEqual(byId.get(3), [{ line: 4, verdict: "differs" }]);
  });

  test("a verified rerun (identical, identical-normalized) settles a span whose rows a rerun answers; others do not", async () => {
    const spans = [
      { ...failingTests, span_id: "normalized" },
      { ...failingTests, span_id: "differs" },
      { ...failingTests, span_id: "same-ends" },
      { ...failingTests, span_id: "incomplete" },
      // Clipped and timed out: a rerun answers the clip, not the timeout.
      { ...failingTests, span_id: "timed-out", timed_out: true, returncode: 124 },
    ];
    const reruns = [
      ["normalized", "identical-normalized"],
      ["differs", "differs"],
      ["same-ends", "same-ends"],
      ["incomplete", "incomplete"],
      ["timed-out", "identical"],
    ].map(([of, verdict], index) => completeSpan({ span_id: `r${index}`, rerun_of: of, rerun_verdict: verdict }));
    const result = await triageFile(writeTemp(jsonl([...spans, ...reruns])));
    const byId = new Map(result.spans.map((span) => [span.spanId, span]));
    assert.deepEqual(byId.get("normalized")!.verifiedBy, { line: 6, verdict: "identical-normalized" });
    assert.equal(byId.get("normalized")!.settled, true);
    for (const id of ["differs", "same-ends", "incomplete"]) {
      assert.equal(byId.get(id)!.verifiedBy, undefined, id);
      assert.notEqual(byId.get(id)!.settled, true, id);
    }
    assert.deepEqual(byId.get("timed-out")!.verifiedBy, { line: 10, verdict: "identical" });
    assert.equal(byId.get("timed-out")!.settled, false, "the timeout is still to be looked at");
    assert.deepEqual([result.flagged, result.settled], [5, 1]);
    // With a limit the count is the same: it does not depend on the spans kept.
    assert.equal((await triageFile(writeTemp(jsonl([...spans, ...reruns])), { keep: 1 })).settled, 1);
  });
});

describe("triageFile with a limit", () => {
  test("property: keeping K spans keeps exactly the first K of the full ordering, and counts them all", async () => {
    const kinds = [failingTests, stderrClipped, empty, cleanSpan(), completeSpan(), publishedRecord(), "not json", cleanSpan({ ok_preview: true })];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(kinds.length - 1), { maxLength: 30 }), fc.nat(8), async (picks, keep) => {
        const file = writeTemp(jsonl(picks.map((pick, index) => (typeof kinds[pick] === "string" ? (kinds[pick] as string) : { ...(kinds[pick] as object), span_id: `s${index}` }))));
        const [all, kept] = [await triageFile(file), await triageFile(file, { keep })];
        assert.equal(kept.flagged, all.spans.length);
        assert.equal(all.flagged, all.spans.length);
        assert.deepEqual(kept.spans.map((span) => span.line), all.spans.slice(0, keep).map((span) => span.line));
      }),
      { numRuns: 40 },
    );
  });
});

describe("triageFile reads OpenTelemetry too", () => {
  test("an OTLP line carrying a clipped toolspan record gets the record's rows and its trace ids", async () => {
    const { convertValue } = await import("../../src/formats/otlp/convert-record.js");
    const [otlpLine] = convertValue(JSON.parse(JSON.stringify(failingTests)) as Record<string, unknown>, "otlp", "0.0.0")!;
    const file = writeTemp(`${otlpLine}\n`);
    const result = await triageFile(file);
    assert.equal(result.toolSpans, 1);
    assert.equal(result.notSpans, 0);
    assert.deepEqual(result.spans.map((span) => span.matches.map((match) => match.row.id)), [rowsOf(failingTests)]);
    assert.match(result.spans[0]!.trace?.traceId ?? "", /^[0-9a-f]{32}$/);
  });

  test("another writer's tool spans with only a result string get the no-io-metadata row, one per span", async () => {
    const result = await triageFile(join(repoRoot, "test/fixtures/rules/no-io-metadata/bad.jsonl"));
    assert.ok(result.spans.length >= 1);
    for (const span of result.spans) assert.deepEqual(span.matches.map((match) => match.row.id), ["no-io-metadata"]);
  });

  test("spans of a pretty-printed OTLP document are placed at their spanId's line, as lint places them", async () => {
    const { convertValue } = await import("../../src/formats/otlp/convert-record.js");
    const requests = [{ ...failingTests, span_id: "a" }, { ...stderrClipped, span_id: "b" }].map(
      (record) => JSON.parse(convertValue(JSON.parse(JSON.stringify(record)) as Record<string, unknown>, "otlp", "0.0.0")![0]!) as { resourceSpans: { scopeSpans: { spans: unknown[] }[] }[] },
    );
    requests[0]!.resourceSpans[0]!.scopeSpans[0]!.spans.push(...requests[1]!.resourceSpans[0]!.scopeSpans[0]!.spans);
    const text = `${JSON.stringify(requests[0], null, 2)}\n`;
    const spanIdLines = text.split("\n").flatMap((line, index) => (line.includes('"spanId"') ? [index + 1] : []));
    assert.equal(spanIdLines.length, 2);
    const result = await triageFile(writeTemp(text, "trace.json"));
    assert.deepEqual(result.spans.map((span) => span.line).sort((a, b) => a - b), spanIdLines);
    const linted = lintText(text).filter((finding) => finding.rule !== "possible-second-cap").map((finding) => finding.line);
    for (const line of linted) assert.ok(spanIdLines.includes(line), `lint placed a finding at ${line}`);
  });

  test("an indented toolspan record is one span at its first line, as lint reads it, not lines that are not spans", async () => {
    const text = `\n${JSON.stringify({ ...failingTests, span_id: "indented" }, null, 2)}\n`;
    const result = await triageFile(writeTemp(text, "record.json"));
    assert.equal(result.notSpans, 0);
    assert.equal(result.toolSpans, 1);
    assert.deepEqual(result.spans.map((span) => [span.line, span.spanId]), [[2, "indented"]]);
    assert.deepEqual(result.spans[0]!.matches.map((match) => match.row.id), rowsOf(failingTests));
  });

  test("the OTLP example document (pretty-printed) is read whole: no line of it is 'not a span'", async () => {
    const result = await triageFile(join(repoRoot, "test/fixtures/otlp/trace.json"));
    assert.equal(result.notSpans, 0);
    assert.deepEqual(result.spans, []);
    assert.ok(result.lines > 10);
  });
});
