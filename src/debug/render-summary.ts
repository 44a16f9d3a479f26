// The debug loop's closing summary: what lint said, which spans were incomplete, what each rerun proved, what next.
import { escapeControls, showWord, jsonText } from "../formats/safe-text.js";
import type { DebugReport, DebugStep } from "./debug-run.js";
import type { NextStep } from "../triage/next-step.js";
import { plural } from "../formats/plural.js";

// A match once normalised is as verified as a byte-for-byte one: say so, so no one takes it for a failure.
const verdictText = (verdict: string): string =>
  verdict === "identical-normalized" ? "identical-normalized (verified: the same streams once times, durations and the like are normalised)" : verdict;

function stepLine(file: string, step: DebugStep): string {
  const { span } = step;
  // Ids, names, observations and reasons come from the run file: no control character reaches the terminal.
  const where = `${file}:${span.line} span ${span.spanId === null ? "(no id)" : showWord(span.spanId)}${span.toolName ? ` (${showWord(span.toolName)})` : ""}`;
  const observed = escapeControls(span.matches[0]?.observation ?? "not clipped");
  if (step.outcome === "verified") return `  ${where}: ${observed}\n      not rerun again: ${escapeControls(String(step.reason))}`;
  if (step.outcome !== "rerun") return `  ${where}: ${observed}\n      not rerun: ${escapeControls(String(step.reason))}`;
  const result = step.result!;
  const old = result.of.span.returncode;
  const ended = [`returncode ${result.span.returncode} (was ${old === undefined ? "not recorded" : jsonText(old)})`];
  if (result.span.timed_out) ended.push("timed out");
  if (result.span.stalled) ended.push("stalled");
  const unseen = result.unseen.reduce((sum, u) => sum + u.ranges.reduce((n, r) => n + r.end - r.start, 0), 0);
  return `  ${where}: ${observed}\n      rerun ${result.span.span_id}: ${verdictText(result.verdict)}; ${ended.join(", ")}; ${unseen} bytes the model never saw, shown above`;
}

export function renderSummary(report: DebugReport, next: NextStep, path: string = report.file): string {
  const file = escapeControls(path);
  const lines = [`== summary of ${file}`, `lint: ${plural(report.lint.errors, "error")}, ${plural(report.lint.warnings, "warning")}`];
  for (const finding of report.lint.shownErrors) lines.push(`  ${file}:${finding.line}: ${finding.rule} ${escapeControls(finding.message)}`);
  if (report.lint.errors > report.lint.shownErrors.length) {
    lines.push(`  … ${report.lint.errors - report.lint.shownErrors.length} more: toolspan lint ${file}`);
  }
  if (!report.spanNotFound) {
    const clipped = report.steps.filter((step) => step.span.clipped).length;
    const unknown = report.steps.filter((step) => step.span.unknownResult && !step.span.clipped).length;
    const unknownText = unknown > 0 ? `, ${unknown} unverifiable (the transcript cannot show the result)` : "";
    lines.push(report.steps.length === 0 ? "incomplete spans: none (no stream was clipped)" : `incomplete spans: ${clipped} clipped${unknownText}`);
    for (const step of report.steps) lines.push(stepLine(file, step));
    if (report.others.length > 0) lines.push(`other spans that need action: ${report.others.length} (toolspan triage ${file})`);
  }
  lines.push(`next: ${escapeControls(next.text)}`);
  return `${lines.join("\n")}\n`;
}
