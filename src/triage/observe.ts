// The span's own figures in words, for the observations rows print.
import type { Finding } from "../lint/lint-line.js";
import type { RuleId } from "../lint/rule-ids.js";
import { firstCodePoints } from "../util/code-points.js";
import type { SpanFacts, StreamFacts } from "./facts.js";

// A reason a span states is its writer's text: a hostile one must not make a line of any length.
const REASON_CHARS = 200;

const figure = (value: number | undefined): string => (value === undefined ? "?" : String(value));

/** `returncode 0`, `returncode null` (never started), `returncode ?` (absent or not an integer). */
export const returncodeText = (facts: SpanFacts): string =>
  `returncode ${facts.returncode === undefined ? "?" : String(facts.returncode)}`;

/** `stdout clipped: kept 8192 of 24118 bytes`. */
export const clippedText = (s: StreamFacts): string => `${s.stream} clipped: kept ${figure(s.kept)} of ${figure(s.bytes)} bytes`;

/** Each clipped stream's figures, then the returncode: `stdout clipped: kept 8192 of 24118 bytes, returncode 0`. */
export function clippedStreamsText(facts: SpanFacts, streams: readonly StreamFacts[] = [facts.stdout, facts.stderr]): string {
  const clipped = streams.filter((s) => s.clipped).map(clippedText);
  return `${clipped.join("; ")}, ${returncodeText(facts)}`;
}

/** The first hex digits of a hash: enough to recognise it, short enough for a line. */
export function shortHash(hash: string | null | undefined): string {
  if (typeof hash !== "string") return "none";
  return hash.length > 12 ? `${hash.slice(0, 12)}…` : hash;
}

/** Both byte counts: `stdout 0 bytes, stderr 0 bytes`. */
export const byteCountsText = (facts: SpanFacts): string =>
  `stdout ${figure(facts.stdout.bytes)} bytes, stderr ${figure(facts.stderr.bytes)} bytes`;

/** The messages of one rule's findings on this span, joined. */
export const findingsText = (findings: readonly Finding[], rule: RuleId): string =>
  findings
    .filter((finding) => finding.rule === rule)
    .map((finding) => finding.message)
    .join("; ");

/** Seconds with one decimal, for durations. */
export const secondsText = (ms: number | undefined): string => (ms === undefined ? "an unknown time" : `${(ms / 1000).toFixed(1)} s`);

/** A reason the span states, cut to REASON_CHARS characters. */
export function reasonText(reason: string): string {
  const cut = firstCodePoints(reason, REASON_CHARS);
  return cut.length < reason.length ? `${cut}…` : cut;
}
