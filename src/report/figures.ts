// The report's figures in words, shared by the text and markdown forms.
import { grouped, plural } from "../formats/plural.js";
import { escapeControls, shellQuote } from "../formats/safe-text.js";
import type { Standing } from "../triage/next-step.js";
import type { RunReport } from "./report-file.js";
import type { RunTally } from "./tally.js";

/** Spans shown under "first to look at": the most misleading few; `toolspan triage` lists them all. */
export const FIRST_SPANS = 5;
/** Tools shown, most bytes lost first. */
export const TOP_TOOLS = 10;

/** Exact bytes, with a decimal size when large: `24,118 bytes (24.1 kB)`. */
export function bytes(value: number): string {
  const exact = plural(value, "byte", grouped);
  if (value < 10_000) return exact;
  const [size, unit] = value >= 1e9 ? [value / 1e9, "GB"] : value >= 1e6 ? [value / 1e6, "MB"] : [value / 1e3, "kB"];
  return `${exact} (${size.toFixed(1)} ${unit})`;
}

/** `invalid-hash ×2, missing-field ×1`, most frequent first. */
export function ruleCounts(counts: ReadonlyMap<string, number>): string {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([rule, spans]) => `${rule} ×${grouped(spans)}`).join(", ");
}

export function clippedLine(tally: RunTally): string {
  const { stdout, stderr } = tally.streams;
  const looked = tally.clippedLookingLikeSuccess > 0 ? `, ${grouped(tally.clippedLookingLikeSuccess)} of them looked like success` : "";
  return `${plural(tally.clipped, "span", grouped)} (stdout ${grouped(stdout.clipped)}, stderr ${grouped(stderr.clipped)})${looked}`;
}

export function unseenLine(tally: RunTally): string {
  const { stdout, stderr } = tally.streams;
  const written = stdout.written + stderr.written;
  const unknown = stdout.clippedOfUnknownSize + stderr.clippedOfUnknownSize;
  const unknownNote = unknown > 0 ? `; ${plural(unknown, "clipped stream", grouped)} of unknown size not counted` : "";
  return `${bytes(stdout.unseen + stderr.unseen)} of ${bytes(written)} written (stdout ${grouped(stdout.unseen)}, stderr ${grouped(stderr.unseen)})${unknownNote}`;
}

export const notSpansLine = (lines: number): string =>
  `${plural(lines, "line", grouped)} that ${lines === 1 ? "is not a JSON object" : "are not JSON objects"}`;

export function outcomesLine(tally: RunTally): string {
  return [
    `${grouped(tally.failed)} failed`,
    `${grouped(tally.timedOut)} timed out`,
    `${grouped(tally.stalled)} stalled`,
    `${grouped(tally.killedBySignal)} killed by a signal`,
    `${grouped(tally.neverStarted)} never started`,
    // Only transcript spans can be unverifiable: a wrap run's report keeps its line as it was.
    ...(tally.unverifiable > 0 ? [`${grouped(tally.unverifiable)} unverifiable (the transcript cannot show the result)`] : []),
  ].join(", ");
}

export function contractLine(tally: RunTally): string {
  const errors = tally.errors.size > 0 ? `${plural(tally.spansWithErrors, "span", grouped)} with errors: ${ruleCounts(tally.errors)}` : "no errors";
  const warnings = tally.warnings.size > 0 ? `; warnings: ${ruleCounts(tally.warnings)}` : "";
  return `${errors}${warnings}`;
}

/** `""`, or ` (2 settled by a verified rerun)` when reruns in the file verified some of the spans that need action. */
export const settledText = (report: RunReport): string =>
  report.triage.settled > 0 ? ` (${grouped(report.triage.settled)} settled by a verified rerun)` : "";

/** What the report knows of its file for the next step: triage's counts, before anything is rerun. */
export function reportStanding(report: RunReport): Standing {
  const { triage, tally } = report;
  return {
    file: escapeControls(shellQuote(triage.file)),
    debugged: false,
    toolSpans: tally.toolSpans,
    settled: triage.settled,
    open: tally.needAction - triage.settled,
    notSpans: triage.notSpans,
  };
}
