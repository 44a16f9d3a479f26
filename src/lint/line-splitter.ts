// Splits a byte stream into lines as a text editor numbers them: LF ends a line, a CR before it is
// dropped, a last line without LF still counts, a UTF-8 BOM at the very start is not part of line 1.
import { StringDecoder } from "node:string_decoder";

export class LineSplitter {
  private readonly decoder = new StringDecoder("utf8");
  private pending: string[] = [];
  private atStart: boolean;
  /** Lines handed out so far. */
  lines = 0;

  /** `atFileStart`: whether the first byte fed is the file's first byte (only there is a BOM dropped). */
  constructor(
    private readonly onLine: (text: string, line: number) => void,
    atFileStart = true,
  ) {
    this.atStart = atFileStart;
  }

  push(chunk: Buffer): void {
    let text = this.decoder.write(chunk);
    if (this.atStart && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.atStart = false;
    }
    let from = 0;
    for (let newline = text.indexOf("\n"); newline !== -1; newline = text.indexOf("\n", from)) {
      let piece = text.slice(from, newline);
      if (this.pending.length > 0) {
        this.pending.push(piece);
        piece = this.pending.join("");
        this.pending = [];
      }
      this.emit(piece.endsWith("\r") ? piece.slice(0, -1) : piece);
      from = newline + 1;
    }
    if (from < text.length) this.pending.push(text.slice(from));
  }

  end(): void {
    const rest = this.decoder.end();
    if (rest) this.pending.push(rest);
    if (this.pending.length === 0) return;
    const last = this.pending.join("");
    this.pending = [];
    this.emit(last.endsWith("\r") ? last.slice(0, -1) : last);
  }

  private emit(text: string): void {
    this.lines++;
    this.onLine(text, this.lines);
  }
}
