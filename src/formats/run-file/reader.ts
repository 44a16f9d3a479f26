// The run-file reader's core, fed bytes however they are read (a stream, blocking reads of a byte range): lines
// as an editor numbers them (BOM and CR dropped, see line-splitter.ts), each line's items, a line past the limit
// as one tooLong item, and a file that is one pretty-printed JSON document gathered and read whole at the end.
import { opensDocument } from "../json-document.js";
import { STOP } from "../jsonl-lines.js";
import { LineSplitter, maxLineBytes } from "../line-splitter.js";
import type { ItemSink } from "./entry.js";
import { lineItems, valueItems } from "./items.js";
import { spanLines } from "./span-lines.js";

/** A pretty-printed document about to be handed on: `parsed` false when it did not parse whole, and its lines
 * follow one by one as in a JSON Lines file. */
export type DocumentNotice = (document: { first: number; parsed: boolean }) => void;

export interface ReaderOptions {
  /** Whether the first byte pushed is the file's first: only there is a BOM dropped and a document looked for
   * (a byte range from the middle of a file is JSON Lines; planRanges never cuts a document). Default true. */
  atFileStart?: boolean;
  /** The longest line read, in bytes (default maxLineBytes(): TOOLSPAN_MAX_LINE_BYTES, else 64 MiB). */
  maxLineBytes?: number;
  onDocument?: DocumentNotice;
}

export class RunFileReader {
  private readonly splitter: LineSplitter;
  private lookForDocument: boolean;
  private document: { lines: string[]; first: number } | null = null;
  /** The sink said STOP: nothing more is handed on. */
  stopped = false;

  constructor(
    private readonly emit: ItemSink,
    private readonly options: ReaderOptions = {},
  ) {
    const atFileStart = options.atFileStart ?? true;
    this.lookForDocument = atFileStart;
    this.splitter = new LineSplitter((text, line) => this.line(text, line), atFileStart, options.maxLineBytes ?? maxLineBytes(), (line, limit) =>
      this.tooLong(line, limit),
    );
  }

  /** Lines read so far, blank ones and those past the limit included. */
  get lines(): number {
    return this.splitter.lines;
  }

  push(chunk: Buffer): void {
    if (!this.stopped) this.splitter.push(chunk);
  }

  /** The end of the input: the last line without LF, then a gathered document's items. */
  end(): void {
    if (this.stopped) return;
    this.splitter.end();
    if (this.document !== null) this.readDocument(this.document);
  }

  private line(text: string, line: number): void {
    if (this.stopped) return;
    if (this.document !== null) {
      this.document.lines.push(text);
      return;
    }
    if (this.lookForDocument && text.trim() !== "") {
      this.lookForDocument = false;
      if (opensDocument(text)) {
        this.document = { lines: [text], first: line };
        return;
      }
    }
    if (!lineItems(text, line, this.emit)) this.stopped = true;
  }

  private tooLong(line: number, limit: number): void {
    if (this.stopped) return;
    // Inside a document its place is kept, so the lines after it keep their numbers.
    this.document?.lines.push("");
    if (this.emit({ kind: "tooLong", line, maxLineBytes: limit }) === STOP) this.stopped = true;
  }

  // A document is parsed whole, each OTLP span placed at its spanId's line; one that does not parse is read line
  // by line after all.
  private readDocument({ lines, first }: { lines: string[]; first: number }): void {
    let value: unknown;
    let parsed = true;
    try {
      value = JSON.parse(lines.join("\n"));
    } catch {
      parsed = false;
    }
    this.options.onDocument?.({ first, parsed });
    if (parsed) {
      this.stopped = !valueItems(value, first, this.emit, spanLines(lines, first));
      return;
    }
    for (let index = 0; index < lines.length && !this.stopped; index++) this.stopped = !lineItems(lines[index]!, first + index, this.emit);
  }
}
