import assert from "node:assert/strict";
import { after, test } from "node:test";
import { startAnthropicServer } from "./anthropic-server.js";
import { runEach } from "./scripted-model.js";

const BASH = [{ name: "Bash", description: "runs commands", input_schema: { type: "object" } }];

const servers: { close(): Promise<void> }[] = [];
after(() => Promise.all(servers.map((server) => server.close())));

async function started(commands: readonly string[]) {
  const server = await startAnthropicServer(runEach(commands, "all done"));
  servers.push(server);
  return server;
}

async function post(url: string, path: string, body: object): Promise<Response> {
  return fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

/** The `data:` objects of an SSE body, in order. */
function events(text: string): Record<string, unknown>[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .map((line) => JSON.parse(line.slice("data: ".length)) as Record<string, unknown>);
}

const toolResult = (id: string, content: unknown, isError?: boolean) => ({
  role: "user",
  content: [{ type: "tool_result", tool_use_id: id, content, ...(isError === undefined ? {} : { is_error: isError }) }],
});

test("a streamed main-conversation turn asks for the script's command as a Bash tool_use", async () => {
  const server = await started(["printf hi"]);
  const response = await post(server.url, "/v1/messages?beta=true", { model: "m", stream: true, tools: BASH, messages: [{ role: "user", content: "go" }] });
  assert.equal(response.headers.get("content-type"), "text/event-stream");
  const sent = events(await response.text());
  assert.deepEqual(sent.map((event) => event.type), [
    "message_start", "content_block_start", "content_block_delta", "content_block_stop", "message_delta", "message_stop",
  ]);
  assert.deepEqual((sent[1]!.content_block as { name: string }).name, "Bash");
  const delta = sent[2]!.delta as { type: string; partial_json: string };
  assert.equal(delta.type, "input_json_delta");
  assert.deepEqual(JSON.parse(delta.partial_json), { command: "printf hi", description: "Run the scripted command" });
  assert.equal((sent[4]!.delta as { stop_reason: string }).stop_reason, "tool_use");
});

test("tool results are recorded once each, in order, with is_error, arrays of text blocks joined", async () => {
  const server = await started(["a", "b"]);
  const messages = [
    { role: "user", content: "go" },
    { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "a" } }] },
    toolResult("t1", "first"),
  ];
  await post(server.url, "/v1/messages", { model: "m", tools: BASH, messages });
  // The harness resends the whole conversation: t1 must not be counted twice.
  const more = [
    ...messages,
    { role: "assistant", content: [{ type: "tool_use", id: "t2", name: "Bash", input: { command: "b" } }] },
    toolResult("t2", [{ type: "text", text: "Exit code 2" }, { type: "image", source: {} }, { type: "text", text: "boom" }], true),
  ];
  const response = await post(server.url, "/v1/messages", { model: "m", tools: BASH, messages: more });
  const body = (await response.json()) as { content: { type: string; text?: string }[]; stop_reason: string };
  assert.deepEqual(server.toolResults, ["first", "Exit code 2\nboom"]);
  assert.deepEqual(server.toolResultErrors, [false, true]);
  assert.deepEqual(body.content, [{ type: "text", text: "all done" }]);
  assert.equal(body.stop_reason, "end_turn");
});

test("side requests without the Bash tool get plain text and are not turns; count_tokens and unknown paths answer", async () => {
  const server = await started(["printf hi"]);
  const side = await post(server.url, "/v1/messages", { model: "small", messages: [{ role: "user", content: "title?" }] });
  assert.deepEqual(((await side.json()) as { content: unknown }).content, [{ type: "text", text: "Lab session" }]);
  const count = await post(server.url, "/v1/messages/count_tokens", { model: "m", messages: [] });
  assert.deepEqual(await count.json(), { input_tokens: 1 });
  const unknown = await fetch(`${server.url}/v1/models`);
  assert.equal(unknown.status, 404);
  assert.equal(server.sideRequests, 1);
  assert.deepEqual(server.toolResults, []);
  assert.deepEqual(server.unserved, ["GET /v1/models"]);
  // The first main turn still gets the script's first step.
  const main = await post(server.url, "/v1/messages", { model: "m", tools: BASH, messages: [{ role: "user", content: "go" }] });
  assert.equal(((await main.json()) as { stop_reason: string }).stop_reason, "tool_use");
});

test("a script that throws answers 400, not a 5xx the harness would retry, and says why", async () => {
  const server = await startAnthropicServer(() => {
    throw new Error("script broke");
  });
  servers.push(server);
  const response = await post(server.url, "/v1/messages", { model: "m", tools: BASH, messages: [{ role: "user", content: "go" }] });
  assert.equal(response.status, 400);
  assert.match(server.unserved.join("\n"), /script broke/);
});
