// toolspan.config.json, read once for every command that has settings in it (lint's `rules`, wrap's `redact`
// and `preview`): one reader, one set of messages. The `redact` section is made a rule set in
// redaction-settings.ts: lint, which never redacts, does not load the redaction rules.
import { readFileSync } from "node:fs";
import { nearestName } from "../formats/nearest-name.js";
import { jsonText } from "../formats/safe-text.js";
import { ToolspanError } from "../util/errors.js";

/** The file read from the current folder when no `--config FILE` names another. */
export const CONFIG_FILE = "toolspan.config.json";

/** A config file that cannot be read or used: the message names the file and what is wrong, in one line (exit 2).
 * Not a UsageError: the command line was right, so no pointer to --help follows it. */
export class ConfigFileError extends ToolspanError {
  constructor(message: string) {
    super(message);
    this.name = "ConfigFileError";
  }
}

// Every key the file may hold, section by section: a key of none of them is a typo, and a typo ignored is a setting
// silently not applied (`"redcat"`: no redaction rule of one's own; `"pattern"`: none of the patterns).
const TOP_KEYS = ["rules", "redact", "preview"];
const REDACT_KEYS = ["patterns", "off", "argv"];
const PATTERN_KEYS = ["id", "pattern", "flags"];

function checkKeys(path: string, object: unknown, known: readonly string[], where: string): void {
  if (typeof object !== "object" || object === null || Array.isArray(object)) return; // its type is checked where it is read
  for (const key of Object.keys(object)) {
    if (known.includes(key)) continue;
    const near = nearestName(key, known);
    const hint = near === null ? ` (${where || "the file"} takes ${known.join(", ")})` : `; did you mean ${jsonText(`${where}${near}`)}?`;
    throw new ConfigFileError(`${path}: unknown key ${jsonText(`${where}${key}`)}${hint}`);
  }
}

function checkAllKeys(path: string, config: Record<string, unknown>): void {
  checkKeys(path, config, TOP_KEYS, "");
  const redact = config.redact as { patterns?: unknown } | undefined;
  checkKeys(path, redact, REDACT_KEYS, "redact.");
  if (Array.isArray(redact?.patterns)) redact.patterns.forEach((entry, index) => checkKeys(path, entry, PATTERN_KEYS, `redact.patterns[${index}].`));
}

/** A config file as read: its object and the name messages give it. */
export interface ConfigFile {
  path: string;
  config: Record<string, unknown> | null;
}

/** Reads `--config FILE` (which must exist) or ./toolspan.config.json (which may not); throws ConfigFileError for a
 * file that is not a JSON object or holds a key toolspan does not know. */
export function readConfigFile(explicit: string | undefined): ConfigFile {
  const path = explicit ?? CONFIG_FILE;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (explicit === undefined && (error as NodeJS.ErrnoException).code === "ENOENT") return { path, config: null };
    const named = explicit !== undefined ? `--config ${path}` : path;
    throw new ConfigFileError(`${named}: cannot read (${(error as NodeJS.ErrnoException).code})`);
  }
  let config: unknown;
  try {
    config = JSON.parse(text) as unknown;
  } catch (error) {
    throw new ConfigFileError(`${path}: ${(error as Error).message}`);
  }
  if (typeof config !== "object" || config === null || Array.isArray(config)) throw new ConfigFileError(`${path}: not a JSON object`);
  checkAllKeys(path, config as Record<string, unknown>);
  return { path, config: config as Record<string, unknown> };
}
