// Triage for people: a block per span (where, what ran, each row's observation and actions), then a summary.
import { plural } from "../formats/plural.js";
import type { TriageResult } from "./triage-file.js";
import type { TriagedSpan } from "./triage-line.js";
import { escapeControls, rerunCommand, showArgv, showWord } from "../formats/safe-text.js";
import { asksForRerun } from "./next-step.js";

function header(file: string, span: TriagedSpan): string {
  const where = `${showWord(file)}:${span.line}`;
  return span.isSpan ? `${where} span ${showWord(span.spanId)} tool ${showWord(span.toolName)}` : `${where} not a span`;
}

/** One span's block, ending with a blank line. */
export function spanBlock(file: string, span: TriagedSpan): string {
  const lines = [header(file, span)];
  if (span.isSpan) lines.push(`  argv: ${showArgv(span.argv)}`);
  for (const rerun of span.reruns ?? []) lines.push(`  rerun: ${showWord(file)}:${rerun.line} ${rerun.verdict === null ? "(no verdict)" : escapeControls(rerun.verdict)}`);
  if (span.verifiedBy) lines.push(`  verified: by the rerun at ${showWord(file)}:${span.verifiedBy.line} (${escapeControls(span.verifiedBy.verdict)})${span.settled ? ": settled, nothing left to do" : ""}`);
  for (const { row, observation } of span.matches) {
    lines.push(`  ${row.id}`, `    observed:  ${escapeControls(observation)}`, `    first:     ${row.firstAction}`, `    not first: ${row.notFirst}`);
  }
  if (asksForRerun(span)) lines.push(`  next: ${rerunCommand(file, span.line)}`);
  return `${lines.join("\n")}\n\n`;
}

/** The last line: how many spans need action, how many lines are not spans, out of how many. */
export function summaryLine(result: TriageResult): string {
  const spans = result.spans.filter((span) => span.isSpan).length - result.settled;
  const others = result.spans.filter((span) => !span.isSpan).length;
  const parts = [
    ...(spans > 0 ? [`${plural(spans, "span")} need${spans === 1 ? "s" : ""} action`] : []),
    ...(result.settled > 0 ? [`${plural(result.settled, "span")} settled by a verified rerun`] : []),
    ...(others > 0 ? [`${plural(others, "line")} ${others === 1 ? "is not a span" : "are not spans"}`] : []),
  ];
  const what = parts.length === 0 ? "nothing needs action" : parts.join(", ");
  return `${what} in ${showWord(result.file)} (${plural(result.lines, "line")}, ${plural(result.toolSpans, "tool span")})\n`;
}

// The text format, piece by piece, so a large triage is written with backpressure.
export function* renderText(result: TriageResult): Iterable<string> {
  for (const span of result.spans) yield spanBlock(result.file, span);
  yield summaryLine(result);
}
