// A JSON settings file as toolspan's init reads and writes it: one object, written back with two-space indents and
// a final newline (as Claude Code and Gemini CLI write theirs).
import { SettingsError } from "./settings-format.js";

export type Json = Record<string, unknown>;

/** Whether a value is a JSON object (not an array, not null). */
export const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** The settings in `text`, or a SettingsError naming `path` when they are not one JSON object. */
export function parseSettings(text: string, path: string): Json {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SettingsError(`${path} is not JSON (${(error as Error).message}): fix it or add toolspan's entry by hand (docs/harnesses.md, docs/mcp.md)`);
  }
  if (!isObject(value)) throw new SettingsError(`${path} does not hold a JSON object`);
  return value;
}

/** The settings as the file's new text. */
export const renderSettings = (settings: Json): string => `${JSON.stringify(settings, null, 2)}\n`;
