// What one tool of `toolspan mcp` is: its definition as tools/list gives it (name, JSON Schemas, hints) and the
// call that answers tools/call. The tools are data plus one function, so adding one is a file and a line.
import type { McpSession } from "./session.js";
import { ToolspanError } from "../util/errors.js";

/** A JSON Schema, as MCP carries it. */
export type JsonSchema = Record<string, unknown>;

/** What a tool's call gets besides its arguments: the session, the request's cancellation, and a way to report
 * progress (null when the client did not ask for it). */
export interface ToolContext {
  session: McpSession;
  signal: AbortSignal;
  progress: ((progress: number, total: number | null, message: string) => void) | null;
}

/** One text block of a result. */
export interface TextBlock {
  type: "text";
  text: string;
}

/** A tool's answer: text blocks for the model, the same facts as structured content, and whether it failed. */
export interface ToolAnswer {
  content: TextBlock[];
  structuredContent: Record<string, unknown>;
  isError?: boolean;
}

export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  /** MCP's behaviour hints (readOnlyHint, …). */
  annotations: Record<string, unknown>;
  /** Called with arguments that passed `inputSchema`; throws ToolFailure for a call it cannot answer. */
  call(args: Record<string, unknown>, context: ToolContext): Promise<ToolAnswer>;
}

/** A call the tool cannot answer, in one line naming what is wrong (an argument, a span, a blob): the model gets it as
 * an error result and can correct the call. */
export class ToolFailure extends ToolspanError {
  override name = "ToolFailure";
}
