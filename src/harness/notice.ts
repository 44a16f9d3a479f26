// The notice a clipped call's output starts with: what the model got of how much, and the exact commands that show
// the rest from the agent's own shell, each bounded so that the harness passes its answer on whole.
import type { StreamName } from "../contract/span.js";
import { escapeControls, shellQuote } from "../formats/safe-text.js";
import { headShare } from "../meter/keep.js";
import type { StreamMeasure } from "../meter/stream-meter.js";
import type { NoticeFigures } from "../run/run-tool.js";

/** Lines worth reading first in a clipped test or build log: what `show --grep` is offered with. */
export const FAILURE_PATTERN = "FAILED|FAIL:|Error|error\\[|error:|Traceback|panicked|AssertionError|assert|not ok";

/** Bytes one follow-up (`show --range`, `show --grep`) hands back: every harness passes that on whole, even on a
 * failed call. */
export const FOLLOW_UP_BYTES = 8000;

/** Where the notice points and how much a follow-up may ask for. */
export interface NoticeContext {
  /** The command that runs toolspan from the agent's shell, ready to paste (e.g. `toolspan`, or node and the script). */
  invocation: string;
  /** The run file the span is appended to. */
  runFile: string;
  /** Bytes of one follow-up range: small enough that the harness passes a `show` of it on whole. */
  rangeBytes: number;
}

// Longest reason shown for a stream the store did not keep: the notice must stay within its allowance.
const REASON_CHARS = 120;

function keptRanges(measure: StreamMeasure): string {
  const head = headShare(measure.cap, measure.keep);
  const tail = (measure.cap ?? 0) - Math.min(head, measure.cap ?? 0);
  const parts = [];
  if (head > 0) parts.push(`bytes 0-${head}`);
  if (tail > 0) parts.push(`bytes ${measure.bytes - tail}-${measure.bytes}`);
  return parts.length === 0 ? "nothing" : parts.join(" and ");
}

function streamLines(stream: StreamName, measure: StreamMeasure, blobError: string | null, context: NoticeContext, spanId: string): string[] {
  const cap = measure.cap ?? 0;
  const head = Math.min(headShare(cap, measure.keep), cap);
  const gapEnd = measure.bytes - (cap - head);
  const said = `${stream}: ${measure.bytes} bytes, you got ${keptRanges(measure)} (${cap} bytes); ${gapEnd - head} bytes between were cut`;
  if (blobError !== null) {
    return [`${said} and not stored (${escapeControls(blobError).slice(0, REASON_CHARS)}).`];
  }
  const show = `${context.invocation} show ${shellQuote(context.runFile)} --span ${shellQuote(spanId)}${stream === "stderr" ? " --stream stderr" : ""}`;
  const next = Math.min(head + context.rangeBytes, gapEnd);
  return [
    `${said}, stored and verified by sha256.`,
    `  failure lines in all of ${stream}: ${show} --grep ${shellQuote(FAILURE_PATTERN)}`,
    `  the cut bytes, ${context.rangeBytes} at a time: ${show} --range ${head}:${next}`,
  ];
}

/** The notice for a call whose output toolspan clipped, ending in a newline; null when nothing was clipped. */
export function clipNotice(figures: NoticeFigures, context: NoticeContext): string | null {
  const lines: string[] = [];
  for (const stream of ["stdout", "stderr"] as const) {
    const measure = figures[stream];
    if (!measure.truncated) continue;
    const blob = figures.blobs?.[stream] ?? { blob: null, error: "no blob store" };
    lines.push(...streamLines(stream, measure, blob.error, context, figures.spanId));
  }
  if (lines.length === 0) return null;
  return `[toolspan: this output was clipped to what the harness passes on.\n${lines.join("\n")}]\n`;
}

// The longest figures a notice can hold: every count at its widest, both streams clipped, both not stored.
function widestMeasure(): StreamMeasure {
  const wide = Number.MAX_SAFE_INTEGER;
  return { bytes: wide, cap: wide - 1, truncated: true, keep: "head+tail" } as StreamMeasure;
}

/** The most bytes `clipNotice` can write in `context`: what a keep plan sets aside for it. */
export function noticeAllowance(context: NoticeContext): number {
  const stored = { blob: "sha256:", error: null };
  const widest = (blobs: NoticeFigures["blobs"]) =>
    clipNotice({ runId: "", spanId: "0".repeat(32), returncode: 1, timedOut: false, stdout: widestMeasure(), stderr: widestMeasure(), blobs }, {
      ...context,
      rangeBytes: Number.MAX_SAFE_INTEGER,
    })!;
  const unstored = { blob: null, error: "x".repeat(REASON_CHARS) };
  return Math.max(...[widest({ stdout: stored, stderr: stored }), widest({ stdout: unstored, stderr: unstored })].map((text) => Buffer.byteLength(text)));
}
