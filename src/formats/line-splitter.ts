// Splits a byte stream into lines as a text editor numbers them: LF ends a line, a CR before it is
// dropped, a last line without LF still counts, a UTF-8 BOM at the very start is not part of line 1.
// Lines are cut on bytes and each is decoded alone: one non-ASCII character then costs its own line a
// two-byte string, not a whole chunk (which makes decoding and JSON.parse of every line on it slower).
import { ToolspanError } from "../util/errors.js";

const LF = 0x0a;
const CR = 0x0d;

/** A line longer than the splitter's limit: reading stops there instead of gathering it without bound. It names the
 * limit as the library's option, `maxLineBytes` (the CLI shows its flag for it). */
export class LineTooLong extends ToolspanError {
  constructor(
    readonly line: number,
    readonly maxLineBytes: number,
  ) {
    super(`line ${line} is longer than ${maxLineBytes} bytes (maxLineBytes raises the limit)`, "maxLineBytes");
    this.name = "LineTooLong";
  }
}

/** The longest line read by default (64 MiB): far past any span, short of what /dev/zero-like input would gather. */
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

/** The limit: TOOLSPAN_MAX_LINE_BYTES when it is a whole number > 0, else the default. */
export function maxLineBytes(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.TOOLSPAN_MAX_LINE_BYTES);
  return Number.isSafeInteger(value) && value > 0 ? value : DEFAULT_MAX_LINE_BYTES;
}

export class LineSplitter {
  /** Bytes of a line begun in an earlier chunk (copies: callers may reuse their buffers). */
  private pending: Buffer[] = [];
  /** At the file's start, bytes held until there are three, enough to tell a BOM. */
  private start: Buffer | null;
  /** Bytes in `pending`. */
  private pendingBytes = 0;
  /** Lines handed out so far. */
  lines = 0;

  /** Inside a line past the limit, whose bytes are dropped up to its LF. */
  private skipping = false;

  /** `atFileStart`: whether the first byte fed is the file's first byte (only there is a BOM dropped). A line longer
   * than `limit` bytes goes to `onTooLong` (its bytes dropped, reading goes on), or without one throws LineTooLong
   * from push or end. */
  constructor(
    private readonly onLine: (text: string, line: number) => void,
    atFileStart = true,
    private readonly limit = maxLineBytes(),
    private readonly onTooLong?: (line: number, limit: number) => void,
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
    this.skipping = false;
    if (this.pending.length === 0) return;
    const last = Buffer.concat(this.pending);
    this.pending = [];
    this.emit(last, 0, last.length);
  }

  private scan(chunk: Buffer, from: number): void {
    for (let newline = chunk.indexOf(LF, from); newline !== -1; newline = chunk.indexOf(LF, from)) {
      if (this.skipping) {
        this.skipping = false;
        from = newline + 1;
        continue;
      }
      if (this.bound(newline - from)) {
        this.skipping = false;
        from = newline + 1;
        continue;
      }
      if (this.pending.length > 0) {
        this.pending.push(chunk.subarray(from, newline));
        const line = Buffer.concat(this.pending);
        this.pending = [];
        this.pendingBytes = 0;
        this.emit(line, 0, line.length);
      } else {
        this.emit(chunk, from, newline);
      }
      from = newline + 1;
    }
    if (from < chunk.length && !this.skipping && !this.bound(chunk.length - from)) {
      this.pending.push(Buffer.from(chunk.subarray(from)));
      this.pendingBytes += chunk.length - from;
    }
  }

  // The line being gathered grows by `more` bytes: past the limit it is not held. True when it is over (and was
  // reported): its bytes are dropped up to its LF.
  private bound(more: number): boolean {
    if (this.pendingBytes + more <= this.limit) return false;
    this.pending = [];
    this.pendingBytes = 0;
    this.lines++;
    if (!this.onTooLong) throw new LineTooLong(this.lines, this.limit);
    this.onTooLong(this.lines, this.limit);
    this.skipping = true;
    return true;
  }

  /** Hands on bytes [start, stop) of `bytes`, without a trailing CR. */
  private emit(bytes: Buffer, start: number, stop: number): void {
    const end = stop > start && bytes[stop - 1] === CR ? stop - 1 : stop;
    this.lines++;
    this.onLine(bytes.toString("utf8", start, end), this.lines);
  }
}
