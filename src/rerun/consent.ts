// What a rerun is about to execute, and whether it may go ahead without asking: the rule is yes, a question, or nothing.
import { argvRedactions } from "../contract/span-fields.js";
import { isTranscriptSpan } from "../contract/transcript-span.js";
import { stat } from "node:fs/promises";
import { escapeControls, jsonText, shellQuote, showArgv, showWord } from "../formats/safe-text.js";
import type { LocatedSpan } from "./locate-span.js";
import { RerunRefused } from "./rerun-refused.js";
import { plural } from "../formats/plural.js";

/** `go` (the user said --yes), `ask` (a person at a terminal can answer), `refuse` (nobody can: nothing runs). */
export type ConsentMode = "go" | "ask" | "refuse";

/** The only ways a recorded argv may run: an explicit yes, or an answer from a terminal. */
export function consentMode(yes: boolean, stdinIsTerminal: boolean): ConsentMode {
  if (yes) return "go";
  return stdinIsTerminal ? "ask" : "refuse";
}

/** What refusing a rerun that was not confirmed says (a CLI says which of its flags confirms it). */
export const NOT_CONFIRMED = "not confirmed: pass confirmed: true to run without a question";

/** Characters of a long argv shown at the prompt, half from its start and half from its end: enough to read a
 * command, few enough that padding cannot push its start off the screen. */
export const ARGV_SHOWN_CHARS = 600;

/** argv as an escaped JSON array; when longer than `limit`, its first and last parts around a note of what is not
 * shown, so a long argv cannot hide its start behind padding. */
export function argvForPrompt(argv: readonly string[], limit = ARGV_SHOWN_CHARS): string {
  const whole = showArgv(argv);
  if (whole.length <= limit) return whole;
  const half = Math.floor(limit / 2);
  return `${whole.slice(0, half)} … [${whole.length - 2 * half} characters not shown] … ${whole.slice(-half)}`;
}

/** The plan shown before asking. Every field is escaped (a span id or a path cannot move the cursor or fake a line),
 * and argv comes last, right above the question, as a JSON array (so quotes, spaces and `; rm -rf` are unambiguous);
 * a long one is cut with its length stated and `rerun --show-argv` named to print it whole. */
export function describeRerun(of: LocatedSpan, timeoutSeconds: number | null | undefined): string {
  const argv = argvForPrompt(of.argv);
  const where = `${of.path}:${of.line}`;
  const lines = [
    `toolspan rerun: ${escapeControls(where)} (span ${showWord(of.rerunOf)})`,
    `  cwd      ${jsonText(of.cwd)}`,
    `  timeout  ${timeoutSeconds ? `${timeoutSeconds}s` : "none"}`,
    `  no shell, no cap; the full streams are compared with the span's hashes`,
  ];
  if (argv.length < showArgv(of.argv).length) {
    const words = plural(of.argv.length, "word");
    lines.push(`  argv is ${words}, ${showArgv(of.argv).length} characters as JSON; shown cut: ${escapeControls(`toolspan rerun --show-argv ${shellQuote(where)}`)} prints it whole`);
  }
  if (of.span.argv === undefined && isTranscriptSpan(of.span)) lines.push("  the transcript kept a command line, not an argv: it runs with the shell the harness ran it with");
  lines.push(`  argv     ${argv}`);
  return lines.join("\n");
}

/** Refuses when the recorded argv had secrets replaced (it is not what ran), or when the recorded working directory
 * is gone (or is not a directory): nothing would run as or where it ran. */
export async function assertRunnable(of: LocatedSpan): Promise<void> {
  const redactions = argvRedactions(of.span);
  if (redactions > 0) {
    throw new RerunRefused(
      "argvRedacted",
      `the span's argv had ${plural(redactions, "secret")} replaced when it was recorded (argv_redactions): it is not the command that ran, so it is not run; run the command yourself, or keep its streams with --store to read them back`,
    );
  }
  let isDirectory = false;
  try {
    isDirectory = (await stat(of.cwd)).isDirectory();
  } catch {
    // missing or unreadable: said below
  }
  if (!isDirectory) {
    throw new RerunRefused("cwdMissing", `the span's cwd ${jsonText(of.cwd)} no longer exists (or is not a directory): nothing was run`);
  }
}
