// What to do after the debug loop: what the loop learnt, put to the steps of src/triage/next-step.ts, which
// report asks too, so that the two agree on what is left.
import type { DebugReport } from "./debug-run.js";
import { nextStepFor, openMatches, type NextStep, type Standing } from "../triage/next-step.js";
import type { TriageMatch } from "../triage/match.js";
import type { TriagedSpan } from "../triage/triage-line.js";

// The spans with a row still open, most misleading first: the others, then the clipped spans, whose rows a rerun
// answers once it ran to a verdict (the verdicts that verify nothing have steps of their own, met first).
function openSpans(report: DebugReport): { span: TriagedSpan; rows: TriageMatch[] }[] {
  const open = [
    ...report.others.map((span) => ({ span, rows: openMatches(span, false) })),
    ...report.steps.map((step) => ({ span: step.span, rows: openMatches(step.span, step.outcome === "rerun" || step.outcome === "verified") })),
  ].filter((candidate) => candidate.rows.length > 0);
  return open.sort((a, b) => a.rows[0]!.row.misleading - b.rows[0]!.row.misleading);
}

/** What the loop knows for the next step: how each clipped span's rerun ended, and the spans still open. */
export function debugStanding(report: DebugReport, file: string = report.file): Standing {
  const notRun = report.steps.filter((step) => step.outcome !== "rerun" && step.outcome !== "verified");
  const refused = notRun.find((step) => step.outcome === "refused");
  const results = report.steps.flatMap((step) => (step.result ? [step.result] : []));
  const incomplete = results.find((result) => result.incomplete !== null);
  const open = openSpans(report);
  return {
    file,
    debugged: true,
    settled: 0,
    open: open.length,
    first: open[0] && { line: open[0].span.line, action: open[0].rows[0]!.row.firstAction },
    notSpans: 0,
    spanNotFound: report.spanNotFound,
    stoppedOnLint: report.stoppedOnLint ? report.lint.errors : undefined,
    notRerun: notRun.length,
    refused: refused && { line: refused.span.line, reason: String(refused.reason) },
    incomplete: incomplete && { line: incomplete.of.line, why: incomplete.incomplete! },
    notReproduced: results.find((result) => result.verdict === "differs")?.of.line,
    unverifiable: results.find((result) => result.verdict === "unverifiable")?.of.line,
  };
}

/** The line the debug summary ends on. */
export const nextStep = (report: DebugReport, file: string = report.file): NextStep => nextStepFor(debugStanding(report, file));
