// Keeps the first `capacity` bytes of a stream: head hashes and the preview need no more.

/** The first `capacity` bytes written; later bytes are ignored. Copies, so callers may reuse their chunks. */
export class PrefixWindow {
  private readonly parts: Buffer[] = [];
  private filled = 0;

  constructor(readonly capacity: number) {}

  get full(): boolean {
    return this.filled >= this.capacity;
  }

  write(chunk: Uint8Array): void {
    const room = this.capacity - this.filled;
    if (room <= 0 || chunk.length === 0) return;
    const part = Buffer.from(chunk.subarray(0, room));
    this.parts.push(part);
    this.filled += part.length;
  }

  contents(): Buffer {
    return Buffer.concat(this.parts, this.filled);
  }
}
