// Splits a byte stream into lines as a text editor numbers them: LF ends a line, a CR before it is
// dropped, a last line without LF still counts, a UTF-8 BOM at the very start is not part of line 1.
// Lines are cut on bytes and each is decoded alone: one non-ASCII character then costs its own line a
// two-byte string, not a whole chunk (which makes decoding and JSON.parse of every line on it slower).

const LF = 0x0a;
const CR = 0x0d;

export class LineSplitter {
  /** Bytes of a line begun in an earlier chunk (copies: callers may reuse their buffers). */
  private pending: Buffer[] = [];
  /** At the file's start, bytes held until there are three, enough to tell a BOM. */
  private start: Buffer | null;
  /** Lines handed out so far. */
  lines = 0;

  /** `atFileStart`: whether the first byte fed is the file's first byte (only there is a BOM dropped). */
  constructor(
    private readonly onLine: (text: string, line: number) => void,
    atFileStart = true,
  ) {
    this.start = atFileStart ? Buffer.alloc(0) : null;
  }

  push(chunk: Buffer): void {
    if (this.start === null) {
      this.scan(chunk, 0);
      return;
    }
    const head = Buffer.concat([this.start, chunk]);
    if (head.length < 3) {
      this.start = head;
      return;
    }
    this.start = null;
    this.scan(head, head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0);
  }

  end(): void {
    if (this.start !== null) {
      // Fewer than three bytes in all: too short to be a BOM and a line.
      const head = this.start;
      this.start = null;
      this.scan(head, 0);
    }
    if (this.pending.length === 0) return;
    const last = Buffer.concat(this.pending);
    this.pending = [];
    this.emit(last, 0, last.length);
  }

  private scan(chunk: Buffer, from: number): void {
    for (let newline = chunk.indexOf(LF, from); newline !== -1; newline = chunk.indexOf(LF, from)) {
      if (this.pending.length > 0) {
        this.pending.push(chunk.subarray(from, newline));
        const line = Buffer.concat(this.pending);
        this.pending = [];
        this.emit(line, 0, line.length);
      } else {
        this.emit(chunk, from, newline);
      }
      from = newline + 1;
    }
    if (from < chunk.length) this.pending.push(Buffer.from(chunk.subarray(from)));
  }

  /** Hands on bytes [start, stop) of `bytes`, without a trailing CR. */
  private emit(bytes: Buffer, start: number, stop: number): void {
    const end = stop > start && bytes[stop - 1] === CR ? stop - 1 : stop;
    this.lines++;
    this.onLine(bytes.toString("utf8", start, end), this.lines);
  }
}
