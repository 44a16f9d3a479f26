// What toolspan prints when a command fails, and the exit status: an expected failure (bad input, a file that cannot
// be used) is one line and 2; anything else is a bug in toolspan: its stack, a request to report it, and 70.
import { escapeControls } from "../formats/safe-text.js";
import { isSystemError, ToolspanError } from "../util/errors.js";
import { VERSION } from "../util/version.js";
import { withFlag, type OptionSpec } from "./option-parser.js";
import { UsageError } from "./usage-error.js";

/** The exit status of a bug (EX_SOFTWARE in sysexits.h): not 1 or 2, which commands give their own meanings. */
export const BUG_EXIT = 70;

/** The line that asks for a bug report; a test looks for it. */
export const REPORT_REQUEST = `toolspan: this is a bug in toolspan ${VERSION}, not a mistake in how it was called: please report it with the command line and the lines above`;

/** The command a failure happened in: its name (for the pointer to its --help) and its options (for flags). */
export interface FailedCommand {
  name: string;
  options: readonly OptionSpec[];
}

/** `error`'s message with the library option it names shown as the command's flag for it (`maxLineBytes`:
 * `--max-line-bytes`). */
function cliMessage(error: Error, options: readonly OptionSpec[]): string {
  return withFlag(error.message, error instanceof ToolspanError ? error.option : undefined, options);
}

/** Whether `error` is the user's to fix: a ToolspanError, or a system call's failure on a named file. */
function isExpected(error: unknown): error is Error {
  return error instanceof ToolspanError || isSystemError(error);
}

/** The one line (escaped: it may quote an argument or a file) for an expected failure. */
export function failureLine(error: Error, options: readonly OptionSpec[]): string {
  return `toolspan: ${escapeControls(cliMessage(error, options))}\n`;
}

/** What to print on stderr for `error`, and the exit status. */
export function failureReport(error: unknown, command: FailedCommand | undefined): { text: string; code: number } {
  if (error instanceof UsageError) {
    const hint = error.hint ? `\nusage: ${escapeControls(error.hint)}` : "";
    const help = command === undefined ? "toolspan --help" : `toolspan ${command.name} --help`;
    return { text: `toolspan: ${escapeControls(error.message)}${hint}\n(see ${help})\n`, code: 2 };
  }
  if (isExpected(error)) return { text: failureLine(error, command?.options ?? []), code: 2 };
  const stack = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : `thrown: ${String(error)}`;
  const lines = stack.split("\n").map((line) => escapeControls(line));
  return { text: `${lines.join("\n")}\n${REPORT_REQUEST}\n`, code: BUG_EXIT };
}
