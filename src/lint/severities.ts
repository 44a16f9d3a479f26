// Which rules run, at which severity: the defaults, then each set of overrides applied in turn, the last word winning.
import { RULES, RULES_BY_ID } from "./rules/index.js";
import type { SeveritySetting } from "./rule.js";
import { ToolspanError } from "../util/errors.js";

export type Severities = Record<string, SeveritySetting>;

export class SeverityError extends ToolspanError {}

/** An override naming no rule (RULES lists the rules). */
export class UnknownRule extends SeverityError {}

const SETTINGS: readonly SeveritySetting[] = ["off", "warning", "error"];

export function defaultSeverities(): Severities {
  return Object.fromEntries(RULES.map((rule) => [rule.id, rule.severity]));
}

/** Applies `overrides` (rule id to setting) onto `base`; names the source in the error for a bad id or setting. */
export function applySeverities(base: Severities, overrides: Record<string, unknown>, source: string): Severities {
  const result = { ...base };
  for (const [id, setting] of Object.entries(overrides)) {
    if (!RULES_BY_ID.has(id)) throw new UnknownRule(`${source}: unknown rule '${id}'`);
    if (!SETTINGS.includes(setting as SeveritySetting)) {
      throw new SeverityError(`${source}: rule '${id}' takes off, warning or error, got ${JSON.stringify(setting)}`);
    }
    result[id] = setting as SeveritySetting;
  }
  return result;
}
