// The span rules a run lints with: every rule but the file-level ones and invalid-json (which the reader's items
// answer), at the severity configuration gives it.
import type { ActiveRule } from "./lint-span.js";
import { isFileRule, type Severity, type SpanRule } from "./rule.js";
import { RULE_IDS } from "./rule-ids.js";
import { RULES } from "./rules/index.js";
import type { Severities } from "./severities.js";

/** The span rules that are on, with their configured severities, and invalid-json's severity. */
export function activeSpanRules(severities: Severities): { rules: ActiveRule[]; invalidJson: Severity | "off" } {
  const rules: ActiveRule[] = [];
  for (const rule of RULES) {
    const severity = severities[rule.id] ?? rule.severity;
    if (isFileRule(rule) || rule.id === RULE_IDS.invalidJson || severity === "off") continue;
    rules.push({ rule: rule as SpanRule, severity });
  }
  return { rules, invalidJson: severities[RULE_IDS.invalidJson] ?? "error" };
}
