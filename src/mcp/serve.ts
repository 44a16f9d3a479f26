// `toolspan mcp`: the MCP server over stdio, built on the official SDK (loaded only by this command). tools/list
// gives the four tools with their JSON Schemas and the result size they declare; tools/call checks the arguments
// against the same schema, runs the tool, and answers with text for the model and the same facts as structured
// content. A tool's own failure (a bad argument, a span of another session, a tampered blob) is an error result the
// model can correct; an unknown tool is a JSON-RPC error. When the client goes (stdin ends) or the process is told
// to stop, every command still running is stopped and its span written before the server exits.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { escapeControls } from "../formats/safe-text.js";
import { BlobProblem } from "../store/verify-blob.js";
import { VERSION } from "../util/version.js";
import { MESSAGE_MAX_BYTES, RESULT_MAX_CHARS } from "./limits.js";
import { McpSession, type McpSessionOptions } from "./session.js";
import { withSummary, withSummarySchema } from "./summary.js";
import { LineTransport } from "./stdio-transport.js";
import { argumentChecks } from "./tool-arguments.js";
import { ToolFailure, type ToolContext } from "./tool.js";
import { TOOLS } from "./tools/index.js";

/** What the server tells the model about itself (MCP `instructions`). */
export const INSTRUCTIONS =
  "toolspan runs shell commands (run) and tells you exactly what you did not get of their output: a long output is cut to its head and " +
  "tail, the answer says which bytes were cut, and every byte is stored. search_output finds lines anywhere in a stored output (a failure " +
  "past the cut included) and read_output returns any range of it, both checked by sha256 against the call's span. spans lists this " +
  "session's calls that need a second look.";

// Anthropic's hosts read the result size a tool declares here (Claude Code caps MCP results unless a tool says more).
const MAX_RESULT_META = "anthropic/maxResultSizeChars";

// tools/call's params are checked here, not by the SDK's schema, so a malformed call is answered as invalid params.
const LooseCallToolRequest = CallToolRequestSchema.pick({ method: true }).passthrough();

function failure(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

/** Serves one session on stdin/stdout until the client goes or the process is told to stop; resolves then. */
export async function serveMcp(options: McpSessionOptions): Promise<void> {
  const session = new McpSession(options);
  const checks = argumentChecks(TOOLS);
  const byName = new Map(TOOLS.map((tool) => [tool.name, tool]));
  const server = new Server({ name: "toolspan", title: "toolspan", version: VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: TOOLS.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema as CallToolResult["structuredContent"] & { type: "object" },
      outputSchema: withSummarySchema(tool.outputSchema) as CallToolResult["structuredContent"] & { type: "object" },
      annotations: tool.annotations,
      _meta: { [MAX_RESULT_META]: RESULT_MAX_CHARS },
    })),
  }));

  server.setRequestHandler(LooseCallToolRequest, async (request, extra): Promise<CallToolResult> => {
    const params = (request as { params?: unknown }).params as { name?: unknown; arguments?: unknown; _meta?: { progressToken?: unknown } } | undefined;
    if (typeof params !== "object" || params === null || typeof params.name !== "string") {
      throw new McpError(ErrorCode.InvalidParams, "tools/call needs params.name, the tool's name");
    }
    const tool = byName.get(params.name);
    if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${JSON.stringify(params.name)} (the tools are ${TOOLS.map((t) => t.name).join(", ")})`);
    const args = params.arguments ?? {};
    const wrong = checks.get(tool.name)!(args);
    if (wrong !== null) return failure(wrong);
    const token = params._meta?.progressToken;
    const context: ToolContext = {
      session,
      signal: extra.signal,
      progress:
        typeof token === "string" || typeof token === "number"
          ? (progress, total, message) => {
              void extra
                .sendNotification({ method: "notifications/progress", params: { progressToken: token, progress, ...(total === null ? {} : { total }), message } })
                .catch(() => {});
            }
          : null,
    };
    try {
      return withSummary(await tool.call(args as Record<string, unknown>, context)) as CallToolResult;
    } catch (error) {
      if (error instanceof ToolFailure || error instanceof BlobProblem) return failure(`${tool.name}: ${error.message}`);
      if (extra.signal.aborted) throw error;
      process.stderr.write(`toolspan mcp: ${tool.name} failed: ${escapeControls((error as Error).stack ?? String(error))}\n`);
      return failure(`${tool.name}: toolspan failed: ${(error as Error).message}`);
    }
  });

  const transport = new LineTransport(MESSAGE_MAX_BYTES);
  transport.onerror = (error) => process.stderr.write(`toolspan mcp: ${escapeControls(error.message)}\n`);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  const stop = (): void => {
    void server.close();
  };
  const signals = ["SIGTERM", "SIGINT", "SIGHUP"] as const;
  for (const signal of signals) process.on(signal, stop);
  await server.connect(transport);
  await closed;
  for (const signal of signals) process.off(signal, stop);
  await session.stop();
}
