// What read_output and search_output share: the two arguments that name a stored stream of this session, the
// fields that say which stream was verified, and the lookup and verification both start with.
import type { StreamName } from "../../contract/span.js";
import type { SpanObject } from "../../contract/span-fields.js";
import { blobHex } from "../../store/blob-path.js";
import type { VerifiedBlob } from "../../store/verify-blob.js";
import type { McpSession } from "../session.js";
import { sessionSpan, streamArgument } from "../session-span.js";
import type { JsonSchema } from "../tool.js";

/** The arguments that name a stored stream. */
export const STREAM_ARGUMENTS: Record<string, JsonSchema> = {
  span_id: { type: "string", minLength: 1, maxLength: 200, description: "the span_id a run call answered with" },
  stream: { enum: ["stdout", "stderr"], description: "which stream (default stdout)" },
};

/** The answer's fields that say which stream it read and what it was verified against. */
export const STREAM_FIELDS: Record<string, JsonSchema> = {
  span_id: { type: "string" },
  stream: { enum: ["stdout", "stderr"] },
  stream_bytes: { type: "integer", minimum: 0 },
  stream_sha256: { type: "string", pattern: "^[0-9a-f]{64}$", description: "the sha256 the stored stream was verified against" },
};

/** The stream the arguments name, its span in this session and its blob, verified (ToolFailure or BlobProblem). */
export async function verifiedStream(session: McpSession, args: Record<string, unknown>): Promise<{ spanId: string; stream: StreamName; span: SpanObject; blob: VerifiedBlob; sha256: string }> {
  const spanId = args.span_id as string;
  const stream = streamArgument(args.stream);
  const span = await sessionSpan(session, spanId);
  const blob = await session.blobs.verified(span, stream);
  return { spanId, stream, span, blob, sha256: blobHex(span[`${stream}_blob`])! };
}
