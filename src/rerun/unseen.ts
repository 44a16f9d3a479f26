// Which bytes of a stream the model never saw, from the cap and keep policy it was clipped with: pure.
import { KEEP_POLICIES } from "../contract/constants.js";
import type { KeepPolicy, StreamName } from "../contract/span.js";
import type { SpanObject } from "../contract/span-fields.js";
import { headShare } from "../meter/keep.js";
import { streamFields } from "../contract/span-fields.js";
import { unverifiableReason } from "../contract/transcript-span.js";

/** Bytes `start` (inclusive) to `end` (exclusive) of a stream. */
export interface ByteRange {
  start: number;
  end: number;
}

/** The ranges a cap keeps of a stream of `bytes` bytes, in stream order: head → [0, cap), tail →
 * [n−cap, n), head+tail → [0, ceil(cap/2)) and [n−floor(cap/2), n). The whole stream when it fits. */
export function keptRanges(bytes: number, cap: number | null, keep: KeepPolicy): ByteRange[] {
  if (cap === null || bytes <= cap) return bytes === 0 ? [] : [{ start: 0, end: bytes }];
  const head = headShare(cap, keep);
  const tail = cap - head;
  return [
    { start: 0, end: head },
    { start: bytes - tail, end: bytes },
  ].filter((range) => range.end > range.start);
}

/** The ranges the model never saw: head → [cap, n), tail → [0, n−cap), head+tail → [ceil(cap/2), n−floor(cap/2)). */
export function unseenRanges(bytes: number, cap: number | null, keep: KeepPolicy): ByteRange[] {
  if (cap === null || bytes <= cap) return [];
  const head = headShare(cap, keep);
  return [{ start: head, end: bytes - (cap - head) }];
}

/** What was unseen of one stream, and on which figures that rests. */
export interface UnseenPlan {
  stream: StreamName;
  /** The old span's cap; null when it had none, or none of the right type. */
  cap: number | null;
  /** The stream was clipped at a cap the span cannot state (a transcript's clip): every byte is shown as unseen,
   * since which of them the model saw is not known. */
  capUnknown: boolean;
  /** A transcript span whose result the transcript cannot show (`source.unverifiable`): every byte is shown as
   * unseen too, since what the model got of it is not known. */
  resultUnknown: boolean;
  keep: KeepPolicy;
  /** The old span has no valid `{stream}_keep` (the published example records do not): `head`, Tool Previews Lie's policy, is assumed. */
  keepAssumed: boolean;
  oldBytes: number | undefined;
  newBytes: number;
  /** The new stream's length differs from the old: the ranges are the old cap and keep applied to the new stream. */
  onNewLength: boolean;
  ranges: ByteRange[];
  /** The ranges the model would be given of the new stream, for comparing previews. */
  kept: ByteRange[];
}

/** The unseen ranges of the new stream (`newBytes` long) under the old span's cap and keep policy. */
export function unseenPlan(span: SpanObject, stream: StreamName, newBytes: number): UnseenPlan {
  const fields = streamFields(span, stream);
  const recorded = span[`${stream}_keep`];
  const keepAssumed = !(KEEP_POLICIES as readonly unknown[]).includes(recorded);
  const keep = keepAssumed ? "head" : (recorded as KeepPolicy);
  const cap = fields.cap ?? null;
  const capUnknown = fields.cap === undefined && fields.truncated === true;
  const resultUnknown = !capUnknown && unverifiableReason(span) !== null;
  const unknown = capUnknown || resultUnknown;
  const whole = newBytes === 0 ? [] : [{ start: 0, end: newBytes }];
  return {
    stream,
    cap,
    capUnknown,
    resultUnknown,
    keep,
    keepAssumed,
    oldBytes: fields.bytes,
    newBytes,
    onNewLength: fields.bytes !== undefined && fields.bytes !== newBytes,
    ranges: unknown ? whole : unseenRanges(newBytes, cap, keep),
    kept: unknown ? [] : keptRanges(newBytes, cap, keep),
  };
}
