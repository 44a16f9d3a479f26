// The debug loop of "Tool Previews Lie" over one run file: lint it, stop on contract errors, find the clipped spans, and rerun
// each with no cap (once the caller's consent says so), verifying and reading back what the model never saw.
// Output goes through the caller's callbacks, so the CLI prints each step as it happens.
import { emitRange, fileCheckers } from "../lint/file-rules.js";
import type { Finding } from "../lint/finding.js";
import type { LintSink } from "../lint/lint-span.js";
import { defaultSeverities } from "../lint/severities.js";
import { assertRunnable } from "../rerun/consent.js";
import { LineLocator, type LocatedSpan } from "../rerun/locate-span.js";
import { RerunRefused } from "../rerun/rerun-refused.js";
import { rerunSpan, type RerunOptions, type RerunResult } from "../rerun/rerun-span.js";
import { triageFile, type TriageResult } from "../triage/triage-file.js";
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
  /** The library option `reason` names (`spanId`), for a CLI to show as its flag. */
  option?: string;
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

// Lint's counts, from the span-rule findings triage makes of each item and the file-level rules run over them:
// the findings come in the order toolspan lint gives them (a line's span findings, then its file findings).
class LintCounts {
  readonly counts: DebugReport["lint"] = { errors: 0, warnings: 0, shownErrors: [] };
  private readonly checkers = fileCheckers(defaultSeverities());
  /** The current line's results, handed on once the line is done (an OTLP line's spans are many items). */
  private line: { number: number; sink: LintSink } | null = null;

  add(line: number, sink: LintSink): void {
    if (this.line?.number !== line) {
      this.flush();
      this.line = { number: line, sink: { findings: [], identities: [] } };
    }
    this.line.sink.findings.push(...sink.findings);
    this.line.sink.identities.push(...sink.identities);
  }

  flush(): void {
    if (this.line === null) return;
    emitRange(this.line.sink, 0, this.checkers, (finding) => this.count(finding));
    this.line = null;
  }

  private count(finding: Finding): void {
    if (finding.severity === "warning") {
      this.counts.warnings++;
      return;
    }
    this.counts.errors++;
    if (this.counts.shownErrors.length < SHOWN_LINT_ERRORS) this.counts.shownErrors.push(finding);
  }
}

// The spans the loop reruns: the model saw part of the result, or a transcript cannot show what it saw.
const incomplete = (span: TriagedSpan): boolean => span.clipped || span.unknownResult;

// One read of the file gives everything the loop needs: lint's counts, the triage rows, and the spans a rerun
// would run (those clipped or of a result unknown, or the ones `spanId` names). Once contract errors are sure to
// stop the loop, those spans are no longer held: only the spans about to be rerun cost memory.
async function readRun(path: string, options: DebugOptions): Promise<{ lint: DebugReport["lint"]; triage: TriageResult; found: Map<number, LocatedSpan | RerunRefused> }> {
  const lint = new LintCounts();
  let locator: LineLocator | null = new LineLocator(path);
  const triage = await triageFile(path, {
    named: options.spanId,
    onItem: (item, { lint: sink, span }) => {
      if (sink.findings.length > 0 || sink.identities.length > 0) lint.add(item.line, sink);
      if (lint.counts.errors > 0 && !options.keepGoing) locator = null;
      if (locator === null) return;
      if (span !== null && (options.spanId === undefined ? incomplete(span) : span.spanId === options.spanId)) locator.want(item.line);
      locator.add(item);
    },
    onDocument: ({ parsed }) => locator?.document(parsed),
  });
  lint.flush();
  return { lint: lint.counts, triage, found: (locator as LineLocator | null)?.results(triage.lines) ?? new Map() };
}

async function runStep(span: TriagedSpan, found: LocatedSpan | RerunRefused, options: DebugOptions): Promise<DebugStep> {
  let of: LocatedSpan;
  try {
    if (found instanceof RerunRefused) throw found;
    of = found;
    await assertRunnable(of);
  } catch (error) {
    if (error instanceof RerunRefused) return { span, outcome: "refused", reason: error.message, ...(error.option === undefined ? {} : { option: error.option }) };
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
  const { lint, triage, found } = await readRun(path, options);
  const report: DebugReport = { file: path, lint, stoppedOnLint: false, steps: [], others: [], spanNotFound: false };
  let selected: TriagedSpan[];
  if (options.spanId !== undefined) {
    selected = triage.spans.filter((span) => span.spanId === options.spanId);
    if (selected.length === 0) {
      // A span that needs no action is not among the rows; asked for by id, it is rerun all the same, when exactly
      // one tool span has the id.
      const named = triage.named ?? [];
      if (named.length !== 1) {
        report.spanNotFound = true;
        return report;
      }
      selected = named;
    }
  } else {
    selected = triage.spans.filter(incomplete);
    report.others = triage.spans.filter((span) => !incomplete(span) && span.settled !== true);
  }
  if (lint.errors > 0 && !options.keepGoing) {
    report.stoppedOnLint = true;
    report.steps = selected.map((span) => ({ span, outcome: "stopped", reason: "the file has contract errors" }));
    return report;
  }
  for (const span of selected) {
    // A span asked for by id is rerun whatever the file holds; the others are not rerun again once verified.
    const verified = options.spanId === undefined ? span.verifiedBy : undefined;
    report.steps.push(verified ? { span, outcome: "verified", reason: `verified by the rerun at line ${verified.line} (${verified.verdict})` } : await runStep(span, found.get(span.line)!, options));
  }
  return report;
}
