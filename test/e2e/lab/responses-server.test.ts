// The scripted Responses server on its own: what it streams for each step, and how it reads the tool results
// out of a conversation that Codex resends whole on every turn.
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { startResponsesServer } from "./responses-server.js";
import { runEach } from "./scripted-model.js";

const EXEC_TOOL = { type: "function", name: "exec_command", parameters: { type: "object", properties: { cmd: { type: "string" } }, required: ["cmd"] } };

/** The `data:` payloads of an SSE body, parsed. */
function events(body: string): Array<Record<string, unknown>> {
  return body
    .split("\n\n")
    .filter((block) => block.includes("data: "))
    .map((block) => JSON.parse(block.slice(block.indexOf("data: ") + 6)) as Record<string, unknown>);
}

describe("startResponsesServer", async () => {
  const server = await startResponsesServer(runEach(["printf one", "printf two"], "finished"));
  after(() => server.close());
  const post = (body: unknown): Promise<Response> =>
    fetch(`${server.url}/responses`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it("asks for the script's commands through exec_command, then answers, counting each call's output once", async () => {
    const first = events(await (await post({ stream: true, tools: [EXEC_TOOL], input: [{ type: "message", role: "user", content: "go" }] })).text());
    assert.deepEqual(first.map((event) => event.type), [
      "response.created",
      "response.output_item.added",
      "response.function_call_arguments.done",
      "response.output_item.done",
      "response.completed",
    ]);
    const call = first[3]?.item as Record<string, unknown>;
    assert.deepEqual({ name: call.name, arguments: JSON.parse(String(call.arguments)) }, { name: "exec_command", arguments: { cmd: "printf one" } });
    assert.deepEqual((first[4]?.response as { usage: Record<string, unknown> }).usage.total_tokens, 110);

    // The second turn resends the first call and its output; the third resends both.
    const history = [call, { type: "function_call_output", call_id: call.call_id, output: "one" }];
    const second = events(await (await post({ tools: [EXEC_TOOL], input: history })).text());
    const secondCall = second[3]?.item as Record<string, unknown>;
    assert.equal(JSON.parse(String(secondCall.arguments)).cmd, "printf two");
    const third = events(
      await (await post({ tools: [EXEC_TOOL], input: [...history, secondCall, { type: "function_call_output", call_id: secondCall.call_id, output: [{ type: "input_text", text: "two" }] }] })).text(),
    );
    assert.deepEqual(third.map((event) => event.type), [
      "response.created",
      "response.output_item.added",
      "response.output_text.delta",
      "response.output_item.done",
      "response.completed",
    ]);
    assert.equal(third[2]?.delta, "finished");
    assert.deepEqual(server.toolResults, ["one", "two"]);
    assert.equal(server.requests.length, 3);
  });

  it("asks a past Codex through the shell tool it offers: an argv for shell, one string for shell_command, with timeout_ms", async () => {
    const past = await startResponsesServer(() => ({ kind: "shell", command: "sleep 3", timeoutMs: 500 }));
    try {
      const asked = async (tool: string): Promise<unknown> => {
        const body = { tools: [{ type: "function", name: tool }], input: [] };
        const sent = events(await (await fetch(`${past.url}/responses`, { method: "POST", body: JSON.stringify(body) })).text());
        const call = sent[3]?.item as Record<string, unknown>;
        return { name: call.name, arguments: JSON.parse(String(call.arguments)) };
      };
      assert.deepEqual(await asked("shell"), { name: "shell", arguments: { command: ["bash", "-lc", "sleep 3"], timeout_ms: 500 } });
      assert.deepEqual(await asked("shell_command"), { name: "shell_command", arguments: { command: "sleep 3", timeout_ms: 500 } });
      assert.deepEqual(await asked("exec_command"), { name: "exec_command", arguments: { cmd: "sleep 3" } }, "exec_command takes no time limit");
    } finally {
      await past.close();
    }
  });

  it("answers a request that offers no tools with a short message, and one without exec_command with a 400", async () => {
    const side = events(await (await post({ input: [{ type: "message", role: "user", content: "title this" }] })).text());
    assert.equal(side[2]?.delta, "ok");
    const unknown = await post({ tools: [{ type: "function", name: "shell_v9" }], input: [] });
    assert.equal(unknown.status, 400);
    assert.match(await unknown.text(), /no exec_command or shell_command or shell among the tools offered: shell_v9/);
    const models = await fetch(`${server.url}/models`);
    assert.deepEqual(await models.json(), { object: "list", data: [], models: [] });
  });
});
