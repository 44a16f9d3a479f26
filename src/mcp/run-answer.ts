// What a `run` call answers: a few lines that say what the model got of how much and which calls show the rest, the
// kept bytes with each cut marked where it is, and the same as structured content, the span's figures included.
import type { StreamName, ToolSpan } from "../contract/span.js";
import { jsonText } from "../formats/safe-text.js";
import { FAILURE_PATTERN } from "../harness/notice.js";
import { headShare } from "../meter/keep.js";
import { READ_DEFAULT_BYTES } from "./limits.js";
import { streamText, type TextEncoding } from "./stream-text.js";
import type { TextBlock, ToolAnswer } from "./tool.js";

/** A range of a stream's bytes: [offset, offset + length). */
export interface ByteSpan {
  offset: number;
  length: number;
}

/** A tool call the model can make next, with its exact arguments. */
export interface FollowUp {
  tool: "search_output" | "read_output";
  arguments: Record<string, unknown>;
  why: string;
}

interface StreamAnswer {
  bytes: number;
  kept_bytes: number;
  truncated: boolean;
  encoding: "utf-8" | "binary";
  stream_sha256: string;
  stored: boolean;
  store_error: string | null;
  kept_encoding: TextEncoding;
  kept: (ByteSpan & { text: string })[];
  cut: ByteSpan[];
}

/** Which bytes of a stream the span says were kept, and which were cut. */
export function keptSpans(bytes: number, cap: number | null, truncated: boolean, keep: ToolSpan["stdout_keep"]): { kept: ByteSpan[]; cut: ByteSpan[] } {
  if (!truncated || cap === null) return { kept: bytes === 0 ? [] : [{ offset: 0, length: bytes }], cut: [] };
  const head = Math.min(headShare(cap, keep), cap);
  const tail = cap - head;
  const kept = [...(head > 0 ? [{ offset: 0, length: head }] : []), ...(tail > 0 ? [{ offset: bytes - tail, length: tail }] : [])];
  return { kept, cut: [{ offset: head, length: bytes - tail - head }] };
}

function streamAnswer(span: ToolSpan, stream: StreamName, keptBytes: Buffer): StreamAnswer {
  const bytes = span[`${stream}_bytes`];
  const { kept, cut } = keptSpans(bytes, span[`${stream}_cap`], span[`${stream}_truncated`], span[`${stream}_keep`]);
  let at = 0;
  const pieces = kept.map((range) => {
    const piece = keptBytes.subarray(at, at + range.length);
    at += range.length;
    return { range, piece };
  });
  // One encoding for the stream's kept bytes: base64 as soon as a piece is not text.
  const texts = pieces.map(({ piece }) => streamText(piece));
  const encoding: TextEncoding = texts.some((text) => text.encoding === "base64") ? "base64" : "utf-8";
  const blob = span[`${stream}_blob`];
  return {
    bytes,
    kept_bytes: keptBytes.length,
    truncated: span[`${stream}_truncated`],
    encoding: span[`${stream}_encoding`],
    stream_sha256: span[`${stream}_stream_sha256`],
    stored: blob !== null,
    store_error: blob === null ? (span[`${stream}_blob_error`] ?? "not stored") : null,
    kept_encoding: encoding,
    kept: pieces.map(({ range, piece }, i) => ({ ...range, text: encoding === "base64" ? piece.toString("base64") : texts[i]!.text })),
    cut,
  };
}

function followUps(spanId: string, stream: StreamName, answer: StreamAnswer): FollowUp[] {
  if (!answer.stored || answer.cut.length === 0) return [];
  const first = answer.cut[0]!;
  return [
    { tool: "search_output", arguments: { span_id: spanId, stream, pattern: FAILURE_PATTERN }, why: `failure lines anywhere in ${stream}, the cut bytes included` },
    {
      tool: "read_output",
      arguments: { span_id: spanId, stream, offset: first.offset, length: Math.min(READ_DEFAULT_BYTES, first.length) },
      why: `the first cut bytes of ${stream}`,
    },
  ];
}

const range = (span: ByteSpan): string => `bytes ${span.offset}-${span.offset + span.length}`;

function streamLine(stream: StreamName, answer: StreamAnswer): string {
  const binary = answer.kept_encoding === "base64" ? " (not UTF-8 text: the kept bytes are shown in base64)" : "";
  if (answer.bytes === 0) return `${stream}: 0 bytes.`;
  if (answer.cut.length === 0) return `${stream}: ${answer.bytes} bytes${binary}, all of them below.`;
  const got = answer.kept.length === 0 ? "nothing" : answer.kept.map(range).join(" and ");
  const cut = answer.cut.map((span) => `${range(span)} (${span.length} bytes)`).join(", ");
  const where = answer.stored ? "stored and verified by sha256" : `not stored (${answer.store_error})`;
  return `${stream}: ${answer.bytes} bytes${binary}; you got ${got} (${answer.kept_bytes} bytes); ${cut} were cut, ${where}.`;
}

function ending(span: ToolSpan): string {
  if (span.error !== null) return `could not start: ${span.error}`;
  const parts = [`exit ${span.returncode}`];
  if (span.signal !== null) parts.push(`killed by ${span.signal}`);
  if (span.timed_out) parts.push("stopped at its timeout");
  if (span.stalled) parts.push("stalled (a pipe stayed open or went silent)");
  return parts.join(", ");
}

// The kept bytes in stream order, each cut marked where it is.
function streamBlocks(stream: StreamName, answer: StreamAnswer, labelled: boolean): TextBlock[] {
  if (answer.kept.length === 0 && answer.cut.length === 0) return [];
  const marker = (cut: ByteSpan): string => `[toolspan: ${range(cut)} of ${stream} (${cut.length} bytes) were cut here]`;
  const pieces = [...answer.kept.map((kept) => ({ offset: kept.offset, text: kept.text })), ...answer.cut.map((cut) => ({ offset: cut.offset, text: marker(cut) }))];
  pieces.sort((a, b) => a.offset - b.offset);
  return [...(labelled ? [`[${stream}]`] : []), ...pieces.map((piece) => piece.text)].map((text) => ({ type: "text", text }));
}

/** The answer to a `run` call whose span is `span` and whose kept bytes are `stdout` and `stderr`. */
export function runAnswer(span: ToolSpan, command: string, stdout: Buffer, stderr: Buffer): ToolAnswer {
  const streams = { stdout: streamAnswer(span, "stdout", stdout), stderr: streamAnswer(span, "stderr", stderr) };
  const followUp = [...followUps(span.span_id, "stdout", streams.stdout), ...followUps(span.span_id, "stderr", streams.stderr)];
  const seconds = (span.duration_ms / 1000).toFixed(1);
  const lines = [`toolspan run: ${ending(span)}, ${seconds} s, span ${span.span_id}.`];
  for (const stream of ["stdout", "stderr"] as const) {
    lines.push(streamLine(stream, streams[stream]));
    for (const call of followUp.filter((candidate) => candidate.arguments.stream === stream)) {
      lines.push(`  ${call.why}: ${call.tool} ${jsonText(call.arguments)}`);
    }
  }
  const labelled = streams.stderr.kept.length > 0;
  return {
    content: [{ type: "text", text: lines.join("\n") }, ...streamBlocks("stdout", streams.stdout, labelled), ...streamBlocks("stderr", streams.stderr, labelled)],
    structuredContent: {
      span_id: span.span_id,
      run_id: span.run_id,
      command,
      cwd: span.cwd,
      returncode: span.returncode,
      signal: span.signal,
      timed_out: span.timed_out,
      stalled: span.stalled,
      error: span.error,
      duration_ms: span.duration_ms,
      stdout: streams.stdout,
      stderr: streams.stderr,
      follow_up: followUp,
    },
    ...(span.error !== null ? { isError: true } : {}),
  };
}
