// --max-line-bytes, shared by every command that reads run files or transcripts line by line.
import { DEFAULT_MAX_LINE_BYTES } from "../formats/line-splitter.js";
import type { Finding } from "../lint/finding.js";
import { invalidJson } from "../lint/rules/invalid-json.js";
import { withFlag, type OptionSpec } from "./option-parser.js";

export const MAX_LINE_OPTION = {
  name: "max-line-bytes",
  kind: "count",
  value: "N",
  min: 1,
  libraryName: "maxLineBytes",
  // Set for the whole process, so lint's worker threads, which copy the environment when they start, read the same
  // limit as the main thread (the flag overrides a TOOLSPAN_MAX_LINE_BYTES already set).
  env: "TOOLSPAN_MAX_LINE_BYTES",
  help: `longest line read (default ${DEFAULT_MAX_LINE_BYTES}, 64 MiB); a longer one is reported, not gathered`,
} as const satisfies OptionSpec;

/** `text` (a reason the library gives for a line too long, naming its option `maxLineBytes`) with the flag shown. */
export const withMaxLineFlag = (text: string): string => withFlag(text, MAX_LINE_OPTION.libraryName, [MAX_LINE_OPTION]);

/** A finding as a command prints it: invalid-json's reason for a line too long names the flag, not the option. */
export function findingWithFlag(finding: Finding): Finding {
  return finding.rule === invalidJson.id ? { ...finding, message: withMaxLineFlag(finding.message) } : finding;
}
