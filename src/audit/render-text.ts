// Audit for people: per transcript, each clipped or unverifiable result (most urgent first) with its evidence
// and first action, the records skipped, then one summary line.
import { plural } from "../formats/plural.js";
import { escapeControls, showArgv, showWord } from "../formats/safe-text.js";
import type { AuditedCall, TranscriptAudit } from "./audit-transcript.js";

// An evaluation output's call has both: the instance's line and the event's place in its history.
function where(call: AuditedCall): string {
  const { line, index } = call.span.source;
  if (line === null) return `#${index ?? "?"}`;
  return index === null ? `line ${line}` : `line ${line} #${index}`;
}

function what(call: AuditedCall): string {
  const command = call.span.source.command;
  const shown = command !== undefined ? jsonShort(command) : call.span.argv ? showArgv(call.span.argv) : "";
  return `${showWord(call.span.tool_name)}${shown ? ` ${shown}` : ""}`;
}

const jsonShort = (text: string): string => escapeControls(JSON.stringify(text.length > 120 ? `${text.slice(0, 117)}…` : text));

function evidenceText(call: AuditedCall): string {
  const evidence = call.span.clip_evidence;
  if (evidence === null) return `unverifiable: ${call.reason ?? "?"}`;
  const groups = Object.entries(evidence.groups).map(([name, value]) => `${name} ${value}`);
  const version = evidence.version !== null ? ` ${evidence.version}` : "";
  const figures = groups.length > 0 ? `: ${groups.join(", ")}` : "";
  return `clipped: ${evidence.harness}${version} marker ${evidence.marker} (table: ${evidence.versions})${figures}`;
}

// The span's byte count; where it is unknown, a size the marker rounds (Claude Code's "Output too large (36.8KB)").
function writtenText(call: AuditedCall): string {
  const bytes = call.span.stdout_bytes;
  if (bytes !== null) return `${bytes} bytes written`;
  const size = call.span.clip_evidence?.groups.persistedSize;
  return typeof size === "string" ? `unknown bytes written (the marker's: ${size}, rounded)` : "unknown bytes written";
}

// The span's cap is in bytes; a marker that states its limit in characters says that much where bytes are unknown.
function capText(call: AuditedCall): string {
  const cap = call.span.stdout_cap;
  if (cap !== null) return String(cap);
  const groups = call.span.clip_evidence?.groups ?? {};
  // A marker that names the head and tail it kept (Gemini CLI's "Showing first 8,000 and last 32,000") states its cap.
  const { headChars, tailChars } = groups;
  const chars = groups.capChars ?? (typeof headChars === "number" && typeof tailChars === "number" ? headChars + tailChars : undefined);
  if (typeof chars === "number") return `unknown in bytes (the marker's: ${chars} characters)`;
  // Codex states the whole in tokens and what it dropped: the rest is the token budget it kept.
  const { originalTokens, droppedTokens } = groups;
  if (typeof originalTokens === "number" && typeof droppedTokens === "number" && originalTokens > droppedTokens) {
    return `unknown in bytes (${originalTokens - droppedTokens} tokens: the whole less the dropped)`;
  }
  return "unknown";
}

/** One finding's block. */
export function findingBlock(call: AuditedCall): string {
  // The evidence quotes the transcript (its version string, a reason, a marker's figures): escaped as a whole.
  const lines = [`  ${where(call)} ${what(call)}`, `    ${escapeControls(evidenceText(call))}`];
  // Clipped and unverifiable at once (cut by the cap and killed at the time limit): both are said.
  if (call.verdict === "clipped" && call.reason !== null) lines.push(`    also unverifiable: ${escapeControls(call.reason)}`);
  const note = call.span.clip_evidence?.note;
  if (note !== undefined) lines.push(`    note: ${escapeControls(note)}`);
  if (call.verdict === "clipped") lines.push(`    stdout: ${escapeControls(writtenText(call))}, cap ${capText(call)}`);
  if (call.declaredSuccess) lines.push("    the agent declared success right after this result");
  lines.push(`    first action: ${call.firstAction ? `${call.firstAction.action} (row ${call.firstAction.row}; not first: ${call.firstAction.notFirst})` : "no row of the decision table applies"}`);
  return `${lines.join("\n")}\n`;
}

/** A transcript's header, findings and skipped records. */
export function* transcriptText(audit: TranscriptAudit): Iterable<string> {
  const clipped = audit.findings.filter((call) => call.verdict === "clipped").length;
  const version = audit.harnessVersion !== null ? ` ${escapeControls(audit.harnessVersion)}` : "";
  yield `${showWord(audit.file)} (${audit.format}${version}): ${plural(audit.calls.length, "call")}, ${clipped} clipped, ${audit.findings.length - clipped} unverifiable\n`;
  for (const call of audit.findings) yield findingBlock(call);
  for (const problem of audit.problems) {
    // A problem of no one line (the unknown record types, summed up) says where it starts itself.
    const place = problem.line !== null ? ` line ${problem.line}:` : problem.index !== null ? ` #${problem.index}:` : "";
    yield `  skipped${place} ${escapeControls(problem.message)}\n`;
  }
}

/** The last line over every transcript. */
export function auditSummary(audits: readonly TranscriptAudit[]): string {
  const findings = audits.flatMap((audit) => audit.findings);
  const clipped = findings.filter((call) => call.verdict === "clipped").length;
  const afterSuccess = findings.filter((call) => call.verdict === "clipped" && call.declaredSuccess).length;
  const calls = audits.reduce((sum, audit) => sum + audit.calls.length, 0);
  return `${clipped} clipped (${afterSuccess} followed by a claim of success), ${findings.length - clipped} unverifiable, in ${plural(calls, "call")} of ${plural(audits.length, "transcript")}\n`;
}
