// `search_output`: the lines of a whole stored stream of this session that match a pattern (RE2 syntax, so linear
// in the stream whatever the pattern, or a literal), with their line numbers and byte offsets, after the blob is
// verified against the span: the part the model never saw included.
import { matchingLines } from "../../store/matching-lines.js";
import { compileLinearPattern } from "../../formats/linear-pattern.js";
import { PATTERN_MAX_CHARS, SEARCH_DEFAULT_MATCHES, SEARCH_LINE_MATCH_BYTES, SEARCH_LINE_SHOW_BYTES, SEARCH_MAX_MATCHES, SEARCH_TEXT_BYTES } from "../limits.js";
import { ToolFailure, type McpTool } from "../tool.js";
import { STREAM_ARGUMENTS, STREAM_FIELDS, verifiedStream } from "./stored-stream.js";

/** The line test for a pattern argument, or ToolFailure saying why RE2 refuses it. */
function lineTest(pattern: string, literal: boolean, ignoreCase: boolean): (line: string) => boolean {
  if (literal) {
    const wanted = ignoreCase ? pattern.toLowerCase() : pattern;
    return ignoreCase ? (line) => line.toLowerCase().includes(wanted) : (line) => line.includes(wanted);
  }
  const compiled = compileLinearPattern(pattern, ignoreCase);
  if ("error" in compiled) {
    throw new ToolFailure(`pattern ${JSON.stringify(pattern)} is not one RE2 can match in linear time (${compiled.error}); give literal: true to search for the text itself`);
  }
  return compiled.test;
}

export const searchOutput: McpTool = {
  name: "search_output",
  title: "Search stored output",
  description:
    "Finds the lines that match a pattern in the whole of a stream a run call of this session stored, the bytes that were cut included, " +
    "after checking the stored stream's sha256 against the span. The pattern is RE2 syntax (no backreferences or lookarounds: matching takes " +
    "time linear in the stream), or plain text with literal: true. Each match gives its line number, its byte offset (for read_output) and the line.",
  inputSchema: {
    type: "object",
    properties: {
      ...STREAM_ARGUMENTS,
      pattern: { type: "string", minLength: 1, maxLength: PATTERN_MAX_CHARS, description: "RE2 syntax, e.g. FAILED|Error|Traceback" },
      literal: { type: "boolean", description: "match the pattern as plain text (default false)" },
      ignore_case: { type: "boolean", description: "match letters of either case (default false)" },
      max_matches: { type: "integer", minimum: 1, maximum: SEARCH_MAX_MATCHES, description: `lines to return at most (default ${SEARCH_DEFAULT_MATCHES}; at most ${SEARCH_TEXT_BYTES} bytes of lines in all)` },
      from_line: { type: "integer", minimum: 1, description: "only lines from this line number on, to go on where an answer stopped (default 1)" },
    },
    required: ["span_id", "pattern"],
    additionalProperties: false,
  },
  outputSchema: {
    type: "object",
    properties: {
      ...STREAM_FIELDS,
      pattern: { type: "string" },
      matches: {
        type: "array",
        items: {
          type: "object",
          properties: {
            line: { type: "integer", minimum: 1 },
            offset: { type: "integer", minimum: 0, description: "the line's first byte in the stream" },
            bytes: { type: "integer", minimum: 0, description: "the line's length in bytes, without its newline" },
            text: { type: "string", description: `the line, its first ${SEARCH_LINE_SHOW_BYTES} bytes when longer` },
          },
          required: ["line", "offset", "bytes", "text"],
        },
      },
      more: { type: "boolean", description: "more lines match after the last one given" },
      next_from_line: { type: ["integer", "null"], description: "from_line for the next call, when more match" },
    },
    required: ["span_id", "stream", "pattern", "stream_bytes", "stream_sha256", "matches", "more", "next_from_line"],
  },
  annotations: { title: "Search stored output", readOnlyHint: true, openWorldHint: false },
  async call(args, { session, signal }) {
    const pattern = args.pattern as string;
    const test = lineTest(pattern, args.literal === true, args.ignore_case === true);
    const maxMatches = (args.max_matches as number | undefined) ?? SEARCH_DEFAULT_MATCHES;
    const fromLine = (args.from_line as number | undefined) ?? 1;
    const { spanId, stream, blob, sha256 } = await verifiedStream(session, args);
    const matches: { line: number; offset: number; bytes: number; text: string }[] = [];
    let shownBytes = 0;
    let more = false;
    for await (const found of matchingLines(blob.path, (line) => test(line), SEARCH_LINE_MATCH_BYTES)) {
      signal.throwIfAborted();
      if (found.line < fromLine) continue;
      const shown = found.text.subarray(0, SEARCH_LINE_SHOW_BYTES);
      if (matches.length >= maxMatches || shownBytes + shown.length > SEARCH_TEXT_BYTES) {
        more = true;
        break;
      }
      shownBytes += shown.length;
      matches.push({ line: found.line, offset: found.offset, bytes: found.bytes, text: shown.toString("utf8") });
    }
    await session.blobs.assertUnchanged(blob);
    const last = matches.at(-1)?.line ?? fromLine - 1;
    const said = matches.length === 0 ? "no line matches" : `${matches.length} matching line${matches.length === 1 ? "" : "s"}`;
    const onward = more ? `; more match after line ${last}: call again with from_line ${last + 1}` : "";
    const header = `${said} in ${stream} of span ${spanId} (${blob.bytes} bytes, sha256 ${sha256} verified)${fromLine > 1 ? ` from line ${fromLine}` : ""}${onward}. Each line: LINE:OFFSET:TEXT.`;
    const lines = matches.map((match) => `${match.line}:${match.offset}:${match.text}${match.bytes > SEARCH_LINE_SHOW_BYTES ? ` ...[${match.bytes - SEARCH_LINE_SHOW_BYTES} more bytes]` : ""}`);
    return {
      content: [{ type: "text", text: header }, ...(lines.length === 0 ? [] : [{ type: "text" as const, text: lines.join("\n") }])],
      structuredContent: { span_id: spanId, stream, pattern, stream_bytes: blob.bytes, stream_sha256: sha256, matches, more, next_from_line: more ? last + 1 : null },
    };
  },
};
