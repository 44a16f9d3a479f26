// How toolspan's hook (or MCP server entry) goes into a harness's settings file and comes out again, text in, text out: one format per
// kind of file. Nothing else in the file is touched.
import { ToolspanError } from "../../util/errors.js";

/** A settings file toolspan cannot merge with (not JSON, an unexpected shape): it is left as it is. */
export class SettingsError extends ToolspanError {
  override name = "SettingsError";
}

/** One kind of toolspan entry in one kind of file: `Entry` is what the entry is made from (a hook's command line, an
 * MCP server's command and arguments). */
export interface SettingsFormat<Entry = string> {
  /** The file's text with toolspan's entry made from `entry` (text null: no file yet); null when that exact entry is
   * there already. `path` is the file's absolute path. Throws SettingsError when the text cannot be merged. */
  add(text: string | null, entry: Entry, path: string): string | null;
  /** The text with toolspan's entry taken out, whatever else is in it; null when it has none. */
  remove(text: string, path: string): string | null;
}

/** Whether a hook command is the one `toolspan init` writes for `harness`. */
export const isToolspanHook = (command: unknown, harness: string): boolean =>
  typeof command === "string" && command.includes("toolspan") && command.endsWith(` hook ${harness}`);
