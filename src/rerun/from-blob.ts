// A rerun that runs nothing: when the span's streams are in a blob store and verify, they are the streams.
import { STREAMS } from "../contract/constants.js";
import type { StreamName, ToolSpan } from "../contract/span.js";
import { hashWindow, previewChars } from "../contract/span-fields.js";
import { StreamMeter, type StreamMeasure } from "../meter/stream-meter.js";
import { BUILTIN_RULES } from "../redact/rules.js";
import { newSpanId } from "../run/ids.js";
import { buildSpan } from "../run/record.js";
import { BlobProblem, verifyBlob, type VerifiedBlob } from "../store/verify-blob.js";
import type { LocatedSpan } from "./locate-span.js";

/** Both streams of a span, verified in the store, each with its uncapped figures measured as it was verified. */
export type StoredStreams = Record<StreamName, VerifiedBlob & { measure: StreamMeasure }>;

/** The span's verified blobs in `dir`, or null when either stream has none there (the rerun must run). A blob
 * that is there but damaged rejects with BlobProblem: the store itself is in doubt. Each blob is read once. */
export async function storedStreams(span: LocatedSpan["span"], dir: string): Promise<StoredStreams | null> {
  try {
    return { stdout: await verifiedAndMeasured(span, "stdout", dir), stderr: await verifiedAndMeasured(span, "stderr", dir) };
  } catch (error) {
    if (error instanceof BlobProblem && error.kind !== "tampered") return null;
    throw error;
  }
}

async function verifiedAndMeasured(span: LocatedSpan["span"], stream: StreamName, dir: string): Promise<VerifiedBlob & { measure: StreamMeasure }> {
  const meter = new StreamMeter({ cap: null, hashWindow: hashWindow(span), previewChars: previewChars(span), redact: BUILTIN_RULES, onKept: () => {}, normalizeMaxBytes: Infinity });
  const blob = await verifyBlob(span, stream, dir, (chunk) => meter.write(chunk));
  return { ...blob, measure: meter.end() };
}

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** The uncapped span of the stored streams: the old span's command and outcome, the blobs' figures. */
export async function spanFromBlobs(of: LocatedSpan, stored: StoredStreams): Promise<ToolSpan> {
  const [stdout, stderr] = STREAMS.map((stream) => stored[stream].measure);
  const old = of.span;
  return buildSpan(
    {
      runId: text(old.run_id) ?? "",
      spanId: newSpanId(),
      parentSpanId: text(old.parent_span_id),
      toolName: text(old.tool_name) ?? of.argv[0]!,
      argv: of.argv,
      // A redacted argv stays redacted, and says so.
      argvRedactions: Number.isSafeInteger(old.argv_redactions) ? (old.argv_redactions as number) : null,
      cwd: of.cwd,
      startedAt: new Date(),
      durationMs: 0,
      returncode: typeof old.returncode === "number" ? old.returncode : null,
      signal: text(old.signal),
      timedOut: old.timed_out === true,
      stalled: old.stalled === true,
      error: text(old.error),
      redaction: "on",
      blobs: { stdout: { blob: text(old.stdout_blob)!, error: null }, stderr: { blob: text(old.stderr_blob)!, error: null } },
    },
    stdout!,
    stderr!,
  );
}
