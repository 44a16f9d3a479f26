// What to do next, as data. About one span, the decision table's rows say what to do first (table.ts); here is
// what follows from them: whether the span asks for its rerun, which of its rows are still open, and the one step
// a whole run file ends on, for `toolspan report` (before anything is rerun) and `toolspan debug` (after).
import { grouped, plural } from "../formats/plural.js";
import type { TriageMatch } from "./match.js";
import type { TriagedSpan } from "./triage-line.js";

/** A row asks for a rerun, the argv can be run again, and the file holds no rerun that verified the streams:
 * triage then names the `toolspan rerun` command. */
export const asksForRerun = (span: TriagedSpan): boolean =>
  span.rerunnable && span.verifiedBy === undefined && span.matches.some((match) => match.row.rerun);

/** The rows of a span still to act on, most misleading first: never a row of advice, and no row a rerun answers
 * once a rerun has verified the span's streams (`rerunVerified`). */
export const openMatches = (span: TriagedSpan, rerunVerified: boolean): TriageMatch[] =>
  span.matches.filter((match) => !match.row.advice && !(rerunVerified && match.row.rerun));

/** What is known of one run file when asking what next. The report knows triage's counts; debug also knows how
 * its reruns ended, in the fields only it fills (left undefined by the report). */
export interface Standing {
  /** The file as the step's commands name it. */
  file: string;
  /** debug has rerun the clipped spans: the step speaks of what is left after that. */
  debugged: boolean;
  /** Tool spans in the file, where counted. */
  toolSpans?: number;
  /** Spans a verified rerun in the file settled. */
  settled: number;
  /** Spans with a row still open (see openMatches). */
  open: number;
  /** The most misleading open span's line and its first open row's action. */
  first?: { line: number; action: string };
  /** Lines that are not spans, counted apart from `open`. */
  notSpans: number;
  /** `--span` named an id no span has. */
  spanNotFound?: boolean;
  /** The contract errors that stopped the loop before any rerun. */
  stoppedOnLint?: number;
  /** Clipped spans not rerun (declined, refused, or stopped), and the first refused one with why. */
  notRerun?: number;
  refused?: { line: number; reason: string };
  /** The first rerun that did not finish, and why. */
  incomplete?: { line: number; why: string };
  /** The line of the first rerun whose streams differ from the recorded ones. */
  notReproduced?: number;
  /** The line of the first rerun with no hash to check it against. */
  unverifiable?: number;
}

/** Which step: for scripts and tests. */
export type NextStepId =
  | "span-not-found"
  | "fix-trace"
  | "rerun-remaining"
  | "rerun-incomplete"
  | "not-reproduced"
  | "unverifiable"
  | "need-action"
  | "other-spans"
  | "no-tool-spans"
  | "honest";

/** Where a reading of a run file ends, as an id (for scripts and tests) and a sentence (for people). */
export interface NextStep {
  id: NextStepId;
  text: string;
}

/** One step: when it applies, and what it says then. */
export interface NextStepRow {
  id: NextStepId;
  applies(standing: Standing): boolean;
  says(standing: Standing): string;
}

// Counts in these sentences are the report's figures: thousands separators.
const counted = (count: number, word: string): string => plural(count, word, grouped);

/** Every step, in the order the debug loop meets them: the first that applies is the next step. "Look at prompts
 * and policy" is said only when nothing is left clipped, unverified or otherwise open. */
export const NEXT_STEPS: readonly NextStepRow[] = [
  {
    id: "span-not-found",
    applies: (s) => s.spanNotFound === true,
    says: (s) => `no span in ${s.file} has that span_id: toolspan triage ${s.file} lists the spans that need action`,
  },
  {
    id: "fix-trace",
    applies: (s) => s.stoppedOnLint !== undefined,
    says: (s) =>
      `the trace breaks the contract (${counted(s.stoppedOnLint!, "lint error")}): treat its spans as incomplete and fix what wrote it ` +
      `(toolspan lint ${s.file} shows every finding); --keep-going reruns the clipped spans anyway`,
  },
  {
    id: "rerun-remaining",
    applies: (s) => (s.notRerun ?? 0) > 0,
    says: (s) =>
      s.refused
        ? `${counted(s.notRerun!, "clipped span")} not rerun (line ${s.refused.line}: ${s.refused.reason}); fix that, or rerun them one by one with toolspan rerun`
        : `${counted(s.notRerun!, "clipped span")} not rerun: run toolspan debug ${s.file} again and answer yes, or pass --yes`,
  },
  {
    id: "rerun-incomplete",
    applies: (s) => s.incomplete !== undefined,
    says: (s) =>
      `line ${s.incomplete!.line}: ${s.incomplete!.why}, so it verifies nothing; raise --timeout or --idle-timeout, or find what holds the pipe or stops it, then debug again`,
  },
  {
    id: "not-reproduced",
    applies: (s) => s.notReproduced !== undefined,
    says: (s) =>
      `the rerun of line ${s.notReproduced} did not reproduce the recorded stream: the tool's output depends on something that changed ` +
      `(time, state, the workspace); read the unseen bytes above, and make the run reproducible before trusting either`,
  },
  {
    id: "unverifiable",
    applies: (s) => s.unverifiable !== undefined,
    says: (s) =>
      `line ${s.unverifiable} has no hash to check the rerun against: the unseen bytes above are the rerun's, not proven the model's; ` +
      `wrap the tool with toolspan wrap so the next run can be verified`,
  },
  {
    id: "need-action",
    applies: (s) => !s.debugged && s.open + s.notSpans > 0,
    says: (s) => {
      const parts = [...(s.open > 0 ? [counted(s.open, "span")] : []), ...(s.notSpans > 0 ? [`${counted(s.notSpans, "line")} not a span`] : [])];
      return `${parts.join(" and ")} ${s.open + s.notSpans === 1 ? "needs" : "need"} action: toolspan triage ${s.file}, then toolspan debug ${s.file}`;
    },
  },
  {
    id: "other-spans",
    applies: (s) => s.debugged && s.open > 0,
    says: (s) => `${counted(s.open, "other span")} to act on (first, line ${s.first!.line}: ${s.first!.action}); toolspan triage ${s.file} lists them`,
  },
  {
    id: "no-tool-spans",
    applies: (s) => s.toolSpans === 0,
    says: () => "no tool spans: is this a run file? (`toolspan audit` reads agent transcripts)",
  },
  {
    id: "honest",
    applies: () => true,
    says: (s) =>
      s.debugged
        ? "the pipe is now honest: look at prompts and policy"
        : s.settled > 0
          ? "nothing left to do: every span that needed action was verified by a rerun in the file; look at prompts and policy"
          : "nothing needs action: every span is complete and consistent; look at prompts and policy",
  },
];

/** The first step of NEXT_STEPS that applies to what is known of the file. */
export function nextStepFor(standing: Standing): NextStep {
  const step = NEXT_STEPS.find((candidate) => candidate.applies(standing))!;
  return { id: step.id, text: step.says(standing) };
}
