// toolspan.config.json, read once for every command that has settings in it (lint's `rules`, wrap's `redact`
// and `preview`): one reader, one set of messages.
import { readFileSync } from "node:fs";
import { RedactConfigError, ruleSet, type RedactConfig } from "../redact/rule-set.js";
import type { RedactRule } from "../redact/rules.js";
import { UsageError } from "./usage-error.js";

/** The file read from the current folder when no `--config FILE` names another. */
export const CONFIG_FILE = "toolspan.config.json";

/** A config file as read: its object and the name messages give it. */
export interface ConfigFile {
  path: string;
  config: Record<string, unknown> | null;
}

/** Reads `--config FILE` (which must exist) or ./toolspan.config.json (which may not); a file that is not a JSON
 * object is a usage error naming it. */
export function readConfigFile(explicit: string | undefined): ConfigFile {
  const path = explicit ?? CONFIG_FILE;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (explicit === undefined && (error as NodeJS.ErrnoException).code === "ENOENT") return { path, config: null };
    const named = explicit !== undefined ? `--config ${path}` : path;
    throw new UsageError(`${named}: cannot read (${(error as NodeJS.ErrnoException).code})`);
  }
  try {
    const config = JSON.parse(text) as unknown;
    if (typeof config !== "object" || config === null || Array.isArray(config)) throw new Error("not a JSON object");
    return { path, config: config as Record<string, unknown> };
  } catch (error) {
    throw new UsageError(`${path}: ${(error as Error).message}`);
  }
}

/** The config's `redact` section as a rule set (the built-ins when there is none), and whether `preview` is on. */
export function redactionSettings(file: ConfigFile): { rules: RedactRule[]; preview: boolean; argv: boolean } {
  const { redact, preview } = file.config ?? {};
  if (preview !== undefined && typeof preview !== "boolean") throw new UsageError(`${file.path}: "preview" must be true or false`);
  if (redact !== undefined && (typeof redact !== "object" || redact === null || Array.isArray(redact))) {
    throw new UsageError(`${file.path}: "redact" must be an object {patterns, off, argv}`);
  }
  const argv = (redact as { argv?: unknown } | undefined)?.argv;
  if (argv !== undefined && typeof argv !== "boolean") throw new UsageError(`${file.path}: "redact.argv" must be true or false`);
  try {
    return { rules: ruleSet(redact as RedactConfig | undefined), preview: preview !== false, argv: argv === true };
  } catch (error) {
    if (error instanceof RedactConfigError) throw new UsageError(`${file.path}: ${error.message}`);
    throw error;
  }
}
