// A span of this session, found by its id in the session's own run file: a span of another session, or of none,
// is not there, and the file is what was recorded, not what the server remembers.
import { existsSync } from "node:fs";
import type { SpanObject } from "../contract/span-fields.js";
import { STREAMS } from "../contract/constants.js";
import type { StreamName } from "../contract/span.js";
import { readLines, STOP } from "../formats/jsonl-lines.js";
import type { McpSession } from "./session.js";
import { ToolFailure } from "./tool.js";

/** The tool span with `spanId` in the session's run file; ToolFailure when there is none. */
export async function sessionSpan(session: McpSession, spanId: string): Promise<SpanObject> {
  let found: SpanObject | null = null;
  if (existsSync(session.runFilePath)) {
    await readLines(session.runFilePath, (text) => {
      if (!text.includes(spanId)) return;
      try {
        const value = JSON.parse(text) as unknown;
        if (typeof value === "object" && value !== null && (value as SpanObject).span_id === spanId && (value as SpanObject).span_type === "tool") {
          found = value as SpanObject;
          return STOP;
        }
      } catch {}
    });
  }
  if (found === null) throw new ToolFailure(`no span ${JSON.stringify(spanId)} in this session: give the span_id a run call of this session answered with`);
  return found;
}

/** The stream an argument names (stdout when none). */
export const streamArgument = (value: unknown): StreamName => ((STREAMS as readonly unknown[]).includes(value) ? (value as StreamName) : "stdout");
