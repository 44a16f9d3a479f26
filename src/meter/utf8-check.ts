// Decides utf-8 versus binary over a stream fed in arbitrary chunks, including characters split between chunks.
import { isUtf8 } from "node:buffer";

// Length of the sequence a lead byte starts, or 1 for bytes isUtf8 will judge on their own.
function sequenceLength(lead: number): number {
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  return 1;
}

const isContinuation = (byte: number): boolean => (byte & 0xc0) === 0x80;

/** `binary` once any byte is a NUL or breaks UTF-8 (a sequence cut off by the end of the stream included). */
export class Utf8Check {
  private binary = false;
  private pending: Buffer = Buffer.alloc(0);

  write(chunk: Uint8Array): void {
    if (this.binary || chunk.length === 0) return;
    if (chunk.indexOf(0) !== -1) {
      this.binary = true;
      return;
    }
    let start = 0;
    if (this.pending.length > 0) {
      const expected = sequenceLength(this.pending[0]!);
      const take = Math.min(expected - this.pending.length, chunk.length);
      const piece = Buffer.concat([this.pending, chunk.subarray(0, take)]);
      start = take;
      if (piece.length < expected) {
        this.pending = piece;
        return;
      }
      this.pending = Buffer.alloc(0);
      if (!isUtf8(piece)) {
        this.binary = true;
        return;
      }
    }
    let end = chunk.length;
    // A sequence whose lead is among the last three bytes may continue in the next chunk.
    for (let i = end - 1; i >= Math.max(start, end - 3); i--) {
      const byte = chunk[i]!;
      if (isContinuation(byte)) continue;
      if (sequenceLength(byte) > end - i) {
        this.pending = Buffer.from(chunk.subarray(i, end));
        end = i;
      }
      break;
    }
    if (end > start && !isUtf8(chunk.subarray(start, end))) this.binary = true;
  }

  /** The verdict for everything written; a sequence left incomplete at the end makes the stream binary. */
  result(): "utf-8" | "binary" {
    return this.binary || this.pending.length > 0 ? "binary" : "utf-8";
  }
}
