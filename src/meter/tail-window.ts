// Keeps the last `capacity` bytes of a stream in a ring, so tail hashes and tail caps cost constant memory.

/** The last `capacity` bytes written, whatever the stream's length. Memory grows only up to `capacity`. */
export class TailWindow {
  private buf = Buffer.alloc(0);
  private filled = 0;
  private oldest = 0;

  constructor(readonly capacity: number) {}

  write(chunk: Uint8Array): void {
    const cap = this.capacity;
    const len = chunk.length;
    if (cap === 0 || len === 0) return;
    if (len >= cap) {
      this.ensureSize(cap);
      this.buf.set(chunk.subarray(len - cap), 0);
      this.oldest = 0;
      this.filled = cap;
      return;
    }
    if (this.filled + len <= cap) {
      // Not yet full: data is still linear from index 0.
      this.ensureSize(this.filled + len);
      this.buf.set(chunk, this.filled);
      this.filled += len;
      return;
    }
    this.ensureSize(cap);
    const writeAt = (this.oldest + this.filled) % cap;
    const first = Math.min(len, cap - writeAt);
    this.buf.set(chunk.subarray(0, first), writeAt);
    if (first < len) this.buf.set(chunk.subarray(first), 0);
    this.oldest = (writeAt + len) % cap;
    this.filled = cap;
  }

  /** A copy of the window's bytes, oldest first. */
  contents(): Buffer {
    if (this.filled < this.capacity || this.oldest === 0) return Buffer.from(this.buf.subarray(0, this.filled));
    return Buffer.concat([this.buf.subarray(this.oldest), this.buf.subarray(0, this.oldest)]);
  }

  // Grows by doubling so short streams under a large cap allocate only what they wrote.
  private ensureSize(needed: number): void {
    if (this.buf.length >= needed) return;
    const size = Math.min(this.capacity, Math.max(needed, this.buf.length * 2, 256));
    const grown = Buffer.alloc(size);
    this.buf.copy(grown, 0, 0, this.filled);
    this.buf = grown;
  }
}
