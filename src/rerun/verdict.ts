// What a rerun proves about the original stream, from the old span's figures and the new stream's: pure.
import type { RerunVerdict, StreamName, ToolSpan } from "../contract/span.js";
import type { SpanObject } from "../contract/span-fields.js";
import { hashWindow, isHash, streamFields } from "../contract/span-fields.js";
import { NORMALIZATION_ID } from "../meter/normalize.js";

/** The new stream's figures; head and tail hashes must be taken over the **old** span's `hash_window`. */
export interface FreshStream {
  bytes: number;
  /** sha256 of every byte of the new stream. */
  sha256: string;
  headSha256: string | null;
  tailSha256: string | null;
  /** sha256 of the new stream normalised by the table NORMALIZATION_ID names; null when binary. */
  normalizedSha256: string | null;
}

/** The normalised hashes of one stream, old and new, when both could be had and were made by the same table. */
export interface NormalizedComparison {
  old: string;
  new: string;
  match: boolean;
}

/** One stream's verdict and what it rests on. */
export interface StreamVerdict {
  stream: StreamName;
  verdict: RerunVerdict;
  /** The old span's keys that were compared and agreed. */
  matched: string[];
  /** The old span's keys that were compared and disagreed (a `differs` names at least one). */
  mismatched: string[];
  /** The old byte count, when the span has one. */
  oldBytes: number | undefined;
  newBytes: number;
  /** The normalised hashes, when they were compared; else null, and `normalizedNote` says why not. */
  normalized: NormalizedComparison | null;
  normalizedNote: string | null;
}

/** Both streams' verdicts and the overall one. */
export interface RerunVerdicts {
  verdict: RerunVerdict;
  streams: StreamVerdict[];
  /** Why the rerun did not finish (its verdict is then `incomplete`), or null. */
  incomplete: string | null;
}

// The strongest claim comes last: an overall verdict is the weakest of the streams'.
const RANK: Record<RerunVerdict, number> = {
  incomplete: 0,
  differs: 1,
  unverifiable: 2,
  "same-ends": 3,
  "identical-normalized": 4,
  identical: 5,
};

/** The weakest of the streams': incomplete, then differs, unverifiable, same-ends, identical-normalized, identical. */
export function overallVerdict(verdicts: readonly RerunVerdict[]): RerunVerdict {
  return verdicts.reduce<RerunVerdict>((worst, verdict) => (RANK[verdict] < RANK[worst] ? verdict : worst), "identical");
}

// The old span's normalised hash of a stream against the new one's, when both exist and one table made them.
function compareNormalized(span: SpanObject, stream: StreamName, fresh: FreshStream): { normalized: NormalizedComparison | null; note: string | null } {
  const old = span[`${stream}_normalized_sha256`];
  if (!isHash(old)) {
    const why = old === null ? "the span has none (binary, or too long to normalise when recorded)" : "the span has none";
    return { normalized: null, note: `no normalised hash: ${why}` };
  }
  if (span.normalization !== NORMALIZATION_ID) {
    return { normalized: null, note: `not compared: the span's normalised hash was made by other rules (${String(span.normalization)}, these are ${NORMALIZATION_ID})` };
  }
  if (fresh.normalizedSha256 === null) return { normalized: null, note: "not compared: the rerun's stream is binary" };
  return { normalized: { old: old as string, new: fresh.normalizedSha256, match: old === fresh.normalizedSha256 }, note: null };
}

/** Compares one stream. Hashes that are not 64 lowercase hex count as absent; a byte count or any present hash
 * that disagrees is `differs` unless the normalised hashes match (`identical-normalized`: the streams differ only
 * in what the table normalises). Normalised hashes that differ prove the streams differ. Head and tail hashes that
 * together cover every byte (bytes <= 2 * hash_window) prove `identical`, as does an empty stream that is still
 * empty: there is no middle left unknown. */
export function streamVerdict(span: SpanObject, stream: StreamName, fresh: FreshStream): StreamVerdict {
  const fields = streamFields(span, stream);
  const window = hashWindow(span);
  const matched: string[] = [];
  const mismatched: string[] = [];
  const compare = (key: string, old: unknown, now: unknown): void => {
    (old === now ? matched : mismatched).push(key);
  };
  if (fields.bytes !== undefined) compare(`${stream}_bytes`, fields.bytes, fresh.bytes);
  const whole = [`${stream}_stream_sha256`, `${stream}_sha256`].filter((key) => isHash(span[key]));
  for (const key of whole) compare(key, span[key], fresh.sha256);
  const head = isHash(fields.headSha256);
  const tail = isHash(fields.tailSha256);
  if (head) compare(`${stream}_head_sha256`, fields.headSha256, fresh.headSha256);
  if (tail) compare(`${stream}_tail_sha256`, fields.tailSha256, fresh.tailSha256);

  const { normalized, note } = compareNormalized(span, stream, fresh);
  const result = (verdict: RerunVerdict): StreamVerdict => ({
    stream,
    verdict,
    matched,
    mismatched,
    oldBytes: fields.bytes,
    newBytes: fresh.bytes,
    normalized,
    normalizedNote: note,
  });
  const byBytes = rawVerdict(fields.bytes, mismatched.length > 0, whole.length > 0, head, tail, window);
  if (byBytes === "identical" || normalized === null) return result(byBytes);
  return result(normalized.match ? "identical-normalized" : "differs");
}

// The verdict the raw figures alone give.
function rawVerdict(bytes: number | undefined, mismatch: boolean, whole: boolean, head: boolean, tail: boolean, window: number): RerunVerdict {
  if (mismatch) return "differs";
  if (whole) return "identical";
  if (bytes === undefined) return "unverifiable";
  if (bytes === 0) return "identical";
  const covered = ((head || tail) && bytes <= window) || (head && tail && bytes <= 2 * window);
  if (covered) return "identical";
  return head && tail ? "same-ends" : "unverifiable";
}

/** The verdicts for both streams of `span` against a rerun's figures. A rerun that did not finish (`incomplete`
 * says why: it timed out, stalled, could not start, was killed) proves nothing: every verdict is `incomplete`,
 * though the figures compared are kept. */
export function verdictFor(span: SpanObject, fresh: Record<StreamName, FreshStream>, incomplete: string | null = null): RerunVerdicts {
  let streams = [streamVerdict(span, "stdout", fresh.stdout), streamVerdict(span, "stderr", fresh.stderr)];
  if (incomplete !== null) streams = streams.map((s) => ({ ...s, verdict: "incomplete" }));
  return { verdict: overallVerdict(streams.map((s) => s.verdict)), streams, incomplete };
}

/** Why a rerun's span cannot stand for a finished run, or null: it timed out, stalled, could not start, or was
 * killed by a signal the original span was not (toolspan's own limits, a forwarded Ctrl-C, an abort). */
export function incompleteReason(old: SpanObject, rerun: ToolSpan): string | null {
  if (rerun.error !== null || rerun.returncode === null) return `the rerun could not start (${rerun.error ?? "no returncode"})`;
  if (rerun.timed_out) return "the rerun timed out (--timeout): its streams are cut short";
  if (rerun.stalled) return "the rerun stalled (--idle-timeout, or a pipe held open): its streams may be cut short";
  if (rerun.signal !== null && rerun.signal !== old.signal) return `the rerun was killed by ${rerun.signal}: its streams are cut short`;
  return null;
}

/** A new span's figures for one stream, as verdictFor takes them (the span must use the old `hash_window`). */
export function freshStream(span: ToolSpan, stream: StreamName): FreshStream {
  return stream === "stdout"
    ? {
        bytes: span.stdout_bytes,
        sha256: span.stdout_stream_sha256,
        headSha256: span.stdout_head_sha256,
        tailSha256: span.stdout_tail_sha256,
        normalizedSha256: span.stdout_normalized_sha256,
      }
    : {
        bytes: span.stderr_bytes,
        sha256: span.stderr_stream_sha256,
        headSha256: span.stderr_head_sha256,
        tailSha256: span.stderr_tail_sha256,
        normalizedSha256: span.stderr_normalized_sha256,
      };
}
