// The debug loop of "Tool Previews Lie" over one run file: lint it, stop on contract errors, find the clipped spans, and rerun
// each with no cap (once the caller's consent says so), verifying and reading back what the model never saw.
// Output goes through the caller's callbacks, so the CLI prints each step as it happens.
import { lintFiles } from "../lint/lint-files.js";
import type { Finding } from "../lint/lint-line.js";
import { defaultSeverities } from "../lint/severities.js";
import { argvRedactions } from "../contract/span-fields.js";
import { assertRunnable } from "../rerun/consent.js";
import { locateLines, locateSpan, type LocatedSpan } from "../rerun/locate-span.js";
import { RerunRefused } from "../rerun/rerun-refused.js";
import { rerunSpan, type RerunOptions, type RerunResult } from "../rerun/rerun-span.js";
import { UnreadableInput } from "../formats/jsonl-lines.js";
import { triageFile } from "../triage/triage-file.js";
import type { TriagedSpan } from "../triage/triage-line.js";

/** Lint errors shown in the report; the rest are counted (`toolspan lint` prints them all). */
export const SHOWN_LINT_ERRORS = 20;

export interface DebugOptions {
  /** Only this span (by `span_id`), clipped or not. */
  spanId?: string;
  /** Rerun the clipped spans even when the file has contract errors. */
  keepGoing?: boolean;
  /** Asked before each rerun, after `onPlan`; nothing runs unless it resolves to true. */
  consent: (of: LocatedSpan) => Promise<boolean>;
  /** How each rerun runs (the preview diff is always made). */
  rerun?: Omit<RerunOptions, "confirmed" | "diff">;
  /** A span is about to be rerun: what will run, before consent is asked. */
  onPlan?: (of: LocatedSpan) => void | Promise<void>;
  /** A rerun finished. */
  onRerun?: (result: RerunResult) => void | Promise<void>;
}

/** One clipped span and what became of it. */
export interface DebugStep {
  span: TriagedSpan;
  /** `rerun`: it ran; `declined`: consent was not given; `refused`: it could not run (a bad span, a missing cwd);
   * `stopped`: not tried, contract errors stopped the loop first; `verified`: not run again, the file already holds
   * a rerun of it that verified its streams (`span.verifiedBy`). */
  outcome: "rerun" | "declined" | "refused" | "stopped" | "verified";
  result?: RerunResult;
  /** Why it did not run. */
  reason?: string;
}

export interface DebugReport {
  file: string;
  lint: { errors: number; warnings: number; shownErrors: Finding[] };
  /** True when contract errors stopped the loop before any rerun. */
  stoppedOnLint: boolean;
  /** The clipped spans (or the one `spanId` names), most misleading first, each with its outcome. */
  steps: DebugStep[];
  /** Spans that need action for another reason than a clip (an empty stream, a second cap, a stall, …). */
  others: TriagedSpan[];
  /** `spanId` was given and no span has it. */
  spanNotFound: boolean;
}

async function lintCounts(path: string): Promise<DebugReport["lint"]> {
  const lint: DebugReport["lint"] = { errors: 0, warnings: 0, shownErrors: [] };
  let unreadable: string | null = null;
  await lintFiles([path], {
    severities: defaultSeverities(),
    workers: 0,
    onFinding: (_file, finding) => {
      if (finding.severity === "warning") {
        lint.warnings++;
        return;
      }
      lint.errors++;
      if (lint.shownErrors.length < SHOWN_LINT_ERRORS) lint.shownErrors.push(finding);
    },
    onUnreadable: (_file, reason) => {
      unreadable = reason;
    },
  });
  if (unreadable !== null) throw new UnreadableInput(path, unreadable);
  return lint;
}

async function runStep(span: TriagedSpan, found: LocatedSpan | RerunRefused, options: DebugOptions): Promise<DebugStep> {
  let of: LocatedSpan;
  try {
    if (found instanceof RerunRefused) throw found;
    of = found;
    await assertRunnable(of);
  } catch (error) {
    if (error instanceof RerunRefused) return { span, outcome: "refused", reason: error.message };
    throw error;
  }
  await options.onPlan?.(of);
  if (!(await options.consent(of))) return { span, outcome: "declined", reason: "not confirmed" };
  const result = await rerunSpan(of, { ...options.rerun, confirmed: true, diff: true });
  await options.onRerun?.(result);
  return { span, outcome: "rerun", result };
}

/** Runs the loop on `path`; rejects with UnreadableInput when the file cannot be read. */
export async function debugRun(path: string, options: DebugOptions): Promise<DebugReport> {
  const lint = await lintCounts(path);
  const report: DebugReport = { file: path, lint, stoppedOnLint: false, steps: [], others: [], spanNotFound: false };
  const triage = await triageFile(path);
  let selected: TriagedSpan[];
  if (options.spanId !== undefined) {
    selected = triage.spans.filter((span) => span.spanId === options.spanId);
    if (selected.length === 0) {
      // A span that needs no action is not in the triage; it may still be rerun when asked for by id.
      const located = await locateSpan({ path, spanId: options.spanId }).catch((error: unknown) => {
        if (error instanceof RerunRefused) return null;
        throw error;
      });
      if (located === null) {
        report.spanNotFound = true;
        return report;
      }
      const toolName = typeof located.span.tool_name === "string" ? located.span.tool_name : null;
      selected = [{ line: located.line, isSpan: true, spanId: options.spanId, toolName, argv: located.argv, rerunnable: argvRedactions(located.span) === 0, lintRules: [], clipped: false, looksLikeSuccess: false, matches: [] }];
    }
  } else {
    selected = triage.spans.filter((span) => span.clipped);
    report.others = triage.spans.filter((span) => !span.clipped && span.settled !== true);
  }
  if (lint.errors > 0 && !options.keepGoing) {
    report.stoppedOnLint = true;
    report.steps = selected.map((span) => ({ span, outcome: "stopped", reason: "the file has contract errors" }));
    return report;
  }
  // Every selected span is found in one read of the file, not a read each.
  const found = await locateLines(path, selected.map((span) => span.line));
  for (const span of selected) {
    // A span asked for by id is rerun whatever the file holds; the others are not rerun again once verified.
    const verified = options.spanId === undefined ? span.verifiedBy : undefined;
    report.steps.push(verified ? { span, outcome: "verified", reason: `verified by the rerun at line ${verified.line} (${verified.verdict})` } : await runStep(span, found.get(span.line)!, options));
  }
  return report;
}
