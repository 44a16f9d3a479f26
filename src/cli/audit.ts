// `toolspan audit`: find the clipped tool results in transcripts that harnesses already wrote.
import { auditTranscript, type TranscriptAudit } from "../audit/audit-transcript.js";
import { redactCommands } from "../audit/redact-command.js";
import { AUDIT_FORMATS, AUDIT_RENDERERS } from "../audit/renderers.js";
import { UnreadableInput } from "../formats/jsonl-lines.js";
import { UnrecognisedTranscript } from "../formats/transcripts/read-transcript.js";
import { defineCommand, type CommandIo } from "./define-command.js";
import { failureLine } from "./failure.js";
import type { OptionSpec } from "./option-parser.js";
import { writeWithBackpressure } from "../util/backpressure.js";
import { openReplaceOption } from "./out-option.js";
import { UsageError } from "./usage-error.js";
import { MAX_LINE_OPTION } from "./max-line-option.js";
import { readConfigFile } from "./config-file.js";
import { redactionSettings } from "./redaction-settings.js";

const OPTIONS = [
  { name: "format", kind: "choice", value: "FORMAT", choices: AUDIT_FORMATS, help: "text (default, for people) or jsonl (one object per finding)" },
  { name: "out", kind: "string", value: "FILE", help: "write every call as a toolspan/1 span to FILE (replaced, not appended)" },
  {
    name: "redact-argv",
    kind: "flag",
    help: "replace secrets in argv and command lines too, as wrap's: the spans say argv_redactions, and none with a secret replaced is rerun",
  },
  MAX_LINE_OPTION,
] as const satisfies readonly OptionSpec[];

const USAGE = `Usage: toolspan audit [options] FILE...

Reads transcripts that coding agents already wrote and finds the tool results
the model saw only part of. The format is told from the content, not the name:
  Claude Code   ~/.claude/projects/*/*.jsonl, claude -p --output-format stream-json
  Codex CLI     ~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl
  Gemini CLI    ~/.gemini/tmp/<project>/chats/session-*.jsonl (or .json)
  OpenHands     trajectory JSON (a list of events), evaluation output.jsonl
  OpenHands V1  ~/.openhands/conversations/<id>/events/ (the directory), its
                events as a JSON array or one a line, or an SDK run's output.jsonl
  SWE-agent     *.traj (trajectory and history: compared exactly)
  mini-swe-agent *.traj.json
A result is clipped when the text the model saw holds a harness's clip marker
("…5210 tokens truncated…", "<persisted-output>", "<response clipped>", …),
or, for SWE-agent, when the model's copy lacks part of the observation. It is
unverifiable when the transcript cannot show it (interrupted, moved to the
background, still running, exit -1, no result recorded). Each is printed with
its evidence and the decision table's first action; clipped results after which
the agent declared success come first. Records that cannot be read (a torn last
line, an unknown record type, a result with no call) are reported and skipped.`;

const NOTES = `--out writes one span per call, clean ones too: 'toolspan lint', 'toolspan
triage', reports and 'toolspan rerun' (a shell command line runs as bash -c,
with consent) read it. What a transcript cannot know stays null, and lint
accepts it: a clipped result's byte count and cap unless the marker states
them (docs/transcript-spans.md). Its
previews are redacted as wrap's are (the built-in rules, and those of
./toolspan.config.json when present; docs/secrets.md): preview_redactions
counts the secrets replaced. Commands are kept as the transcript has them, so a
rerun runs what ran; --redact-argv replaces their secrets too, everywhere audit
prints or writes them.

Exit status: 0 no clipped or unverifiable result, 1 at least one, 2 usage
error, or a file that cannot be read or is no known transcript (the reason is
named: "not a Codex rollout: line 3 has no payload").

Examples:
  toolspan audit ~/.codex/sessions/2026/05/11/rollout-*.jsonl
  toolspan audit --format jsonl session.jsonl | jq 'select(.declared_success)'
  toolspan audit --out spans.jsonl run.traj && toolspan triage spans.jsonl

Docs: docs/audit.md (formats, the marker table, what stays unknown, ranking).`;

export const command = defineCommand({
  name: "audit",
  summary: "find the clipped tool results in transcripts agents already wrote",
  usage: USAGE,
  notes: NOTES,
  options: OPTIONS,
  run({ options, rest }, io) {
    return audit(rest, { format: options.format ?? "text", outPath: options.out, redactArgv: options.redactArgv === true }, io);
  },
});

interface AuditOptions {
  format: string;
  outPath: string | undefined;
  redactArgv: boolean;
}

async function audit(files: string[], { format, outPath, redactArgv }: AuditOptions, io: CommandIo): Promise<number> {
  if (files.length === 0) throw new UsageError("no file given", "toolspan audit [options] FILE...");
  const renderer = AUDIT_RENDERERS[format]!;
  const settings = redactionSettings(readConfigFile(undefined));
  const redact = settings.rules;
  const spans = outPath === undefined ? null : await openReplaceOption(outPath);
  const out = io.stdout;
  out.on("error", () => {});
  const audits: TranscriptAudit[] = [];
  let failed = false;
  try {
    for (const file of files) {
      let audit: TranscriptAudit;
      try {
        audit = await auditTranscript(file, redact);
      } catch (error) {
        if (!(error instanceof UnreadableInput || error instanceof UnrecognisedTranscript)) throw error;
        // The reason may quote the file (a JSON parser's excerpt of a binary): escaped, it cannot drive the terminal.
        io.stderr.write(failureLine(error, OPTIONS));
        failed = true;
        continue;
      }
      if (redactArgv || settings.argv) redactCommands(audit, redact);
      audits.push(audit);
      if (spans) await spans.write(audit.calls.map((call) => `${JSON.stringify(call.span)}\n`).join(""));
      for (const piece of renderer.transcript(audit)) await writeWithBackpressure(out, piece);
    }
  } finally {
    await spans?.close();
  }
  // Every file refused: stderr has said why, and a summary of nothing read would read as a clean audit.
  if (audits.length > 0) await writeWithBackpressure(out, renderer.summary(audits));
  if (failed) return 2;
  return audits.some((audit) => audit.findings.length > 0) ? 1 : 0;
}
