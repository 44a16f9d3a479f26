// The JSON Schema of a `run` answer's structured content: the span's figures for the call, each stream's kept
// bytes and cuts, and the calls that show what was cut.
import type { JsonSchema } from "../tool.js";

const count = { type: "integer", minimum: 0 };
const sha256 = { type: "string", pattern: "^[0-9a-f]{64}$" };

/** A range of a stream: bytes [offset, offset + length). */
export const BYTE_RANGE_SCHEMA: JsonSchema = {
  type: "object",
  properties: { offset: count, length: count },
  required: ["offset", "length"],
};

const STREAM_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    bytes: { ...count, description: "every byte the command wrote to the stream, before any cut" },
    kept_bytes: { ...count, description: "the bytes of it in this answer" },
    truncated: { type: "boolean", description: "true when bytes were cut" },
    encoding: { enum: ["utf-8", "binary"], description: "the whole stream's encoding, as the span records it" },
    stream_sha256: { ...sha256, description: "sha256 of the whole stream" },
    stored: { type: "boolean", description: "the whole stream is stored: search_output and read_output can show any of it" },
    store_error: { type: ["string", "null"], description: "why it is not stored" },
    kept_encoding: { enum: ["utf-8", "base64"], description: "how the kept bytes are given in kept[].text" },
    kept: {
      type: "array",
      items: { type: "object", properties: { offset: count, length: count, text: { type: "string" } }, required: ["offset", "length", "text"] },
      description: "the bytes you got, in stream order",
    },
    cut: { type: "array", items: BYTE_RANGE_SCHEMA, description: "the bytes you did not get" },
  },
  required: ["bytes", "kept_bytes", "truncated", "encoding", "stream_sha256", "stored", "store_error", "kept_encoding", "kept", "cut"],
};

/** A call that shows more, ready to make. */
export const FOLLOW_UP_SCHEMA: JsonSchema = {
  type: "object",
  properties: { tool: { enum: ["search_output", "read_output"] }, arguments: { type: "object" }, why: { type: "string" } },
  required: ["tool", "arguments", "why"],
};

export const RUN_OUTPUT_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    span_id: { type: "string", description: "the span of this call: read_output and search_output take it" },
    run_id: { type: "string", description: "the session's id" },
    command: { type: "string" },
    cwd: { type: "string" },
    returncode: { type: ["integer", "null"], description: "the exit status, 128+N when killed by signal N; null when it could not start" },
    signal: { type: ["string", "null"] },
    timed_out: { type: "boolean" },
    stalled: { type: "boolean" },
    error: { type: ["string", "null"], description: "why the command could not start" },
    duration_ms: { type: "number", minimum: 0 },
    stdout: STREAM_SCHEMA,
    stderr: STREAM_SCHEMA,
    follow_up: { type: "array", items: FOLLOW_UP_SCHEMA, description: "the calls that show what was cut" },
  },
  required: ["span_id", "run_id", "command", "cwd", "returncode", "signal", "timed_out", "stalled", "error", "duration_ms", "stdout", "stderr", "follow_up"],
};
