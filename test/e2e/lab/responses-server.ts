// A scripted model behind the OpenAI Responses API, as Codex CLI speaks it: POST /v1/responses with
// `stream: true`, answered with server-sent events. Codex sends the whole conversation each turn (store: false),
// so the tool results are read from the request's `function_call_output` items, each counted once by call id.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { contentText, isObject, parseObject, type JsonObject } from "../../../src/formats/transcripts/json-values.js";
import type { ModelStep, ScriptedServer } from "./scripted-model.js";

// The shell tool each Codex offers, newest first, and how a shell step's arguments look to it: 0.171's
// `exec_command` (also with `--disable unified_exec`) takes the command line in `cmd` and has no time limit;
// earlier versions, with unified exec disabled, offer `shell_command` (0.142: one string) or `shell` (0.60.1 to
// 0.122: an argv) with the call's `timeout_ms`.
const SHELL_TOOLS: Record<string, (step: { command: string; timeoutMs?: number }) => JsonObject> = {
  exec_command: (step) => ({ cmd: step.command }),
  shell_command: (step) => ({ command: step.command, ...timeoutArgument(step) }),
  shell: (step) => ({ command: ["bash", "-lc", step.command], ...timeoutArgument(step) }),
};

const timeoutArgument = (step: { timeoutMs?: number }): JsonObject => (step.timeoutMs === undefined ? {} : { timeout_ms: step.timeoutMs });

/** A step only a script of this server takes: a call of another tool Codex offers (an MCP server's), by the name
 * Codex gives it, with these arguments. */
export type FunctionStep =
  | { kind: "tool"; name: string; namespace?: string; input: Record<string, unknown> }
  | { kind: "tool_search"; query: string };

/** A Responses server that plays `script`; requests that are not turns get a short answer and are not recorded as turns. */
export async function startResponsesServer(script: (toolResults: readonly string[]) => ModelStep | FunctionStep): Promise<ScriptedServer> {
  const toolResults: string[] = [];
  const requests: unknown[] = [];
  const seenCalls = new Set<string>();
  let responses = 0;

  const server = createServer((req, res) => {
    readBody(req).then(
      (body) => {
        if (req.method === "GET") return sendJson(res, 200, { object: "list", data: [], models: [] });
        if (req.method !== "POST" || !(req.url ?? "").startsWith("/v1/responses")) return sendJson(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
        const request = parseObject(body);
        requests.push(request ?? body);
        if (request === null) return sendJson(res, 400, { error: { message: "the body is not a JSON object" } });
        const id = `resp_${++responses}`;
        const tools = toolNames(request);
        // A side request (a title, a summary) offers no tools; a turn that lacks the shell tool is a Codex
        // this lab does not know, and fails loudly rather than playing the script with nothing to call.
        if (tools.length === 0) return streamStep(res, id, { kind: "final", text: "ok" });
        const shellTool = Object.keys(SHELL_TOOLS).find((name) => tools.includes(name));
        if (shellTool === undefined) return sendJson(res, 400, { error: { message: `no ${Object.keys(SHELL_TOOLS).join(" or ")} among the tools offered: ${tools.join(", ")}` } });
        for (const [callId, output] of functionCallOutputs(request)) {
          if (seenCalls.has(callId)) continue;
          seenCalls.add(callId);
          toolResults.push(output);
        }
        streamStep(res, id, script(toolResults), shellTool);
      },
      (error: unknown) => sendJson(res, 500, { error: { message: String(error) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    toolResults,
    requests,
    close: () => new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    }),
  };
}

function toolNames(request: JsonObject): string[] {
  const tools = Array.isArray(request.tools) ? request.tools : [];
  return tools.flatMap((tool) => (isObject(tool) && typeof tool.name === "string" ? [tool.name] : []));
}

// Each function_call_output of the input, as [call_id, the text the model got]; a list output's texts are joined by lines.
function functionCallOutputs(request: JsonObject): Array<[string, string]> {
  const input = Array.isArray(request.input) ? request.input : [];
  return input.flatMap((item): Array<[string, string]> => {
    if (!isObject(item) || item.type !== "function_call_output" || typeof item.call_id !== "string") return [];
    return [[item.call_id, contentText(item.output)]];
  });
}

// The events Codex reads (codex-api/src/sse/responses.rs) for one output item: created, the item added, a
// message's text as one delta or a call's arguments done, the item done, and completed with the usage Codex requires.
function streamStep(res: ServerResponse, id: string, step: ModelStep | FunctionStep, shellTool = "exec_command"): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const send = (event: JsonObject): void => {
    res.write(`event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`);
  };
  const item: JsonObject = step.kind === "final"
    ? { type: "message", id: `msg_${id}`, role: "assistant", status: "completed", content: [{ type: "output_text", text: step.text, annotations: [] }] }
    : step.kind === "tool_search"
      ? { type: "tool_search_call", id: `ts_${id}`, call_id: `call_${id}`, execution: "client", status: "completed", arguments: { query: step.query, limit: 8 } }
      : step.kind === "tool"
      ? { type: "function_call", id: `fc_${id}`, call_id: `call_${id}`, name: step.name, ...(step.namespace === undefined ? {} : { namespace: step.namespace }), arguments: JSON.stringify(step.input) }
      : { type: "function_call", id: `fc_${id}`, call_id: `call_${id}`, name: shellTool, arguments: JSON.stringify(SHELL_TOOLS[shellTool]!(step)) };
  send({ type: "response.created", response: { id, object: "response", status: "in_progress", output: [] } });
  send({ type: "response.output_item.added", output_index: 0, item: step.kind === "final" ? { ...item, status: "in_progress", content: [] } : item });
  if (step.kind === "final") send({ type: "response.output_text.delta", item_id: item.id, output_index: 0, content_index: 0, delta: step.text });
  else send({ type: "response.function_call_arguments.done", item_id: item.id, output_index: 0, arguments: item.arguments });
  send({ type: "response.output_item.done", output_index: 0, item });
  const usage = { input_tokens: 100, input_tokens_details: { cached_tokens: 0 }, output_tokens: 10, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 110 };
  send({ type: "response.completed", response: { id, object: "response", status: "completed", output: [item], usage } });
  res.end();
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}
