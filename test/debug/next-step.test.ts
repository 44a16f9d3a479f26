// The next step after the loop, one case per outcome: reports are built by hand with only what nextStep reads.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { DebugReport, DebugStep } from "../../src/debug/debug-run.js";
import { nextStep } from "../../src/debug/next-step.js";
import type { RerunResult } from "../../src/rerun/rerun-span.js";
import type { TriagedSpan } from "../../src/triage/triage-line.js";
import { TRIAGE_ROWS_BY_ID } from "../../src/triage/table.js";

const span = (line: number, rowIds: string[], clipped = true): TriagedSpan => ({
  line,
  isSpan: true,
  spanId: `s${line}`,
  toolName: "pytest",
  argv: ["pytest"],
  rerunnable: true,
  lintRules: [],
  clipped,
  unknownResult: false,
  looksLikeSuccess: false,
  matches: rowIds.map((id) => ({ row: TRIAGE_ROWS_BY_ID.get(id)!, observation: id })),
});

const rerun = (line: number, verdict: string, end: Partial<{ timed_out: boolean; stalled: boolean; error: string | null }> = {}): DebugStep => {
  // As rerunSpan says it (incompleteReason): a rerun that did not finish carries why.
  const incomplete = end.error ? `the rerun could not start (${end.error})` : end.timed_out ? "the rerun timed out (--timeout): its streams are cut short" : null;
  return {
    span: span(line, ["stdout-clipped-tests"]),
    outcome: "rerun",
    result: { of: { line }, verdict, incomplete, span: { timed_out: false, stalled: false, error: null, ...end } } as unknown as RerunResult,
  };
};

const report = (changes: Partial<DebugReport>): DebugReport => ({
  file: "run.jsonl",
  lint: { errors: 0, warnings: 0, shownErrors: [] },
  stoppedOnLint: false,
  steps: [],
  others: [],
  spanNotFound: false,
  ...changes,
});

test("nothing clipped and nothing else: the pipe is honest", () => {
  assert.equal(nextStep(report({})).id, "honest");
  assert.equal(nextStep(report({ steps: [rerun(1, "identical"), rerun(2, "same-ends")] })).id, "honest");
});

test("a match once normalised is verified: honest, never 'make the run reproducible'", () => {
  const next = nextStep(report({ steps: [rerun(1, "identical-normalized")] }));
  assert.equal(next.id, "honest");
  assert.doesNotMatch(next.text, /reproducible/);
});

test("a span the file already holds a verified rerun of is not a span left to rerun", () => {
  const verified: DebugStep = { span: span(2, ["stdout-clipped-tests"]), outcome: "verified", reason: "verified by the rerun at line 3 (identical-normalized)" };
  assert.equal(nextStep(report({ steps: [verified] })).id, "honest");
});

test("a binary span alone is advice, not a remaining problem", () => {
  assert.equal(nextStep(report({ others: [span(3, ["binary-hashes-only"], false)] })).id, "honest");
});

test("another span that needs action is named with its first action", () => {
  const next = nextStep(report({ others: [span(4, ["empty-streams-ok"], false)] }));
  assert.equal(next.id, "other-spans");
  assert.match(next.text, /line 4: check for a pipe stall and ulimit/);
});

test("stopped on lint errors comes before anything else", () => {
  const next = nextStep(report({ stoppedOnLint: true, lint: { errors: 3, warnings: 0, shownErrors: [] }, steps: [rerun(1, "differs")] }));
  assert.equal(next.id, "fix-trace");
  assert.match(next.text, /3 lint errors/);
});

test("a refused span names its line and reason; a declined one asks for --yes", () => {
  const refused = nextStep(report({ steps: [{ span: span(2, ["stdout-clipped"]), outcome: "refused", reason: "the span's cwd is gone" }] }));
  assert.equal(refused.id, "rerun-remaining");
  assert.match(refused.text, /line 2: the span's cwd is gone/);
  const declined = nextStep(report({ steps: [{ span: span(2, ["stdout-clipped"]), outcome: "declined", reason: "not confirmed" }] }));
  assert.match(declined.text, /pass --yes/);
});

test("an incomplete rerun outranks its verdict", () => {
  const next = nextStep(report({ steps: [rerun(1, "differs", { timed_out: true })] }));
  assert.equal(next.id, "rerun-incomplete");
  assert.match(next.text, /line 1: the rerun timed out/);
  assert.match(nextStep(report({ steps: [rerun(5, "unverifiable", { error: "ENOENT: command not found" })] })).text, /could not start \(ENOENT/);
});

test("differs outranks unverifiable; unverifiable asks for toolspan wrap", () => {
  assert.equal(nextStep(report({ steps: [rerun(1, "unverifiable"), rerun(2, "differs")] })).id, "not-reproduced");
  const next = nextStep(report({ steps: [rerun(1, "identical"), rerun(2, "unverifiable")] }));
  assert.equal(next.id, "unverifiable");
  assert.match(next.text, /line 2 has no hash/);
});

test("an unknown span id is said first", () => {
  assert.equal(nextStep(report({ spanNotFound: true, stoppedOnLint: true })).id, "span-not-found");
});

test("a verified rerun answers a clipped span's rerun rows, not the rest: a stall is still to act on", () => {
  const clippedAndStalled = span(3, ["stalled", "stdout-clipped"]);
  const reran: DebugStep = { ...rerun(3, "identical"), span: clippedAndStalled };
  const next = nextStep(report({ steps: [reran] }));
  assert.equal(next.id, "other-spans");
  assert.match(next.text, /^1 other span to act on \(first, line 3: find why it went silent/);
  const verified: DebugStep = { span: clippedAndStalled, outcome: "verified", reason: "verified by the rerun at line 4 (identical)" };
  assert.equal(nextStep(report({ steps: [verified] })).id, "other-spans");
});

test("the other spans are named most misleading first, whichever list they come from", () => {
  const reran: DebugStep = { ...rerun(7, "identical"), span: span(7, ["stalled", "stdout-clipped"]) };
  const next = nextStep(report({ steps: [reran], others: [span(2, ["never-started"], false)] }));
  assert.match(next.text, /^2 other spans to act on \(first, line 7: find why it went silent/);
});
