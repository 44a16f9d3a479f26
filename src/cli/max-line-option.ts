// --max-line-bytes, shared by every command that reads run files or transcripts line by line.
import { DEFAULT_MAX_LINE_BYTES } from "../formats/line-splitter.js";
import type { OptionSpec, ParsedValue } from "./option-parser.js";

export const MAX_LINE_OPTION: OptionSpec = {
  name: "max-line-bytes",
  kind: "count",
  value: "N",
  min: 1,
  help: `longest line read (default ${DEFAULT_MAX_LINE_BYTES}, 64 MiB); a longer one is reported, not gathered`,
};

/** Sets the limit for this process from the flag. Through the environment, so lint's worker threads, which copy
 * it when they start, read the same limit as the main thread (TOOLSPAN_MAX_LINE_BYTES, which the flag overrides). */
export function applyMaxLineBytes(options: Map<string, ParsedValue>): void {
  const limit = options.get("max-line-bytes");
  if (typeof limit === "number") process.env.TOOLSPAN_MAX_LINE_BYTES = String(limit);
}
