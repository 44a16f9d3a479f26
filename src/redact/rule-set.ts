// The rules a run redacts with: the built-in ones, minus those turned off, plus patterns of the user's own
// (toolspan.config.json `redact`, kept beside the collector).
import { LinearRegExp } from "../formats/linear-pattern.js";
import { BUILTIN_RULES, type RedactRule } from "./rules.js";
import { ToolspanError } from "../util/errors.js";

/** The `redact` section of toolspan.config.json. */
export interface RedactConfig {
  /** More rules: `pattern` is a regular expression source that JavaScript and RE2 both accept (no lookahead, no
   * backreference); `flags` may add `i`, `m`, `s`, `u`. */
  patterns?: { id: string; pattern: string; flags?: string }[];
  /** Ids of built-in rules not to apply. */
  off?: string[];
  /** Replace secrets in the span's argv too (as `wrap --redact-argv`). */
  argv?: boolean;
}

/** A `redact` section that cannot be used; the message names what is wrong. */
export class RedactConfigError extends ToolspanError {}

// A quantified group that holds a quantifier, `(a+)+` or `(\w*x?){2,}`: the shape that backtracks exponentially.
const QUANTIFIER = /(?:[*+?]|\{\d+(?:,\d*)?\})/;

/** Whether a pattern source has a quantifier inside a quantified group: a catastrophic-backtracking risk on
 * JavaScript's engine. The built-in rules, which run there, are held to it; patterns of one's own run on RE2. The
 * check is syntactic (escapes and classes are skipped); it refuses some safe patterns and cannot see them all. */
export function hasNestedQuantifier(source: string): boolean {
  const open: boolean[] = []; // per open group: whether it holds a quantifier so far
  let quantifiedInside = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (char === "\\") {
      i++;
      continue;
    }
    if (char === "[") {
      for (i++; i < source.length && source[i] !== "]"; i++) if (source[i] === "\\") i++;
      continue;
    }
    if (char === "(") {
      open.push(false);
      if (source[i + 1] === "?") i++; // (?: (?= (?<name> …: the ? is not a quantifier
      continue;
    }
    if (char === ")") {
      quantifiedInside = open.pop() ?? false;
      const after = QUANTIFIER.exec(source.slice(i + 1, i + 12));
      if (quantifiedInside && after?.index === 0) return true;
      if (quantifiedInside && open.length > 0) open[open.length - 1] = true;
      continue;
    }
    if (QUANTIFIER.exec(source.slice(i, i + 12))?.index === 0 && open.length > 0) open[open.length - 1] = true;
  }
  return false;
}

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

function userRule(entry: unknown, index: number): RedactRule {
  const where = `redact.patterns[${index}]`;
  if (typeof entry !== "object" || entry === null) throw new RedactConfigError(`${where} must be an object {id, pattern, flags?}`);
  const { id, pattern, flags } = entry as Record<string, unknown>;
  if (typeof id !== "string" || !ID.test(id)) throw new RedactConfigError(`${where}.id must be a kebab-case id, got ${JSON.stringify(id)}`);
  if (typeof pattern !== "string" || pattern === "") throw new RedactConfigError(`${where}.pattern must be a non-empty string`);
  if (flags !== undefined && (typeof flags !== "string" || !/^[imsu]*$/.test(flags))) {
    throw new RedactConfigError(`${where}.flags may hold only i, m, s and u`);
  }
  // Matched by RE2, in time linear in the text whatever the pattern: `(a|a)*b` or `a*a*a*a*b` on a long run of
  // `a`s would otherwise hold the span back for as long as the backtracking takes.
  try {
    return { id, description: "from toolspan.config.json", pattern: new LinearRegExp(pattern, `${flags ?? ""}dg`) };
  } catch (error) {
    throw new RedactConfigError(`${where} (${id}): ${(error as Error).message}`);
  }
}

/** The built-in rules less `off`, then the user's `patterns`; throws RedactConfigError for an unknown id in
 * `off`, a duplicate id, or a pattern that JavaScript or RE2 does not compile. */
export function ruleSet(config: RedactConfig = {}): RedactRule[] {
  const off = config.off ?? [];
  if (!Array.isArray(off) || !off.every((id) => typeof id === "string")) throw new RedactConfigError("redact.off must be an array of rule ids");
  const known = new Set(BUILTIN_RULES.map((rule) => rule.id));
  for (const id of off) if (!known.has(id)) throw new RedactConfigError(`redact.off: no built-in rule '${id}' (${[...known].join(", ")})`);
  const patterns = config.patterns ?? [];
  if (!Array.isArray(patterns)) throw new RedactConfigError("redact.patterns must be an array");
  const rules: RedactRule[] = BUILTIN_RULES.filter((rule) => !off.includes(rule.id));
  for (const [index, entry] of patterns.entries()) {
    const rule = userRule(entry, index);
    if (rules.some((other) => other.id === rule.id) || known.has(rule.id)) throw new RedactConfigError(`redact.patterns: the id '${rule.id}' is taken`);
    rules.push(rule);
  }
  return rules;
}
