// The stored preview against the same part of the new stream, as a unified diff: pure.
import { formatPatch, structuredPatch, FILE_HEADERS_ONLY } from "diff";
import type { StreamName } from "../contract/span.js";
import { buildPreview } from "../meter/preview.js";
import { normalizeForDiff } from "../meter/normalize.js";

/** One stream's comparison: text with a patch, or a binary stream that only hashes can compare. */
export type PreviewDiff =
  | { stream: StreamName; kind: "binary" }
  | {
      stream: StreamName;
      kind: "text";
      /** Whether NORMALIZATIONS were applied to both sides first. */
      normalized: boolean;
      /** The two sides differ (after normalising, when it was on). */
      changed: boolean;
      /** The unified diff; "" when nothing changed. */
      patch: string;
      /** The new stream's preview, as the stored one was built (before normalising). */
      newPreview: string;
    };

/** What previewDiff compares for one stream. */
export interface PreviewDiffInput {
  stream: StreamName;
  /** `preview_{stream}` of the old span. */
  preview: string;
  /** The first bytes of what the old cap and keep would keep of the new stream (at least previewPrefixBytes of them when there are). */
  newKeptPrefix: Uint8Array;
  /** `newKeptPrefix` is all of those kept bytes. */
  complete: boolean;
  /** The old span's `preview_chars`. */
  previewChars: number;
  /** Either stream's encoding, old or new, is binary: nothing is decoded. */
  binary: boolean;
  /** Apply normalizeForDiff to both sides (default true). */
  normalize?: boolean;
}

/** Builds the new stream's preview the way the stored one was built (same kept part, same `preview_chars`),
 * so an unchanged stream gives an empty diff, and diffs the two. */
export function previewDiff(input: PreviewDiffInput): PreviewDiff {
  const { stream } = input;
  if (input.binary) return { stream, kind: "binary" };
  const normalized = input.normalize ?? true;
  const newPreview = buildPreview(input.newKeptPrefix, input.complete, input.previewChars);
  const before = normalized ? normalizeForDiff(input.preview) : input.preview;
  const after = normalized ? normalizeForDiff(newPreview) : newPreview;
  if (before === after) return { stream, kind: "text", normalized, changed: false, patch: "", newPreview };
  const patch = formatPatch(
    structuredPatch(`stored preview_${stream}`, `rerun ${stream}`, before, after, undefined, undefined, { context: 3 }),
    FILE_HEADERS_ONLY,
  );
  return { stream, kind: "text", normalized, changed: true, patch, newPreview };
}
