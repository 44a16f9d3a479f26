// The line that tells the model a stream was clipped, appended after the kept bytes it was given.
import type { StreamName } from "../contract/span.js";
import type { StreamMeasure } from "../meter/stream-meter.js";
import { headShare } from "../meter/keep.js";

function keptPart(measure: StreamMeasure): string {
  if (measure.keep !== "head+tail" || measure.cap === null) return measure.keep;
  const head = headShare(measure.cap, "head+tail");
  return `head+tail: first ${head} and last ${measure.cap - head}`;
}

/** The most bytes a marker takes (a leading newline, every count at its widest): what the cap sets aside for it. A
 * cap smaller than the marker cannot hold it, and the marker then comes on top of the kept bytes. */
export const MARKER_RESERVE = 320;

/** The marker for a clipped stream, on a line of its own; null when nothing was clipped. */
export function clipMarker(
  stream: StreamName,
  measure: StreamMeasure,
  spanId: string,
  keptEndsWithNewline: boolean,
): string | null {
  if (!measure.truncated) return null;
  const lead = measure.keptBytes > 0 && !keptEndsWithNewline ? "\n" : "";
  return (
    `${lead}[toolspan: ${stream} clipped: kept ${measure.keptBytes} of ${measure.bytes} bytes (${keptPart(measure)}); ` +
    `sha256 of the whole stream ${measure.streamSha256}; span ${spanId}]\n`
  );
}
