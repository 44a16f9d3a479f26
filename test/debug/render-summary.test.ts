// The closing summary prints ids, names and observations read from an untrusted run file.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { DebugReport } from "../../src/debug/debug-run.js";
import { nextStep } from "../../src/debug/next-step.js";
import { renderSummary } from "../../src/debug/render-summary.js";
import type { TriagedSpan } from "../../src/triage/triage-line.js";
import { TRIAGE_ROWS_BY_ID } from "../../src/triage/table.js";

const ESC = "\u001b[2J";

const span = (toolName: string, spanId: string, observation: string): TriagedSpan => ({
  line: 3,
  isSpan: true,
  spanId,
  toolName,
  argv: [toolName],
  rerunnable: true,
  lintRules: [],
  clipped: true,
  unknownResult: false,
  looksLikeSuccess: false,
  matches: [{ row: TRIAGE_ROWS_BY_ID.get("stdout-clipped")!, observation }],
});

const report = (step: TriagedSpan, reason: string): DebugReport => ({
  file: "run.jsonl",
  lint: { errors: 1, warnings: 0, shownErrors: [{ line: 3, rule: "invalid-hash", severity: "error", messageId: "notHex", message: `'x' is ${ESC}` }] },
  stoppedOnLint: false,
  steps: [{ span: step, outcome: "refused", reason }],
  others: [],
  spanNotFound: false,
});

test("plain ids and names print as they are", () => {
  const text = renderSummary(report(span("pytest", "abc123", "stdout clipped"), "not confirmed"), nextStep(report(span("pytest", "abc123", "x"), "r")));
  assert.match(text, /^ {2}run\.jsonl:3 span abc123 \(pytest\): stdout clipped\n {6}not rerun: not confirmed$/m);
});

test("control characters from the run file never reach the terminal, in any field", () => {
  const bad = report(span(`py${ESC}`, `id${ESC}`, `clipped${ESC}\nfake line`), `cwd ${ESC}`);
  const text = renderSummary(bad, nextStep(bad), `run${ESC}.jsonl`);
  assert.doesNotMatch(text, /\u001b/);
  assert.match(text, /\\u001b\[2J/);
  assert.doesNotMatch(text, /^fake line/m);
});

test("incomplete spans count the clipped and the unverifiable apart; a span named by --span that is neither is neither", () => {
  const clean = { ...span("ls", "c1", "not clipped"), clipped: false };
  const unknown = { ...span("make", "u1", "unverifiable: no result"), clipped: false, unknownResult: true };
  const counts = (steps: TriagedSpan[]): string => renderSummary({ ...report(steps[0]!, "r"), steps: steps.map((s) => ({ span: s, outcome: "refused" as const, reason: "r" })) }, nextStep(report(steps[0]!, "r"))).split("\n").find((line) => line.startsWith("incomplete spans:"))!;
  assert.equal(counts([clean]), "incomplete spans: 0 clipped");
  assert.equal(counts([span("pytest", "p1", "stdout clipped"), unknown]), "incomplete spans: 1 clipped, 1 unverifiable (the transcript cannot show the result)");
});
