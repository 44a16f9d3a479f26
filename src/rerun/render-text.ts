// The rerun's report for a person: verdicts, how the rerun ended, the bytes the model never saw, the preview diff.
// Stream bytes and stored previews are untrusted: their control characters are escaped, never sent to a terminal.
import { escapeControls, escapeForTerminal, showWord, jsonText } from "../formats/safe-text.js";
import type { RerunResult, UnseenStream } from "./rerun-span.js";
import type { ShownRange } from "./read-ranges.js";
import type { PreviewDiff } from "./preview-diff.js";
import type { StreamVerdict } from "./verdict.js";

const range = (start: number, end: number): string => `bytes ${start}..${end}`;
const withNewline = (text: string): string => (text === "" || text.endsWith("\n") ? text : `${text}\n`);

function verdictLine(v: StreamVerdict): string {
  const was = v.oldBytes === undefined ? "the span has no byte count" : `was ${v.oldBytes}`;
  const basis =
    v.mismatched.length > 0
      ? `${v.mismatched.join(", ")} differ`
      : v.matched.length > 0
        ? `${v.matched.join(", ")} match`
        : "the span has no hash of it";
  const line = `  ${v.stream.padEnd(7)}${v.verdict.padEnd(21)}${v.newBytes} bytes (${was}); ${basis}`;
  const normalized = v.normalized
    ? v.normalized.match
      ? `normalized sha256 ${v.normalized.new} matches`
      : `normalized sha256 ${v.normalized.new} differs from the span's ${v.normalized.old}`
    : escapeControls(v.normalizedNote ?? "");
  return `${line}\n${" ".repeat(9)}${normalized}`;
}

function endLine(result: RerunResult): string {
  const { span } = result;
  const old = result.of.span.returncode;
  if (result.fromBlob) return `rerun: from the blob store, nothing was run; returncode ${span.returncode} as recorded`;
  const parts = [`returncode ${span.returncode} (was ${old === undefined ? "not recorded" : jsonText(old)})`];
  const clipped = span.stdout_truncated || span.stderr_truncated;
  parts.push(clipped ? "CLIPPED: the rerun itself was capped" : "no cap, nothing clipped");
  if (span.error) parts.push(`COULD NOT START: ${escapeControls(span.error)}`);
  if (span.timed_out) parts.push("TIMED OUT: the new streams are incomplete");
  if (span.stalled) parts.push("STALLED: a pipe went silent or stayed open; the new streams may be incomplete");
  if (!span.timed_out && !span.stalled && !span.error) parts.push("did not time out or stall");
  const ended = `rerun: ${parts.join("; ")}`;
  return result.incomplete === null ? ended : `${ended}\nINCOMPLETE: ${result.incomplete}; this rerun verifies nothing`;
}

function shownText(shown: ShownRange, stream: string): string {
  if (shown.omitted === 0) return withNewline(escapeForTerminal(shown.head.toString("utf8")));
  const gapStart = shown.start + shown.head.length;
  return (
    withNewline(escapeForTerminal(shown.head.toString("utf8"))) +
    `----- ${shown.omitted} bytes of ${stream} not shown (${range(gapStart, gapStart + shown.omitted)}); --save DIR keeps every byte -----\n` +
    withNewline(escapeForTerminal(shown.tail.toString("utf8")))
  );
}

// What the model saw of the stream, as far as the span can say, and so what follows.
function unseenHeadline(u: UnseenStream): string {
  const unknown = "so which bytes the model saw is unknown; the whole stream:";
  if (u.capUnknown) return `${u.stream}: clipped at a cap the span does not state (a transcript's clip: docs/transcript-spans.md), ${unknown}`;
  if (u.resultUnknown) return `${u.stream}: the transcript cannot show the result the model got (source.unverifiable: docs/transcript-spans.md), ${unknown}`;
  const seen = u.kept.reduce((sum, r) => sum + r.end - r.start, 0);
  return `${u.stream}: the model saw ${seen} of ${u.newBytes} bytes (${u.keep}, cap ${u.cap}); it never saw:`;
}

function unseenSection(u: UnseenStream): string {
  const notes: string[] = [];
  if (u.keepAssumed && !u.capUnknown && !u.resultUnknown) notes.push(`the span has no ${u.stream}_keep: head assumed`);
  if (u.onNewLength) {
    notes.push(`the rerun's ${u.stream} is ${u.newBytes} bytes, the span's was ${u.oldBytes}: these are the span's cap and keep applied to the new stream`);
  }
  const lines = [unseenHeadline(u)];
  for (const note of notes) lines.push(`  (${note})`);
  let text = `${lines.join("\n")}\n`;
  for (const shown of u.shown) {
    const head = `${u.stream} ${range(shown.start, shown.end)} (${shown.end - shown.start} bytes)`;
    if (u.encoding === "binary") {
      text += `----- ${head}: binary, not shown as text; --save DIR writes them -----\n`;
      continue;
    }
    text += `----- ${head} -----\n${shownText(shown, u.stream)}----- end of ${head} -----\n`;
  }
  return text;
}

function diffSection(diff: PreviewDiff): string {
  if (diff.kind === "binary") return `${diff.stream}: binary: hashes only, no preview diff\n`;
  const how = diff.normalized ? "after normalising times, durations, addresses, pids and temporary paths" : "not normalised";
  if (!diff.changed) return `${diff.stream}: the stored preview matches the rerun (${how})\n`;
  return `${diff.stream}: the stored preview differs from the rerun (${how}):\n${withNewline(escapeForTerminal(diff.patch))}`;
}

/** The whole text report; `appendedTo` names the run file the new span went to, if any. */
export function renderRerunText(result: RerunResult, appendedTo?: string): string {
  const newSpan = `new span ${result.span.span_id} (rerun_of ${showWord(result.span.rerun_of ?? null)})`;
  const parts = [
    `verdict: ${result.verdict}`,
    ...result.streams.map(verdictLine),
    endLine(result),
    appendedTo === undefined
      ? `${newSpan}; --out RUN appends it to a run file`
      : `${newSpan} appended to ${escapeControls(appendedTo)}`,
  ];
  if (result.saved) parts.push(`full streams saved: ${escapeControls(result.saved.stdout)}, ${escapeControls(result.saved.stderr)}`);
  let text = `${parts.join("\n")}\n\n`;
  const unseen = result.unseen.filter((u) => u.ranges.length > 0);
  text += unseen.length === 0 ? "the model saw every byte of both streams (nothing was clipped)\n" : unseen.map(unseenSection).join("\n");
  if (result.diffs) text += `\n${result.diffs.map(diffSection).join("")}`;
  return `${text}\nverdict: ${result.verdict}\n`;
}
