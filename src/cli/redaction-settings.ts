// toolspan.config.json's `redact` and `preview` settings as wrap and audit use them: its own module, so a command
// that reads only other sections (lint's `rules`) does not load the redaction rules with the config file.
import { RedactConfigError, ruleSet, type RedactConfig } from "../redact/rule-set.js";
import type { RedactRule } from "../redact/rules.js";
import { ConfigFileError, type ConfigFile } from "./config-file.js";

/** The config's `redact` section as a rule set (the built-ins when there is none), and whether `preview` is on. */
export function redactionSettings(file: ConfigFile): { rules: RedactRule[]; preview: boolean; argv: boolean } {
  const { redact, preview } = file.config ?? {};
  if (preview !== undefined && typeof preview !== "boolean") throw new ConfigFileError(`${file.path}: "preview" must be true or false`);
  if (redact !== undefined && (typeof redact !== "object" || redact === null || Array.isArray(redact))) {
    throw new ConfigFileError(`${file.path}: "redact" must be an object {patterns, off, argv}`);
  }
  const argv = (redact as { argv?: unknown } | undefined)?.argv;
  if (argv !== undefined && typeof argv !== "boolean") throw new ConfigFileError(`${file.path}: "redact.argv" must be true or false`);
  try {
    return { rules: ruleSet(redact as RedactConfig | undefined), preview: preview !== false, argv: argv === true };
  } catch (error) {
    if (error instanceof RedactConfigError) throw new ConfigFileError(`${file.path}: ${error.message}`);
    throw error;
  }
}
