// `read_output`: any byte range of a stored stream of this session, after the blob is verified against the span,
// decoded as UTF-8 on character boundaries (base64 when the bytes are not text), with where to read on.
import { open } from "node:fs/promises";
import { BlobProblem } from "../../store/verify-blob.js";
import { READ_DEFAULT_BYTES, READ_MAX_BYTES } from "../limits.js";
import { characterBounds, streamText } from "../stream-text.js";
import { ToolFailure, type McpTool } from "../tool.js";
import { STREAM_ARGUMENTS, STREAM_FIELDS, verifiedStream } from "./stored-stream.js";

// Bytes a range may move to land on character boundaries, read on either side of it.
const EDGE = 3;

export const readOutput: McpTool = {
  name: "read_output",
  title: "Read stored output",
  description:
    "Returns bytes of a stream a run call of this session stored, any of them, the ones that were cut included, after checking the stored " +
    "stream's sha256 against the span. `offset` counts from the start, or from the end when negative; the bytes come as UTF-8 text on character " +
    "boundaries (as base64 when they are not text), with next_offset to read on.",
  inputSchema: {
    type: "object",
    properties: {
      ...STREAM_ARGUMENTS,
      offset: { type: "integer", description: "the first byte: from the start, or from the end when negative (default 0)" },
      length: { type: "integer", minimum: 1, maximum: READ_MAX_BYTES, description: `how many bytes (default ${READ_DEFAULT_BYTES}, at most ${READ_MAX_BYTES})` },
    },
    required: ["span_id"],
    additionalProperties: false,
  },
  outputSchema: {
    type: "object",
    properties: {
      ...STREAM_FIELDS,
      offset: { type: "integer", minimum: 0, description: "the first byte given (moved back onto a character's start if need be)" },
      length: { type: "integer", minimum: 0, description: "bytes given" },
      next_offset: { type: ["integer", "null"], description: "where the next bytes start; null at the end of the stream" },
      encoding: { enum: ["utf-8", "base64"] },
      text: { type: "string" },
    },
    required: ["span_id", "stream", "offset", "length", "next_offset", "stream_bytes", "stream_sha256", "encoding", "text"],
  },
  annotations: { title: "Read stored output", readOnlyHint: true, openWorldHint: false },
  async call(args, { session }) {
    const { spanId, stream, blob, sha256 } = await verifiedStream(session, args);
    const size = blob.bytes;
    const asked = (args.offset as number | undefined) ?? 0;
    if (asked > size) throw new ToolFailure(`offset ${asked} is past the end of ${stream}, which has ${size} bytes`);
    const start = asked < 0 ? Math.max(0, size + asked) : asked;
    const end = Math.min(size, start + ((args.length as number | undefined) ?? READ_DEFAULT_BYTES));
    const from = Math.max(0, start - EDGE);
    const window = Buffer.alloc(Math.min(size, end + EDGE) - from);
    const file = await open(blob.path, "r");
    try {
      let read = 0;
      while (read < window.length) {
        const { bytesRead } = await file.read(window, read, window.length - read, from + read);
        if (bytesRead === 0) break;
        read += bytesRead;
      }
      if (read < window.length) throw new BlobProblem("tampered", `blob ${blob.path} is shorter than the ${size} bytes it was verified with`);
    } finally {
      await file.close();
    }
    await session.blobs.assertUnchanged(blob);
    // Text is moved onto character boundaries; bytes that are not text are given exactly as asked.
    const binary = streamText(window.subarray(start - from, end - from)).encoding === "base64";
    const bounds = binary ? { start, end } : characterBounds(start, end, size, (index) => window[index - from]);
    const { encoding, text } = binary ? { encoding: "base64" as const, text: window.subarray(start - from, end - from).toString("base64") } : streamText(window.subarray(bounds.start - from, bounds.end - from));
    const next = bounds.end < size ? bounds.end : null;
    const header = `${stream} bytes ${bounds.start}-${bounds.end} of ${size} (span ${spanId}, sha256 ${sha256} verified)${encoding === "base64" ? ", in base64: they are not UTF-8 text" : ""}; ${next === null ? "that is the end of the stream" : `next_offset ${next}`}.`;
    return {
      content: [{ type: "text", text: header }, ...(text === "" ? [] : [{ type: "text" as const, text }])],
      structuredContent: { span_id: spanId, stream, offset: bounds.start, length: bounds.end - bounds.start, next_offset: next, stream_bytes: size, stream_sha256: sha256, encoding, text },
    };
  },
};
