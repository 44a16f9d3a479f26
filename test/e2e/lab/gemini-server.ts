// The scripted model behind the Gemini API, as Gemini CLI calls it when GOOGLE_GEMINI_BASE_URL points here.
// Only a streamed request that offers tools is a turn of the main conversation; the CLI's side requests
// (model routing, next-speaker and loop checks, summaries) get the least eventful answer their schema allows.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ModelStep, ScriptedServer } from "./scripted-model.js";

/** One request the server answered: the API method, the model in its path, its parsed body, and its role. */
export interface GeminiCall {
  /** streamGenerateContent, generateContent, countTokens, …; "" for a path that is not a model method. */
  method: string;
  model: string;
  /** The same object as the matching entry of `requests`. */
  body: unknown;
  /** A turn of the main conversation (answered by the script) or a side request the CLI makes for itself. */
  main: boolean;
}

/** A scripted Gemini server; `calls[i]` describes `requests[i]`, and says whether it was a scripted turn. */
export interface GeminiServer extends ScriptedServer {
  calls: GeminiCall[];
}

export interface GeminiServerOptions {
  /**
   * The promptTokenCount every answer reports (default 100). Gemini CLI caps a shell result at
   * min(tools.truncateToolOutputThreshold, 4 * (1 048 576 - the last prompt's tokens)) characters, so the
   * default keeps that second bound far above the threshold; a count near the window lowers the cap.
   */
  promptTokens?: number;
}

const PATH = /^\/v1(?:beta|alpha)?\/models\/([^/:]+):([A-Za-z]+)$/;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Part = { [key: string]: Json };
type Content = { role?: string; parts?: Part[] };

const isObject = (value: unknown): value is { [key: string]: Json } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Starts the server on 127.0.0.1 (a free port); `url` is what GOOGLE_GEMINI_BASE_URL takes. */
export async function startGeminiServer(script: (toolResults: readonly string[]) => ModelStep | GeminiToolStep, options: GeminiServerOptions = {}): Promise<GeminiServer> {
  const promptTokens = options.promptTokens ?? 100;
  const usage = { promptTokenCount: promptTokens, candidatesTokenCount: 10, totalTokenCount: promptTokens + 10 };
  const toolResults: string[] = [];
  const requests: unknown[] = [];
  const calls: GeminiCall[] = [];
  let turn = 0;

  const answer = (method: string, model: string, body: unknown, response: ServerResponse): void => {
    const main = method === "streamGenerateContent" && offersTools(body);
    requests.push(body);
    calls.push({ method, model, body, main });
    if (method === "countTokens") return sendJson(response, 200, { totalTokens: promptTokens });
    if (main) {
      toolResults.push(...latestToolResults(body));
      return sendSse(response, stepResponse(script(toolResults), ++turn, usage));
    }
    if (method === "generateContent" || method === "streamGenerateContent") {
      const reply = sideResponse(body, usage);
      return method === "generateContent" ? sendJson(response, 200, reply) : sendSse(response, reply);
    }
    sendJson(response, 404, { error: { code: 404, message: `not a model method: ${method || "(none)"}`, status: "NOT_FOUND" } });
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const match = PATH.exec(new URL(request.url ?? "/", "http://127.0.0.1").pathname);
      let body: unknown;
      try {
        body = chunks.length === 0 ? {} : JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return sendJson(response, 400, { error: { code: 400, message: "body is not JSON", status: "INVALID_ARGUMENT" } });
      }
      const [method, model] = request.method === "POST" && match ? [match[2]!, decodeURIComponent(match[1]!)] : ["", ""];
      try {
        answer(method, model, body, response);
      } catch (error) {
        // A 400, not a 500: Gemini CLI retries a 5xx with backoff, and a broken script should fail the run at once.
        sendJson(response, 400, { error: { code: 400, message: `scripted model failed: ${String(error)}`, status: "INVALID_ARGUMENT" } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    toolResults,
    requests,
    calls,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The main conversation offers the model tools; the CLI's own JSON checks never do. */
function offersTools(body: unknown): boolean {
  return isObject(body) && Array.isArray(body["tools"]) && body["tools"].length > 0;
}

/**
 * The function responses sent since the model last spoke, in order: each request repeats the whole history,
 * so only the contents after the last model turn are new. The text is `response.output` as sent (Gemini CLI
 * puts a tool's result there); a response without one (a blocked or failed call) gives its `error`.
 */
function latestToolResults(body: unknown): string[] {
  const contents = (isObject(body) && Array.isArray(body["contents"]) ? body["contents"] : []) as Content[];
  let start = contents.length;
  while (start > 0 && contents[start - 1]?.role !== "model") start--;
  const results: string[] = [];
  for (const content of contents.slice(start)) {
    for (const part of content.parts ?? []) {
      const functionResponse = part["functionResponse"];
      if (!isObject(functionResponse)) continue;
      const response = functionResponse["response"];
      const output = isObject(response) ? (response["output"] ?? response["error"]) : undefined;
      results.push(typeof output === "string" ? output : JSON.stringify(response));
    }
  }
  return results;
}

/** A step only a script of this server takes: a call of another tool the CLI offers (an MCP server's), by its name. */
export type GeminiToolStep = { kind: "tool"; name: string; input: Record<string, unknown> };

function stepResponse(step: ModelStep | GeminiToolStep, turn: number, usage: Json): Json {
  const part: Part =
    step.kind === "tool"
      ? { functionCall: { id: `call-${turn}`, name: step.name, args: step.input as Json } }
      : step.kind === "shell"
      ? {
          functionCall: {
            id: `call-${turn}`,
            name: "run_shell_command",
            args: { command: step.command, description: "scripted step" },
          },
        }
      : { text: step.text };
  return { candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }], usageMetadata: usage };
}

/** A side request's answer: JSON that fits its response schema when it has one, else a short text. */
function sideResponse(body: unknown, usage: Json): Json {
  const config = isObject(body) && isObject(body["generationConfig"]) ? body["generationConfig"] : {};
  const schema = config["responseJsonSchema"] ?? config["responseSchema"];
  const text = schema === undefined ? "ok" : JSON.stringify(minimalValue(schema));
  return { candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }], usageMetadata: usage };
}

// Answers the CLI checks for beyond what their schema says: the router's score must be 1..100 (1 is the
// simplest route), and a loop check's confidence 0 means "no loop".
const KNOWN_ANSWERS: { [property: string]: Json } = { complexity_score: 1, unproductive_state_confidence: 0 };

/**
 * The least eventful value a JSON schema (Gemini's upper- or lower-case types) accepts: the first enum value
 * (next speaker "user", the first route), 0, false, "" or [], and objects with their required properties.
 */
function minimalValue(schema: Json): Json {
  if (!isObject(schema)) return null;
  if (Array.isArray(schema["enum"]) && schema["enum"].length > 0) return schema["enum"][0]!;
  const type = typeof schema["type"] === "string" ? schema["type"].toLowerCase() : "object";
  switch (type) {
    case "string":
      return "";
    case "number":
    case "integer":
      return 0;
    case "boolean":
      return false;
    case "array":
      return [];
    case "object": {
      const properties = isObject(schema["properties"]) ? schema["properties"] : {};
      const required = Array.isArray(schema["required"]) ? schema["required"] : [];
      const value: { [key: string]: Json } = {};
      for (const name of required) {
        if (typeof name === "string") value[name] = KNOWN_ANSWERS[name] ?? minimalValue(properties[name] ?? {});
      }
      return value;
    }
    default:
      return null;
  }
}

function sendJson(response: ServerResponse, status: number, value: Json): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(value));
}

function sendSse(response: ServerResponse, value: Json): void {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  response.end(`data: ${JSON.stringify(value)}\r\n\r\n`);
}
