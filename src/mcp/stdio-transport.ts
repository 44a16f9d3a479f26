// The MCP stdio transport, one JSON-RPC message a line, that answers what it cannot read as JSON-RPC 2.0 says: a line
// that is not JSON gets a parse error (-32700), one that is no JSON-RPC message an invalid request (-32600), both with
// the request's id where it has one, else null. The SDK's own transport drops such lines without an answer, and ends
// the session on a message over its buffer; here a line over the limit is skipped as it streams past, in constant
// memory, and answered, and the session goes on.
import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { writeWithBackpressure } from "../util/backpressure.js";

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

// The id of a request that could be read as JSON but not as a message, if it has a usable one.
function idOf(value: unknown): string | number | null {
  const id = typeof value === "object" && value !== null ? (value as { id?: unknown }).id : undefined;
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null;
}

/** A Transport over a pair of streams (the process's stdin and stdout by default). */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private parts: Buffer[] = [];
  private held = 0;
  private overLimit = false;
  private closed = false;

  constructor(
    private readonly maxBytes: number,
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
  ) {}

  async start(): Promise<void> {
    this.input.on("data", this.onData);
    this.input.on("end", this.onEnd);
    this.input.on("error", this.onEnd);
    this.output.on("error", this.onEnd);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    await writeWithBackpressure(this.output, `${JSON.stringify(message)}\n`);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off("data", this.onData);
    this.input.pause();
    this.onclose?.();
  }

  private readonly onEnd = (): void => {
    void this.close();
  };

  private readonly onData = (chunk: Buffer): void => {
    let from = 0;
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, from)) {
      this.hold(chunk.subarray(from, at));
      this.line();
      from = at + 1;
    }
    this.hold(chunk.subarray(from));
  };

  private hold(piece: Buffer): void {
    if (this.overLimit || piece.length === 0) return;
    if (this.held + piece.length > this.maxBytes) {
      this.overLimit = true;
      this.parts = [];
      this.held = 0;
      return;
    }
    this.parts.push(Buffer.from(piece));
    this.held += piece.length;
  }

  private line(): void {
    const over = this.overLimit;
    const text = Buffer.concat(this.parts, this.held).toString("utf8").replace(/\r$/, "");
    this.parts = [];
    this.held = 0;
    this.overLimit = false;
    if (over) return this.refuse(null, INVALID_REQUEST, `a message over ${this.maxBytes} bytes was skipped`);
    if (text.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return this.refuse(null, PARSE_ERROR, `Parse error: ${(error as Error).message}`);
    }
    if (Array.isArray(value)) return this.refuse(null, INVALID_REQUEST, "Invalid Request: batches are not part of MCP");
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) return this.refuse(idOf(value), INVALID_REQUEST, "Invalid Request: not a JSON-RPC 2.0 request, notification or response");
    this.onmessage?.(parsed.data);
  }

  private refuse(id: string | number | null, code: number, message: string): void {
    this.onerror?.(new Error(message));
    // The SDK's message type has no null id; JSON-RPC 2.0 answers an unreadable request with one.
    const answer = { jsonrpc: "2.0", id, error: { code, message } } as unknown as JSONRPCMessage;
    this.send(answer).catch((error: Error) => this.onerror?.(error));
  }
}
