// `audit --redact-argv`: each span's argv and command line with their secrets replaced, by the rules and the
// flag-aware reading wrap's --redact-argv uses. Such a span says argv_redactions, and rerun refuses it when any
// secret was replaced: it is no longer the command that ran.
import { redactArgv } from "../redact/redact-argv.js";
import type { RedactRule } from "../redact/rules.js";
import type { TranscriptAudit } from "./audit-transcript.js";

/** Replaces the secrets in every call's argv and `source.command`, in place; the spans count them. */
export function redactCommands(audit: TranscriptAudit, rules: readonly RedactRule[]): void {
  for (const call of audit.calls) {
    const { span } = call;
    let count = 0;
    if (span.argv !== undefined) {
      const redacted = redactArgv(span.argv, rules);
      span.argv = redacted.argv;
      count += redacted.count;
    }
    const command = span.source.command;
    if (command !== undefined) {
      // As the word after `-c` of the shell that ran it, so a flag and its value in it are read together.
      const redacted = redactArgv([span.source.shell ?? "sh", "-c", command], rules);
      span.source.command = redacted.argv[2]!;
      count += redacted.count;
    }
    if (span.argv !== undefined || command !== undefined) span.argv_redactions = count;
  }
}
