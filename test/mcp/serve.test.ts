// The server as a protocol peer: what tools/list publishes, and how it answers what it cannot take (malformed
// JSON-RPC, an unknown tool, wrong arguments) without ever ending the session.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { call, HANDSHAKE, rawExchange, resultText, startMcp, type McpServer } from "../helpers/mcp.js";

let server: McpServer;
before(async () => {
  server = await startMcp();
});
after(() => server.close());

describe("tools/list", () => {
  test("the four tools, each with an object input schema, an output schema and the result size it declares", async () => {
    const { tools } = await server.client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name), ["run", "read_output", "search_output", "spans"]);
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, "object", tool.name);
      assert.equal(tool.outputSchema?.type, "object", tool.name);
      assert.equal(typeof tool.description, "string");
      assert.ok(tool.description!.length < 2048, `${tool.name}: hosts cut descriptions past 2 KB`);
      assert.equal(tool._meta?.["anthropic/maxResultSizeChars"], 100_000, tool.name);
    }
    assert.deepEqual(tools[0]!.inputSchema.required, ["command"]);
    assert.equal(server.client.getInstructions()?.startsWith("toolspan runs shell commands"), true);
  });
});

describe("what the server cannot take, answered and survived", () => {
  test("a line that is not JSON: a parse error with id null; an invalid request: -32600 with its id; a batch: -32600", async () => {
    const lines = [
      ...HANDSHAKE,
      "this is not json",
      JSON.stringify({ jsonrpc: "2.0", id: 7, method: 5 }),
      JSON.stringify([{ jsonrpc: "2.0", id: 8, method: "tools/list" }]),
      JSON.stringify({ jsonrpc: "1.0", id: 9, method: "tools/list" }),
      JSON.stringify({ jsonrpc: "2.0", id: 10, method: "tools/list" }),
    ];
    const { answers, code } = await rawExchange(lines, 6);
    const byId = (id: unknown) => answers.filter((answer) => answer.id === id);
    assert.equal(byId(null).length, 2, JSON.stringify(answers));
    assert.deepEqual(byId(null).map((answer) => answer.error.code).sort((a, b) => b - a), [-32600, -32700]);
    assert.equal(byId(7)[0]?.error.code, -32600);
    assert.equal(byId(9)[0]?.error.code, -32600);
    assert.equal(byId(10)[0]?.result.tools.length, 4, "the session goes on");
    assert.equal(code, 0, "the server exits cleanly when stdin ends");
  });

  test("an unknown tool and a call without a name: JSON-RPC invalid params; a method it does not have: method not found", async () => {
    const lines = [
      ...HANDSHAKE,
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "rm_rf", arguments: {} } }),
      JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { arguments: {} } }),
      JSON.stringify({ jsonrpc: "2.0", id: 3, method: "resources/list" }),
    ];
    const { answers } = await rawExchange(lines, 4);
    const of = (id: number) => answers.find((answer) => answer.id === id)!;
    assert.equal(of(1).error.code, -32602);
    assert.match(of(1).error.message, /Unknown tool: "rm_rf" \(the tools are run, read_output, search_output, spans\)/);
    assert.equal(of(2).error.code, -32602);
    assert.equal(of(3).error.code, -32601);
  });

  test("wrong argument types, a missing or an unknown argument: an error result naming it, the model can correct", async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ["run", {}, /invalid arguments for run: the arguments must have required property 'command'/],
      ["run", { command: 42 }, /invalid arguments for run: command must be string/],
      ["run", { command: "true", timeout_seconds: -1 }, /timeout_seconds must be > 0/],
      ["run", { command: "true", shell: "zsh" }, /run takes no argument "shell" \(it takes command, cwd, timeout_seconds, stdin\)/],
      ["run", { command: "echo a\u0000b" }, /command holds a NUL character/],
      ["read_output", { span_id: "x", offset: 1.5 }, /offset must be integer/],
      ["read_output", { span_id: "x", stream: "stdin" }, /stream must be equal to one of the allowed values/],
      ["read_output", { span_id: "x", length: 1_000_000 }, /length must be <= 16000/],
      ["search_output", { span_id: "x" }, /must have required property 'pattern'/],
    ];
    for (const [name, args, expected] of cases) {
      const result = await call(server, name, args);
      assert.equal(result.isError, true, `${name} ${JSON.stringify(args)}`);
      assert.match(resultText(result), expected);
    }
    const after = await call(server, "run", { command: "echo still here" });
    assert.equal(after.structuredContent.stdout.kept[0].text, "still here\n");
  });
});

describe("the answer in words, in the structured content too", () => {
  test("every tool's structured content leads with `summary`, its first text block, and its output schema requires it", async () => {
    const { tools } = await server.client.listTools();
    for (const tool of tools) {
      assert.equal(Object.keys(tool.outputSchema!.properties!)[0], "summary", tool.name);
      assert.equal((tool.outputSchema!.required as string[])[0], "summary", tool.name);
    }
    const ran = await call(server, "run", { command: "seq 1 20000" });
    assert.equal(Object.keys(ran.structuredContent)[0], "summary");
    assert.equal(ran.structuredContent.summary, (ran.content[0] as { text: string }).text);
    assert.match(ran.structuredContent.summary, /^toolspan run: exit 0, [\d.]+ s, span \w+\.\nstdout: 108894 bytes; you got bytes 0-8000 and bytes 100894-108894/);
    assert.ok(!ran.structuredContent.summary.includes("\n1\n2\n"), "the summary holds the words, not the kept bytes again");
  });
});
