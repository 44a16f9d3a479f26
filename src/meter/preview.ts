// The preview: the first characters of the kept bytes, as the model would read them decoded.
import { firstCodePoints } from "../util/code-points.js";

/** Bytes of kept output that always hold the first `previewChars` characters: 4 per character, plus one
 * more sequence so the decoder can settle whether the last of them is a replacement character. */
export function previewPrefixBytes(previewChars: number): number {
  return previewChars === 0 ? 0 : previewChars * 4 + 4;
}

/**
 * Decodes a prefix of the kept bytes (`complete` says whether it is all of them) and returns at most
 * `previewChars` code points. Invalid bytes become U+FFFD as a UTF-8 decoder shows them; a character
 * is never cut in half by the preview limit, and a byte-order mark is kept, because the model saw it.
 */
export function buildPreview(keptPrefix: Uint8Array, complete: boolean, previewChars: number): string {
  if (previewChars === 0 || keptPrefix.length === 0) return "";
  const decoder = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });
  const text = decoder.decode(keptPrefix, { stream: !complete });
  return firstCodePoints(text, previewChars);
}

