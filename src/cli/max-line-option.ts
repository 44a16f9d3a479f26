// --max-line-bytes, shared by every command that reads run files or transcripts line by line.
import { DEFAULT_MAX_LINE_BYTES } from "../formats/line-splitter.js";
import type { OptionSpec } from "./option-parser.js";

export const MAX_LINE_OPTION = {
  name: "max-line-bytes",
  kind: "count",
  value: "N",
  min: 1,
  libraryName: "maxLineBytes",
  help: `longest line read (default ${DEFAULT_MAX_LINE_BYTES}, 64 MiB); a longer one is reported, not gathered`,
} as const satisfies OptionSpec;

/** Sets the limit for this process from the flag. Through the environment, so lint's worker threads, which copy
 * it when they start, read the same limit as the main thread (TOOLSPAN_MAX_LINE_BYTES, which the flag overrides). */
export function applyMaxLineBytes(limit: number | undefined, env: NodeJS.ProcessEnv): void {
  if (limit !== undefined) env.TOOLSPAN_MAX_LINE_BYTES = String(limit);
}
