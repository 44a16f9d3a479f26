// The line transport on its own: messages split across chunks and joined in one, a line over the limit skipped in
// constant memory and answered, the session going on after each.
import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { test } from "node:test";
import fc from "fast-check";
import { LineTransport } from "../../src/mcp/stdio-transport.js";

function harness(maxBytes: number) {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new LineTransport(maxBytes, input, output);
  const messages: unknown[] = [];
  const answers: Record<string, any>[] = [];
  transport.onmessage = (message) => messages.push(message);
  let pending = "";
  output.on("data", (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    for (let at = pending.indexOf("\n"); at !== -1; at = pending.indexOf("\n")) {
      answers.push(JSON.parse(pending.slice(0, at)) as Record<string, any>);
      pending = pending.slice(at + 1);
    }
  });
  return { input, transport, messages, answers };
}

const request = (id: number): string => JSON.stringify({ jsonrpc: "2.0", id, method: "ping" });

test("messages arrive whole however the bytes are chunked", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 30 }), async (cuts) => {
      const { input, transport, messages } = harness(1024);
      await transport.start();
      const bytes = Buffer.from(`${request(1)}\n${request(2)}\r\n\n${request(3)}\n`);
      let at = 0;
      for (const cut of cuts) {
        input.write(bytes.subarray(at, at + cut));
        at += cut;
      }
      input.write(bytes.subarray(at));
      assert.deepEqual(messages.map((message) => (message as { id: number }).id), [1, 2, 3]);
    }),
  );
});

test("a line over the limit is skipped as it streams past and answered; the next one is read", async () => {
  const { input, transport, messages, answers } = harness(100);
  await transport.start();
  for (let i = 0; i < 50; i++) input.write("x".repeat(1000));
  input.write(`\n${request(4)}\n`);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(answers, [{ jsonrpc: "2.0", id: null, error: { code: -32600, message: "a message over 100 bytes was skipped" } }]);
  assert.deepEqual(messages.map((message) => (message as { id: number }).id), [4]);
});

test("the end of its input closes the transport once", async () => {
  const { input, transport } = harness(100);
  let closes = 0;
  transport.onclose = () => closes++;
  await transport.start();
  input.end();
  await new Promise((resolve) => setImmediate(resolve));
  await transport.close();
  assert.equal(closes, 1);
});
