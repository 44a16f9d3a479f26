// What to do after the debug loop: the first thing still wrong, in the order the article's loop would meet it.
// "Look at prompts and policy" is said only when nothing remains clipped, unverified or otherwise suspect.
import type { DebugReport } from "./debug-run.js";
import { plural } from "../formats/plural.js";
import { ROW_IDS } from "../triage/row-ids.js";

/** Rows that tell how to read a span rather than that something is wrong with it. */
const ADVICE_ONLY_ROWS: ReadonlySet<string> = new Set([ROW_IDS.binaryHashesOnly]);

/** Where the loop ended, as an id (for scripts and tests) and a sentence (for people). */
export interface NextStep {
  id: "fix-trace" | "span-not-found" | "rerun-remaining" | "rerun-incomplete" | "not-reproduced" | "unverifiable" | "other-spans" | "honest";
  text: string;
}

export function nextStep(report: DebugReport, file: string = report.file): NextStep {
  if (report.spanNotFound) return { id: "span-not-found", text: `no span in ${file} has that span_id: toolspan triage ${file} lists the spans that need action` };
  if (report.stoppedOnLint) {
    return {
      id: "fix-trace",
      text:
        `the trace breaks the contract (${plural(report.lint.errors, "lint error")}): treat its spans as incomplete and fix what wrote it ` +
        `(toolspan lint ${file} shows every finding); --keep-going reruns the clipped spans anyway`,
    };
  }
  const notRun = report.steps.filter((step) => step.outcome !== "rerun" && step.outcome !== "verified");
  if (notRun.length > 0) {
    const refused = notRun.filter((step) => step.outcome === "refused");
    return {
      id: "rerun-remaining",
      text:
        refused.length > 0
          ? `${plural(notRun.length, "clipped span")} not rerun (line ${refused[0]!.span.line}: ${refused[0]!.reason}); fix that, or rerun them one by one with toolspan rerun`
          : `${plural(notRun.length, "clipped span")} not rerun: run toolspan debug ${file} again and answer yes, or pass --yes`,
    };
  }
  const results = report.steps.flatMap((step) => (step.result ? [step.result] : []));
  const incomplete = results.find((r) => r.incomplete !== null);
  if (incomplete) {
    return {
      id: "rerun-incomplete",
      text: `line ${incomplete.of.line}: ${incomplete.incomplete}, so it verifies nothing; raise --timeout or --idle-timeout, or find what holds the pipe or stops it, then debug again`,
    };
  }
  const differs = results.find((r) => r.verdict === "differs");
  if (differs) {
    return {
      id: "not-reproduced",
      text:
        `the rerun of line ${differs.of.line} did not reproduce the recorded stream: the tool's output depends on something that changed ` +
        `(time, state, the workspace); read the unseen bytes above, and make the run reproducible before trusting either`,
    };
  }
  const unverifiable = results.find((r) => r.verdict === "unverifiable");
  if (unverifiable) {
    return {
      id: "unverifiable",
      text:
        `line ${unverifiable.of.line} has no hash to check the rerun against: the unseen bytes above are the rerun's, not proven the model's; ` +
        `wrap the tool with toolspan wrap so the next run can be verified`,
    };
  }
  const others = report.others.filter((span) => span.matches.some((match) => !ADVICE_ONLY_ROWS.has(match.row.id)));
  if (others.length > 0) {
    const first = others[0]!.matches.find((match) => !ADVICE_ONLY_ROWS.has(match.row.id))!;
    return {
      id: "other-spans",
      text: `${plural(others.length, "other span")} to act on (first, line ${others[0]!.line}: ${first.row.firstAction}); toolspan triage ${file} lists them`,
    };
  }
  return { id: "honest", text: "the pipe is now honest: look at prompts and policy" };
}
