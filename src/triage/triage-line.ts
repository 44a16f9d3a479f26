// Triage of one line: lint it, read its facts, keep a compact record only when a row applies.
import type { ActiveRule } from "../lint/lint-line.js";
import { lintLine } from "../lint/lint-line.js";
import type { Severity, SpanObject } from "../lint/rule.js";
import { spanFacts } from "./facts.js";
import { matchRows, spanLint, type TriageMatch } from "./match.js";
import { NOT_A_SPAN_RULE } from "./table.js";

/** A line that needs action: where it is, what ran, and the rows that apply. */
export interface TriagedSpan {
  line: number;
  /** False for a line that is not a JSON object (row `not-a-span`). */
  isSpan: boolean;
  spanId: string | null;
  toolName: string | null;
  argv: readonly string[] | null;
  /** Every lint rule with a finding on the line, sorted, each once. */
  lintRules: readonly string[];
  /** ok_preview true, or previews that show no failure: among equally misleading spans these come first. */
  looksLikeSuccess: boolean;
  /** Most misleading first; never empty. */
  matches: readonly TriageMatch[];
}

/** What one line turned out to be. */
export type LineKind = "blank-or-other" | "tool" | "not-a-span";

/** The lint rules triage runs: every span rule at its default severity. */
export interface TriageRules {
  rules: readonly ActiveRule[];
  invalidJson: Severity | "off";
}

/** Triages one line of a run file; never throws, whatever the text. */
export function triageLine(text: string, line: number, lint: TriageRules): { kind: LineKind; span: TriagedSpan | null } {
  const { findings, identity } = lintLine(text, line, lint.rules, lint.invalidJson);
  const notASpan = identity === null && findings.some((finding) => finding.rule === NOT_A_SPAN_RULE);
  if (identity === null && !notASpan) return { kind: "blank-or-other", span: null };
  // lintLine keeps its parse to itself; only tool spans are parsed a second time.
  const object: SpanObject = notASpan ? {} : (JSON.parse(text) as SpanObject);
  const facts = spanFacts(object);
  const sorted = spanLint(findings);
  const matches = matchRows(facts, sorted);
  const kind: LineKind = notASpan ? "not-a-span" : "tool";
  if (matches.length === 0) return { kind, span: null };
  return {
    kind,
    span: {
      line,
      isSpan: !notASpan,
      spanId: facts.spanId,
      toolName: facts.toolName,
      argv: facts.argv,
      lintRules: [...new Set([...sorted.errors, ...sorted.warnings])].sort(),
      looksLikeSuccess: facts.looksLikeSuccess,
      matches,
    },
  };
}
