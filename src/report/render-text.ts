// The report for people: one block of figures per run file, the few spans to look at first, and the next step.
import { escapeControls, showWord } from "../formats/safe-text.js";
import { grouped, plural } from "../formats/plural.js";
import { bytes, clippedLine, contractLine, FIRST_SPANS, settledText, notSpansLine, reportStanding, outcomesLine, TOP_TOOLS, unseenLine } from "./figures.js";
import { nextStepFor } from "../triage/next-step.js";
import type { RunReport } from "./report-file.js";
import { toolsByLoss } from "./tally.js";

export function renderText(report: RunReport): string {
  const { triage, tally } = report;
  const file = showWord(triage.file);
  const lines = [
    `${file}: ${plural(tally.toolSpans, "tool span", grouped)} in ${plural(triage.lines, "line", grouped)}, ${grouped(tally.needAction)} need action${settledText(report)}`,
    `  clipped:      ${clippedLine(tally)}`,
    `  never seen:   ${unseenLine(tally)}`,
  ];
  const largest = tally.largestClip;
  if (largest !== null) {
    lines.push(`  largest clip: ${file}:${largest.line} ${showWord(largest.tool)} ${largest.stream}: kept ${grouped(largest.kept)} of ${bytes(largest.written)}`);
  }
  lines.push(`  outcomes:     ${outcomesLine(tally)}`, `  contract:     ${contractLine(tally)}`);
  if (triage.notSpans > 0) lines.push(`  not spans:    ${notSpansLine(triage.notSpans)}`);
  const tools = toolsByLoss(tally).slice(0, TOP_TOOLS);
  if (tools.length > 0) {
    lines.push(`  tools, most bytes lost first${tally.tools.size > tools.length ? ` (${tools.length} of ${tally.tools.size})` : ""}:`);
    for (const tool of tools) {
      lines.push(`    ${escapeControls(tool.tool)}: ${plural(tool.spans, "span", grouped)}, ${grouped(tool.clipped)} clipped, ${grouped(tool.failed)} failed, ${bytes(tool.unseen)} never seen`);
    }
  }
  const first = triage.spans.slice(0, FIRST_SPANS);
  if (first.length > 0) {
    lines.push(`  first to look at${triage.flagged > first.length ? ` (${first.length} of ${triage.flagged})` : ""}:`);
    for (const span of first) {
      const { row, observation } = span.matches[0]!;
      const what = span.isSpan ? showWord(span.toolName) : "not a span";
      lines.push(`    ${file}:${span.line} ${what} ${row.id}: ${escapeControls(observation)}`, `      first: ${row.firstAction}`);
      for (const rerun of span.reruns ?? []) lines.push(`      rerun: ${file}:${rerun.line} ${escapeControls(rerun.verdict ?? "(no verdict)")}`);
      if (span.settled) lines.push(`      settled: verified by the rerun at ${file}:${span.verifiedBy!.line}`);
    }
  }
  lines.push(`  next: ${nextStepFor(reportStanding(report)).text}`);
  return `${lines.join("\n")}\n`;
}
