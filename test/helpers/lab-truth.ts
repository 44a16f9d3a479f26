// Ground truth for the lab transcripts (test/e2e/lab/record-transcripts.ts): what the scripted model received,
// kept beside each transcript, read against the outputs the recorded commands are known to write.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { TranscriptAudit } from "../../src/audit/audit-transcript.js";
import { transcriptPath } from "./transcripts.js";

/** One tool result as the model received it (Claude Code's with its is_error). */
export interface ModelSaw {
  text: string;
  is_error?: boolean;
}

/** The `*.model-saw.json` beside a lab transcript, each entry as { text, is_error? }. */
export function readModelSaw(relative: string): ModelSaw[] {
  const saw = JSON.parse(readFileSync(transcriptPath(relative), "utf8")) as Array<string | ModelSaw>;
  return saw.map((entry) => (typeof entry === "string" ? { text: entry } : entry));
}

/** Audit's calls are the model's results one for one, and each span's preview begins the text the model got
 * (`seen`: that text, less any framing of the harness's that audit's reader takes off). */
export function assertPreviewsBegin(audit: TranscriptAudit, seen: readonly string[]): void {
  assert.equal(audit.calls.length, seen.length, "one call per result the model received");
  audit.calls.forEach((call, i) => {
    const preview = call.span.preview_stdout;
    assert.ok(preview.length > 0 && seen[i]!.startsWith(preview), `call ${i + 1}: the preview is a prefix of what the model saw`);
  });
}

/** What the model kept of a result cut around one marker: the text before and after it. */
export interface KeptAround {
  head: string;
  tail: string;
}

/** `text` split at `marker`'s one match, `preamble` (the harness's own lines before the output) taken off the head. */
export function keptAround(text: string, marker: RegExp, preamble: RegExp = /^/): KeptAround {
  const match = marker.exec(text);
  assert.ok(match, `the marker ${String(marker)} is in the model's text`);
  assert.equal(marker.exec(text.slice(match.index + match[0].length)), null, "one marker only");
  const before = text.slice(0, match.index);
  const opening = preamble.exec(before);
  assert.ok(opening?.index === 0, `the model's text opens with ${String(preamble)}`);
  return { head: before.slice(opening[0].length), tail: text.slice(match.index + match[0].length) };
}

/** How many characters of `whole` the model did not get, given what it kept, and whether the tail it kept is
 * `whole`'s own: where it is not (a harness that cut its excerpt from a window of the output), the harness's
 * marker can only count what it cut from that window, a lower bound of `chars`. */
export function droppedFrom(whole: string, kept: KeptAround): { chars: number; tailIsTheEnd: boolean } {
  assert.ok(whole.startsWith(kept.head), "the kept head is the output's head");
  assert.ok(whole.indexOf(kept.tail, kept.head.length) >= 0, "the kept tail is a part of the output after the head");
  return { chars: whole.length - kept.head.length - kept.tail.length, tailIsTheEnd: whole.endsWith(kept.tail) };
}
