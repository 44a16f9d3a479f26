// `spans`: the session's calls that need a second look, as `toolspan triage` orders them (most misleading first),
// each with the decision table's observation and first action and, where the output was cut and stored, the exact
// calls that show what was cut.
import { existsSync } from "node:fs";
import type { SpanObject } from "../../contract/span-fields.js";
import { readLines } from "../../formats/jsonl-lines.js";
import { escapeControls, jsonText } from "../../formats/safe-text.js";
import { triageFile } from "../../triage/triage-file.js";
import { FAILURE_PATTERN } from "../../harness/notice.js";
import { READ_DEFAULT_BYTES, SPANS_DEFAULT, SPANS_MAX } from "../limits.js";
import { keptSpans, type FollowUp } from "../run-answer.js";
import type { McpTool } from "../tool.js";
import { FOLLOW_UP_SCHEMA } from "./run-schema.js";

// The spans with these ids in the run file, in one read.
async function spansById(path: string, ids: ReadonlySet<string>): Promise<Map<string, SpanObject>> {
  const found = new Map<string, SpanObject>();
  await readLines(path, (text) => {
    try {
      const value = JSON.parse(text) as SpanObject;
      if (typeof value.span_id === "string" && ids.has(value.span_id)) found.set(value.span_id, value);
    } catch {}
  });
  return found;
}

// The calls that show what was cut of each stored, clipped stream of a span.
function nextCalls(span: SpanObject | undefined): FollowUp[] {
  if (span === undefined || typeof span.span_id !== "string") return [];
  return (["stdout", "stderr"] as const).flatMap((stream): FollowUp[] => {
    const bytes = span[`${stream}_bytes`];
    const cap = span[`${stream}_cap`];
    if (span[`${stream}_truncated`] !== true || typeof bytes !== "number" || typeof cap !== "number" || typeof span[`${stream}_blob`] !== "string") return [];
    const cut = keptSpans(bytes, cap, true, (span[`${stream}_keep`] as "head" | "tail" | "head+tail" | undefined) ?? "head").cut[0]!;
    return [
      { tool: "search_output", arguments: { span_id: span.span_id, stream, pattern: FAILURE_PATTERN }, why: `failure lines anywhere in ${stream}` },
      { tool: "read_output", arguments: { span_id: span.span_id, stream, offset: cut.offset, length: Math.min(READ_DEFAULT_BYTES, cut.length) }, why: `the first cut bytes of ${stream}` },
    ];
  });
}

export const listSpans: McpTool = {
  name: "spans",
  title: "Spans that need a second look",
  description:
    "Lists this session's run calls whose output you should not trust as you saw it (cut, failed behind a passing preview, stalled, timed out, …), " +
    "most misleading first, each with what was observed, what to do first, and the search_output and read_output calls that show what was cut.",
  inputSchema: {
    type: "object",
    properties: { max_spans: { type: "integer", minimum: 1, maximum: SPANS_MAX, description: `spans to list at most (default ${SPANS_DEFAULT})` } },
    additionalProperties: false,
  },
  outputSchema: {
    type: "object",
    properties: {
      run_id: { type: "string" },
      tool_spans: { type: "integer", minimum: 0, description: "run calls recorded in this session" },
      need_action: { type: "integer", minimum: 0, description: "of them, the calls that need a second look" },
      spans: {
        type: "array",
        items: {
          type: "object",
          properties: {
            span_id: { type: ["string", "null"] },
            tool_name: { type: ["string", "null"] },
            command: { type: ["string", "null"] },
            rows: {
              type: "array",
              items: {
                type: "object",
                properties: { row: { type: "string" }, observation: { type: "string" }, first_action: { type: "string" }, not_first: { type: "string" } },
                required: ["row", "observation", "first_action", "not_first"],
              },
            },
            next_calls: { type: "array", items: FOLLOW_UP_SCHEMA },
          },
          required: ["span_id", "tool_name", "command", "rows", "next_calls"],
        },
      },
    },
    required: ["run_id", "tool_spans", "need_action", "spans"],
  },
  annotations: { title: "Spans that need a second look", readOnlyHint: true, openWorldHint: false },
  async call(args, { session }) {
    const max = (args.max_spans as number | undefined) ?? SPANS_DEFAULT;
    const empty = { toolSpans: 0, flagged: 0, spans: [] };
    const result = existsSync(session.runFilePath) ? await triageFile(session.runFilePath, { keep: max }) : empty;
    const ids = new Set(result.spans.flatMap((span) => (span.spanId === null ? [] : [span.spanId])));
    const records = ids.size === 0 ? new Map<string, SpanObject>() : await spansById(session.runFilePath, ids);
    const spans = result.spans.map((span) => ({
      span_id: span.spanId,
      tool_name: span.toolName,
      command: span.argv !== null && span.argv.length === 3 && span.argv[0] === "bash" && span.argv[1] === "-c" ? span.argv[2]! : null,
      rows: span.matches.map(({ row, observation }) => ({ row: row.id, observation, first_action: row.firstAction, not_first: row.notFirst })),
      next_calls: nextCalls(span.spanId === null ? undefined : records.get(span.spanId)),
    }));
    const lines = [`${result.flagged} of the ${result.toolSpans} run calls of this session need a second look${result.flagged > spans.length ? ` (the ${spans.length} most misleading below)` : ""}.`];
    for (const span of spans) {
      lines.push(`span ${span.span_id} (${jsonText(span.command ?? span.tool_name)}):`);
      for (const row of span.rows) lines.push(`  ${escapeControls(row.observation)}. First: ${row.first_action}. Not first: ${row.not_first}.`);
      for (const call of span.next_calls) lines.push(`  ${call.why}: ${call.tool} ${jsonText(call.arguments)}`);
    }
    return {
      content: [{ type: "text", text: lines.join("\n") }],
      structuredContent: { run_id: session.id, tool_spans: result.toolSpans, need_action: result.flagged, spans },
    };
  },
};
