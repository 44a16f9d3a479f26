// Bytes of a stream as the model is handed them: text when they are UTF-8 (the bytes of a character cut by either
// edge of a range show as U+FFFD), else base64, and which of the two it is.

/** `utf-8`: `text` is the bytes decoded; `base64`: the bytes are binary (invalid UTF-8 or a NUL) and `text` is them in base64. */
export type TextEncoding = "utf-8" | "base64";

const isContinuation = (byte: number | undefined): boolean => byte !== undefined && (byte & 0xc0) === 0x80;

/** How many bytes a UTF-8 sequence that starts with `lead` has (1 for a byte that starts none). */
function sequenceLength(lead: number): number {
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  if (lead >= 0xe0) return lead <= 0xef ? 3 : 1;
  if (lead >= 0xc2) return 2;
  return 1;
}

/** The length of an unfinished character at the end of `bytes` (0 to 3). */
function unfinishedTail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if (isContinuation(byte)) continue;
    return sequenceLength(byte) > back ? back : 0;
  }
  return 0;
}

/** `bytes` as text or base64. Only a character cut by the edges of the range may be incomplete: elsewhere a byte that
 * is not UTF-8, or a NUL, makes the whole range base64. */
export function streamText(bytes: Buffer): { encoding: TextEncoding; text: string } {
  let lead = 0;
  while (lead < 3 && isContinuation(bytes[lead])) lead++;
  const core = bytes.subarray(lead, bytes.length - unfinishedTail(bytes.subarray(lead)));
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(core);
    if (!core.includes(0)) return { encoding: "utf-8", text: bytes.toString("utf8") };
  } catch {}
  return { encoding: "base64", text: bytes.toString("base64") };
}

/** `[start, end)` moved onto character boundaries of the stream whose bytes `at(i)` gives (undefined past its ends):
 * the start back to the first byte of its character, the end back to the start of a character it would cut, unless
 * that leaves nothing, then on to that character's end. At most 3 bytes move at either end. */
export function characterBounds(start: number, end: number, size: number, at: (index: number) => number | undefined): { start: number; end: number } {
  let from = start;
  while (from > 0 && start - from < 3 && isContinuation(at(from))) from--;
  if (isContinuation(at(from))) from = start;
  let to = end;
  if (to < size) {
    for (let back = 1; back <= 3 && to - back >= from; back++) {
      const byte = at(to - back);
      if (byte === undefined || isContinuation(byte)) continue;
      const length = sequenceLength(byte);
      if (length > back) to = to - back > from ? to - back : Math.min(size, to - back + length);
      break;
    }
  }
  return { start: from, end: to };
}
