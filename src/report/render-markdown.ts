// The report for an incident review or a pull request: a section per run file, in GitHub-flavoured markdown.
import { escapeControls } from "../formats/safe-text.js";
import { bytes, clippedLine, contractLine, FIRST_SPANS, settledText, notSpansLine, reportStanding, outcomesLine, TOP_TOOLS, unseenLine } from "./figures.js";
import { nextStepFor } from "../triage/next-step.js";
import type { RunReport } from "./report-file.js";
import { toolsByLoss } from "./tally.js";

// Text from a trace file goes into table cells and code spans: no control character, no pipe, no backtick, no
// markup that would turn into a link or an image.
const cell = (text: string): string => escapeControls(text).replace(/[\\|`*_[\]<>]/g, (c) => `\\${c}`);

export function renderMarkdown(report: RunReport): string {
  const { triage, tally } = report;
  const out = [
    `## ${cell(triage.file)}`,
    "",
    "| | |",
    "|---|---|",
    `| tool spans | ${tally.toolSpans} (of ${triage.lines} lines) |`,
    `| need action | ${tally.needAction}${settledText(report)} |`,
    `| clipped | ${cell(clippedLine(tally))} |`,
    `| never seen by the model | ${cell(unseenLine(tally))} |`,
  ];
  const largest = tally.largestClip;
  if (largest !== null) {
    out.push(`| largest clip | line ${largest.line}, ${cell(largest.tool ?? "?")} ${largest.stream}: kept ${largest.kept} of ${cell(bytes(largest.written))} |`);
  }
  out.push(`| outcomes | ${outcomesLine(tally)} |`, `| contract | ${cell(contractLine(tally))} |`);
  if (triage.notSpans > 0) out.push(`| not spans | ${notSpansLine(triage.notSpans)} |`);
  const tools = toolsByLoss(tally).slice(0, TOP_TOOLS);
  if (tools.length > 0) {
    out.push("", "| tool | spans | clipped | failed | bytes never seen |", "|---|---:|---:|---:|---:|");
    for (const tool of tools) out.push(`| ${cell(tool.tool)} | ${tool.spans} | ${tool.clipped} | ${tool.failed} | ${tool.unseen} |`);
  }
  const first = triage.spans.slice(0, FIRST_SPANS);
  if (first.length > 0) {
    out.push("", "First to look at:", "", "| line | tool | row | observed | first action |", "|---:|---|---|---|---|");
    for (const span of first) {
      const { row, observation } = span.matches[0]!;
      const reruns = (span.reruns ?? []).map((rerun) => `; rerun at line ${rerun.line}: ${rerun.verdict ?? "no verdict"}`).join("") + (span.settled ? "; settled" : "");
      out.push(`| ${span.line} | ${cell(span.isSpan ? (span.toolName ?? "?") : "not a span")} | ${row.id} | ${cell(observation + reruns)} | ${cell(row.firstAction)} |`);
    }
  }
  out.push("", `Next: ${cell(nextStepFor(reportStanding(report)).text)}`, "");
  return `${out.join("\n")}\n`;
}
