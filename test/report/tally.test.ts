import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { addSpan, MAX_TOOLS, newTally, OTHER_TOOLS, toolsByLoss } from "../../src/report/tally.js";
import { spanFacts } from "../../src/triage/facts.js";
import { spanLint } from "../../src/triage/match.js";
import type { TriagedSpan } from "../../src/triage/triage-line.js";
import { reportFile } from "../../src/report/report-file.js";
import { reportRecord } from "../../src/report/render-json.js";
import { renderMarkdown } from "../../src/report/render-markdown.js";
import { renderText } from "../../src/report/render-text.js";
import { CORE_KEYS, OWN_KEYS } from "../../src/contract/keys.js";
import { cleanSpan, completeSpan, jsonl, withChanges, writeTemp } from "../helpers/lint.js";

const noLint = spanLint([]);
const triagedAt = (line: number, toolName: string | null = "pytest"): TriagedSpan =>
  ({ line, isSpan: true, spanId: "s", toolName, argv: null, lintRules: [], clipped: true, looksLikeSuccess: false, matches: [] }) as unknown as TriagedSpan;

describe("tally", () => {
  test("a clipped stream's unseen bytes are bytes - cap; a complete one adds none", () => {
    const tally = newTally();
    // cleanSpan: stdout 450 bytes clipped at 200, stderr 27 bytes complete.
    addSpan(tally, spanFacts(cleanSpan()), noLint, triagedAt(3));
    addSpan(tally, spanFacts(completeSpan()), noLint, null);
    assert.equal(tally.toolSpans, 2);
    assert.equal(tally.needAction, 1);
    assert.equal(tally.clipped, 1);
    assert.deepEqual(tally.streams.stdout, { written: 450 + 18, kept: 200 + 18, unseen: 250, clipped: 1, clippedOfUnknownSize: 0 });
    assert.deepEqual(tally.streams.stderr, { written: 54, kept: 54, unseen: 0, clipped: 0, clippedOfUnknownSize: 0 });
    assert.deepEqual(tally.largestClip, { line: 3, spanId: "s", tool: "pytest", stream: "stdout", kept: 200, written: 450 });
  });

  test("a clipped stream without a byte count (an audited transcript) is counted apart, not as 0 unseen bytes", () => {
    const tally = newTally();
    addSpan(tally, spanFacts(cleanSpan({ stdout_bytes: null })), noLint, triagedAt(1));
    assert.equal(tally.streams.stdout.clipped, 1);
    assert.equal(tally.streams.stdout.clippedOfUnknownSize, 1);
    assert.equal(tally.streams.stdout.unseen, 0);
    assert.equal(tally.largestClip, null);
  });

  test("outcomes: a non-zero returncode fails, null never started, signals, timeouts and stalls each counted", () => {
    const tally = newTally();
    addSpan(tally, spanFacts(completeSpan({ returncode: 2 })), noLint, null);
    addSpan(tally, spanFacts(completeSpan({ returncode: null, error: "ENOENT" })), noLint, null);
    addSpan(tally, spanFacts(completeSpan({ returncode: null, signal: "SIGKILL", timed_out: true })), noLint, null);
    addSpan(tally, spanFacts(completeSpan({ stalled: true })), noLint, null);
    assert.deepEqual(
      [tally.failed, tally.neverStarted, tally.killedBySignal, tally.timedOut, tally.stalled],
      [1, 2, 1, 1, 1],
    );
    assert.equal(toolsByLoss(tally)[0]!.failed, 1);
    assert.equal(tally.unverifiable, 0);
  });

  test("a transcript span whose result the transcript cannot show is counted unverifiable, its unknown sizes as none", () => {
    const tally = newTally();
    const source = { format: "codex", file: "r.jsonl", line: 1, index: null, call_id: "c", harness_version: null, transcript_sha256: "0".repeat(64) };
    const unknown = { stdout_bytes: null, stderr_bytes: null, stdout_sha256: null, stderr_sha256: null, stdout_head_sha256: null, stdout_tail_sha256: null, stderr_head_sha256: null, stderr_tail_sha256: null };
    addSpan(tally, spanFacts(completeSpan({ ...unknown, source: { ...source, unverifiable: "no result in the transcript" } })), noLint, triagedAt(1));
    addSpan(tally, spanFacts(completeSpan({ ...unknown, source: { format: "codex", unverifiable: "not audit's" } })), noLint, null);
    assert.equal(tally.unverifiable, 1, "only audit's source is taken at its word");
    assert.deepEqual([tally.streams.stdout.written, tally.streams.stdout.clippedOfUnknownSize], [0, 0]);
  });

  test("lint: each rule counts the spans it fired on; spans with any error are counted once", () => {
    const tally = newTally();
    const finding = (rule: string, severity: "error" | "warning") => ({ line: 1, rule, severity, message: "m", messageId: "m" });
    addSpan(tally, spanFacts(completeSpan()), spanLint([finding("invalid-hash", "error"), finding("invalid-hash", "error"), finding("missing-field", "error")]), triagedAt(1));
    addSpan(tally, spanFacts(completeSpan()), spanLint([finding("possible-pipe-stall", "warning")]), triagedAt(2));
    assert.deepEqual([...tally.errors], [["invalid-hash", 1], ["missing-field", 1]]);
    assert.deepEqual([...tally.warnings], [["possible-pipe-stall", 1]]);
    assert.equal(tally.spansWithErrors, 1);
  });

  test(`more than ${MAX_TOOLS} distinct tool names: the rest share one row, so memory stays flat`, () => {
    const tally = newTally();
    for (let i = 0; i < MAX_TOOLS + 50; i++) addSpan(tally, spanFacts(completeSpan({ tool_name: `tool-${i}` })), noLint, null);
    assert.equal(tally.tools.size, MAX_TOOLS + 1);
    assert.equal(tally.tools.get(OTHER_TOOLS)!.spans, 50);
  });

  test("property: unseen = written - kept per stream, never negative; clipped spans never exceed tool spans", () => {
    const stream = fc.record({ bytes: fc.option(fc.nat(100_000), { nil: null }), cap: fc.option(fc.nat(100_000), { nil: null }) });
    fc.assert(
      fc.property(fc.array(fc.record({ out: stream, err: stream, tool: fc.constantFrom("a", "b", "c") }), { maxLength: 40 }), (specs) => {
        const tally = newTally();
        for (const [index, { out, err, tool }] of specs.entries()) {
          const span = withChanges(completeSpan(), {
            tool_name: tool,
            stdout_bytes: out.bytes,
            stdout_cap: out.cap,
            stdout_truncated: out.bytes !== null && out.cap !== null && out.bytes > out.cap,
            stderr_bytes: err.bytes,
            stderr_cap: err.cap,
            stderr_truncated: err.bytes !== null && err.cap !== null && err.bytes > err.cap,
          });
          addSpan(tally, spanFacts(span), noLint, triagedAt(index + 1, tool));
        }
        for (const s of [tally.streams.stdout, tally.streams.stderr]) {
          assert.equal(s.unseen, s.written - s.kept);
          assert.ok(s.unseen >= 0);
        }
        assert.ok(tally.clipped <= tally.toolSpans);
        const perTool = [...tally.tools.values()].reduce((sum, t) => sum + t.unseen, 0);
        assert.equal(perTool, tally.streams.stdout.unseen + tally.streams.stderr.unseen);
        const largest = tally.largestClip;
        if (largest !== null) assert.ok(largest.written - largest.kept > 0);
      }),
    );
  });
});

describe("report on untrusted spans", () => {
  test("property: any contract key of a real span set to anything: the report is made in every form, never a throw", async () => {
    const keys = [...CORE_KEYS, ...OWN_KEYS, "rerun_of", "argv_redactions"];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 2 })), { maxLength: 4 }), async (changes) => {
        const span = withChanges(cleanSpan(), Object.fromEntries(changes));
        const report = await reportFile(writeTemp(jsonl([span, completeSpan()])));
        // The untouched span always counts; the changed one may have stopped being a tool span at all.
        assert.ok(report.tally.toolSpans >= 1 && report.tally.toolSpans <= 2);
        for (const text of [renderText(report), renderMarkdown(report), JSON.stringify(reportRecord(report))]) assert.ok(text.length > 0);
        assert.ok(report.tally.streams.stdout.unseen >= 0 && report.tally.streams.stderr.unseen >= 0);
      }),
      { numRuns: 150 },
    );
  });
});
