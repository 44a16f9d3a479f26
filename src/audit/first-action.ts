// The first action for a converted span, read from the decision table (src/triage/table.ts): audit keeps no
// copy of the table.
import { lintLine } from "../lint/lint-line.js";
import { RULE_IDS } from "../lint/rule-ids.js";
import type { SpanObject } from "../contract/span-fields.js";
import { spanFacts } from "../triage/facts.js";
import { matchRows, spanLint } from "../triage/match.js";
import { triageRules } from "../triage/triage-file.js";
import type { AuditSpan } from "./to-span.js";

/** The table's row for a span and what it says to do. */
export interface FirstAction {
  row: string;
  action: string;
  notFirst: string;
}

// What a clipped transcript result cannot state (its byte count, its cap, its head and tail hashes) lints as
// errors; they restate the clip audit already reports, so the table is asked about the clip itself.
const UNKNOWNS_OF_A_CLIP: readonly string[] = [RULE_IDS.invalidType, RULE_IDS.flagUnderCap, RULE_IDS.clippedWithoutPartialHashes];
// The harness's own marker is the clip being reported, not a second cap inside the command.
const OWN_MARKER: readonly string[] = [...UNKNOWNS_OF_A_CLIP, RULE_IDS.possibleSecondCap];

let rules: ReturnType<typeof triageRules> | undefined;

/** The most misleading row that applies to `span`, or null where none does; `ownMarker`: the clip evidence is
 * the transcript's own harness's marker. */
export function firstAction(span: AuditSpan, ownMarker: boolean): FirstAction | null {
  rules ??= triageRules();
  const { findings } = lintLine(JSON.stringify(span), 1, rules.rules, rules.invalidJson);
  const restated = span.clip_evidence === null ? [] : ownMarker ? OWN_MARKER : UNKNOWNS_OF_A_CLIP;
  const relevant = findings.filter((finding) => !restated.includes(finding.rule));
  // A command kept as one string is shown to the table as the shell line it was, so a test run is recognised;
  // the span written to --out keeps no argv it did not record.
  const command = span.source.command;
  const asRun: SpanObject = { ...span, argv: span.argv ?? (command !== undefined ? ["sh", "-c", command] : undefined) };
  const [match] = matchRows(spanFacts(asRun), spanLint(relevant));
  return match ? { row: match.row.id, action: match.row.firstAction, notFirst: match.row.notFirst } : null;
}
