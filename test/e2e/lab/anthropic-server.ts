// A scripted model behind the Anthropic Messages API, as Claude Code calls it: POST /v1/messages (streamed as
// SSE or not), /v1/messages/count_tokens, and side requests (titles, summaries) that carry no Bash tool.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ModelStep, ScriptedServer } from "./scripted-model.js";

/** A step only Claude Code's API serves: a call of another of its tools (Glob, Grep, …) with this input. */
export type ClaudeToolStep = { kind: "tool"; name: string; input: Record<string, unknown> };

/** The Anthropic server's script: the shared steps, or a call of a tool other than Bash. */
export type AnthropicScript = (toolResults: readonly string[]) => ModelStep | ClaudeToolStep;

/** The Anthropic server's record: the shared one, plus each tool result's is_error and what it did not serve. */
export interface AnthropicServer extends ScriptedServer {
  /** The is_error flag of each entry of toolResults (same index); false when the harness left it out. */
  toolResultErrors: boolean[];
  /** Side requests (no Bash tool offered) answered with plain text; they are not turns of the script. */
  sideRequests: number;
  /** "METHOD path" of every request the server answered with 404, and script failures, for diagnosis. */
  unserved: string[];
}

type Json = Record<string, unknown>;
type Block = { type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: Json };

/** The text a side request (title, summary, ...) gets: short, and plainly not a script step. */
const SIDE_ANSWER = "Lab session";

/** The main conversation is the one that offers the model the Bash tool; side requests offer none or others. */
export function isMainRequest(body: unknown): boolean {
  const tools = (body as { tools?: unknown } | null)?.tools;
  return Array.isArray(tools) && tools.some((tool) => (tool as { name?: unknown } | null)?.name === "Bash");
}

/** The text of a tool_result's content: a string as is, an array of blocks as its text blocks joined. */
function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((block): block is { type: "text"; text: string } => block?.type === "text" && typeof block.text === "string")
    .map((block) => block.text)
    .join("\n");
}

/** Starts the server on 127.0.0.1 (a free port); `script` decides each main-conversation turn. */
export async function startAnthropicServer(script: AnthropicScript): Promise<AnthropicServer> {
  // Tool results by tool_use_id, first sighting wins: the harness resends the whole conversation each turn, and
  // a retried or compacted request must neither duplicate nor rewrite what the model already received.
  const seen = new Map<string, number>();
  const record: Omit<AnthropicServer, "url" | "close"> = { toolResults: [], toolResultErrors: [], requests: [], sideRequests: 0, unserved: [] };

  const collectResults = (body: Json): void => {
    for (const message of (body.messages as Json[] | undefined) ?? []) {
      if (message.role !== "user" || !Array.isArray(message.content)) continue;
      for (const block of message.content as Json[]) {
        if (block.type !== "tool_result" || typeof block.tool_use_id !== "string" || seen.has(block.tool_use_id)) continue;
        seen.set(block.tool_use_id, record.toolResults.length);
        record.toolResults.push(resultText(block.content));
        record.toolResultErrors.push(block.is_error === true);
      }
    }
  };

  const answer = (body: Json): { blocks: Block[]; stop: string } => {
    if (!isMainRequest(body)) {
      record.sideRequests++;
      return { blocks: [{ type: "text", text: SIDE_ANSWER }], stop: "end_turn" };
    }
    collectResults(body);
    const step = script(record.toolResults);
    if (step.kind === "final") return { blocks: [{ type: "text", text: step.text }], stop: "end_turn" };
    const id = `toolu_lab_${String(record.toolResults.length + 1).padStart(4, "0")}`;
    if (step.kind === "tool") return { blocks: [{ type: "tool_use", id, name: step.name, input: step.input }], stop: "tool_use" };
    const input = { command: step.command, description: "Run the scripted command", ...(step.timeoutMs === undefined ? {} : { timeout: step.timeoutMs }) };
    return { blocks: [{ type: "tool_use", id, name: "Bash", input }], stop: "tool_use" };
  };

  const server = createServer((request, response) => {
    readJson(request)
      .then((body) => serve(request, response, body))
      .catch((error: unknown) => {
        record.unserved.push(`${request.method} ${request.url}: ${String(error)}`);
        // 400, not 5xx: Claude Code retries server errors with backoff, which would stall the test instead.
        sendJson(response, 400, { type: "error", error: { type: "invalid_request_error", message: String(error) } });
      });
  });

  const serve = (request: IncomingMessage, response: ServerResponse, body: Json | undefined): void => {
    const path = (request.url ?? "").split("?")[0];
    if (body !== undefined) record.requests.push(body);
    if (request.method === "POST" && path === "/v1/messages/count_tokens") {
      sendJson(response, 200, { input_tokens: 1 });
      return;
    }
    if (request.method === "POST" && path === "/v1/messages" && body !== undefined) {
      const { blocks, stop } = answer(body);
      const model = typeof body.model === "string" ? body.model : "lab-model";
      if (body.stream === true) sendStream(response, model, blocks, stop);
      else sendJson(response, 200, { ...messageShell(model, blocks), stop_reason: stop, usage: usage(5) });
      return;
    }
    record.unserved.push(`${request.method} ${path}`);
    sendJson(response, 404, { type: "error", error: { type: "not_found_error", message: `no ${path} here` } });
  };

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(record, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

function readJson(request: IncomingMessage): Promise<Json | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("error", reject);
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      try {
        resolve(text === "" ? undefined : (JSON.parse(text) as Json));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

function usage(outputTokens: number): Json {
  return { input_tokens: 10, output_tokens: outputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
}

function messageShell(model: string, content: Block[]): Json {
  return { id: `msg_lab_${Date.now()}`, type: "message", role: "assistant", model, content, stop_sequence: null };
}

function sendJson(response: ServerResponse, status: number, body: Json): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

/** The SSE sequence the Messages API streams: each block opened, filled by one delta, closed; then the stop. */
function sendStream(response: ServerResponse, model: string, blocks: Block[], stop: string): void {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const event = (type: string, data: Json): void => {
    response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  };
  event("message_start", { message: { ...messageShell(model, []), stop_reason: null, usage: usage(1) } });
  blocks.forEach((block, index) => {
    if (block.type === "text") {
      event("content_block_start", { index, content_block: { type: "text", text: "" } });
      event("content_block_delta", { index, delta: { type: "text_delta", text: block.text } });
    } else {
      event("content_block_start", { index, content_block: { type: "tool_use", id: block.id, name: block.name, input: {} } });
      event("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: JSON.stringify(block.input) } });
    }
    event("content_block_stop", { index });
  });
  event("message_delta", { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } });
  event("message_stop", {});
  response.end();
}
