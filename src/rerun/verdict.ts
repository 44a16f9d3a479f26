// What a rerun proves about the original stream, from the old span's figures and the new stream's: pure.
import type { RerunVerdict, StreamName, ToolSpan } from "../contract/span.js";
import type { SpanObject } from "../lint/rule.js";
import { hashWindow, isHash, streamFields } from "../lint/span-fields.js";

/** The new stream's figures; head and tail hashes must be taken over the **old** span's `hash_window`. */
export interface FreshStream {
  bytes: number;
  /** sha256 of every byte of the new stream. */
  sha256: string;
  headSha256: string | null;
  tailSha256: string | null;
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
}

/** Both streams' verdicts and the overall one. */
export interface RerunVerdicts {
  verdict: RerunVerdict;
  streams: StreamVerdict[];
}

// The strongest claim comes last: an overall verdict is the weakest of the streams'.
const RANK: Record<RerunVerdict, number> = { differs: 0, unverifiable: 1, "same-ends": 2, identical: 3 };

/** differs if any stream differs, else unverifiable if any is, else same-ends if any, else identical. */
export function overallVerdict(verdicts: readonly RerunVerdict[]): RerunVerdict {
  return verdicts.reduce<RerunVerdict>((worst, verdict) => (RANK[verdict] < RANK[worst] ? verdict : worst), "identical");
}

/** Compares one stream. Hashes that are not 64 lowercase hex count as absent; a byte count or any present hash
 * that disagrees is `differs`. Head and tail hashes that together cover every byte (bytes <= 2 * hash_window)
 * prove `identical`, as does an empty stream that is still empty: there is no middle left unknown. */
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

  const result = (verdict: RerunVerdict): StreamVerdict => ({
    stream,
    verdict,
    matched,
    mismatched,
    oldBytes: fields.bytes,
    newBytes: fresh.bytes,
  });
  if (mismatched.length > 0) return result("differs");
  if (whole.length > 0) return result("identical");
  if (fields.bytes === undefined) return result("unverifiable");
  if (fields.bytes === 0) return result("identical");
  const n = fields.bytes;
  const covered = ((head || tail) && n <= window) || (head && tail && n <= 2 * window);
  if (covered) return result("identical");
  return result(head && tail ? "same-ends" : "unverifiable");
}

/** The verdicts for both streams of `span` against a rerun's figures. */
export function verdictFor(span: SpanObject, fresh: Record<StreamName, FreshStream>): RerunVerdicts {
  const streams = [streamVerdict(span, "stdout", fresh.stdout), streamVerdict(span, "stderr", fresh.stderr)];
  return { verdict: overallVerdict(streams.map((s) => s.verdict)), streams };
}

/** A new span's figures for one stream, as verdictFor takes them (the span must use the old `hash_window`). */
export function freshStream(span: ToolSpan, stream: StreamName): FreshStream {
  return stream === "stdout"
    ? { bytes: span.stdout_bytes, sha256: span.stdout_stream_sha256, headSha256: span.stdout_head_sha256, tailSha256: span.stdout_tail_sha256 }
    : { bytes: span.stderr_bytes, sha256: span.stderr_stream_sha256, headSha256: span.stderr_head_sha256, tailSha256: span.stderr_tail_sha256 };
}
