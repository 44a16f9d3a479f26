// What a rerun is about to execute, and whether it may go ahead without asking: the rule is yes, a question, or nothing.
import { argvRedactions } from "../lint/span-fields.js";
import { stat } from "node:fs/promises";
import { jsonText, showArgv } from "../formats/safe-text.js";
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

/** What refusing without a terminal says. */
export const NOT_CONFIRMED = "not confirmed: pass --yes to run without a question";

/** The plan shown before asking: argv as a JSON array (so quotes, spaces and `; rm -rf` are unambiguous), cwd, limit. */
export function describeRerun(of: LocatedSpan, timeoutSeconds: number | null | undefined): string {
  return [
    `toolspan rerun: ${of.path}:${of.line} (span ${of.rerunOf})`,
    `  argv     ${showArgv(of.argv)}`,
    `  cwd      ${jsonText(of.cwd)}`,
    `  timeout  ${timeoutSeconds ? `${timeoutSeconds}s` : "none"}`,
    `  no shell, no cap; the full streams are compared with the span's hashes`,
  ].join("\n");
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
