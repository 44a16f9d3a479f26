// Claude Code hands the model a result's structured content, as JSON, in place of its text blocks when a result has
// both (measured with the real host, docs/mcp.md). So the structured content leads with `summary`, the answer's
// first text block: what the call did, which bytes were kept and which cut, and the calls that show the rest. A
// host that passes on the text gets the same words there.
import type { JsonSchema, ToolAnswer } from "./tool.js";

const SUMMARY_SCHEMA: JsonSchema = { type: "string", description: "the answer in words, as its first text block says it" };

/** `schema` (an object schema) with `summary` first among its properties, and required. */
export function withSummarySchema(schema: JsonSchema): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  return { ...schema, properties: { summary: SUMMARY_SCHEMA, ...properties }, required: ["summary", ...required] };
}

/** `answer` with its first text block as `summary`, first, in its structured content. */
export const withSummary = (answer: ToolAnswer): ToolAnswer => ({
  ...answer,
  structuredContent: { summary: answer.content[0]?.text ?? "", ...answer.structuredContent },
});
