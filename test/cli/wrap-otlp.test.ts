// `toolspan wrap` with the real OTLP/HTTP exporter, sending to a server on loopback that this test starts.
import assert from "node:assert/strict";
import { createServer, type IncomingMessage } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Socket } from "node:net";
import { performance } from "node:perf_hooks";
import { after, before, describe, test } from "node:test";
import { spansFromLine } from "../../src/formats/otlp/spans-from-line.js";
import { runCli } from "../helpers/cli.js";
import { nodeFixture } from "../helpers/fixtures.js";
import { writeTemp } from "../helpers/lint.js";

const bodies: { url: string; type: string; body: string }[] = [];
const server = createServer((request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    bodies.push({ url: request.url ?? "", type: request.headers["content-type"] ?? "", body: Buffer.concat(chunks).toString("utf8") });
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});
let endpoint = "";
before(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => server.close());

/** Runs wrap and returns the one request the exporter sent (wrap exits only after it was answered). */
async function wrapExported(args: string[], extraEnv: NodeJS.ProcessEnv = {}) {
  bodies.length = 0;
  const result = await runCli(["wrap", "--json", ...args], { extraEnv });
  assert.equal(bodies.length, 1, `one export request (stderr: ${result.stderr.toString()})`);
  const [sent] = bodies;
  return { result, sent: sent!, record: JSON.parse(result.stdout.toString("utf8")) as Record<string, unknown> };
}

test("OTEL_EXPORTER_OTLP_ENDPOINT alone: the span arrives as OTLP/JSON and decodes to the record", async () => {
  const { result, sent, record } = await wrapExported(["--", ...nodeFixture("emit.mjs", "--out", "9000")], { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
  assert.equal(result.code, 0);
  assert.equal(sent.url, "/v1/traces");
  assert.match(sent.type, /application\/json/);
  const request = JSON.parse(sent.body) as Record<string, unknown>;
  const [span] = spansFromLine(request);
  assert.equal(span!.name, "execute_tool node");
  assert.equal(span!.spanId, record.span_id);
  const { argv: _argv, ...withoutArgv } = record;
  assert.deepEqual(span!.record, withoutArgv, "every contract key but argv, nulls restored");
  assert.equal(span!.attributes["toolspan.stdout.truncated"], true);
  assert.equal(span!.attributes["process.command_args"], undefined);
  const resource = JSON.stringify((request.resourceSpans as object[])[0]);
  assert.match(resource, /"service.name","value":\{"stringValue":"toolspan"\}/);
});

test("--otlp URL, TRACEPARENT as parent, --record-args, OTEL_SERVICE_NAME", async () => {
  const traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
  const { sent, record } = await wrapExported(
    ["--otlp", endpoint, "--record-args", "--", ...nodeFixture("print-env.mjs", "TRACEPARENT")],
    { TRACEPARENT: traceparent, OTEL_SERVICE_NAME: "agent-tools" },
  );
  const request = JSON.parse(sent.body) as { resourceSpans: { scopeSpans: { spans: { parentSpanId: string }[] }[] }[] };
  const [span] = spansFromLine(request as unknown as Record<string, unknown>);
  assert.equal(span!.traceId, "0af7651916cd43dd8448eb211c80319c");
  assert.equal(request.resourceSpans[0]!.scopeSpans[0]!.spans[0]!.parentSpanId, "b7ad6b7169203331");
  assert.deepEqual(span!.attributes["process.command_args"], record.argv);
  assert.equal(record.preview_stdout, `{"TRACEPARENT":"00-0af7651916cd43dd8448eb211c80319c-${span!.spanId}-01"}\n`);
  assert.match(sent.body, /"service.name","value":\{"stringValue":"agent-tools"\}/);
});

test("OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT=100 cuts the preview: lint names the SDK's limit as possible-second-cap", async () => {
  const { sent } = await wrapExported(["--", ...nodeFixture("emit.mjs", "--out", "3000")], {
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: "100",
  });
  const path = writeTemp(`${JSON.stringify(JSON.parse(sent.body))}\n`, "collector.jsonl");
  const lint = await runCli(["lint", "--format", "jsonl", path], { extraEnv: { OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: "100" } });
  const findings = lint.stdout.toString("utf8").trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
  assert.deepEqual(
    findings.map((f) => [f.rule, f.message_id, f.stream]),
    [["possible-second-cap", "shortPreviewAtLimit", "stdout"]],
  );
  assert.match(String(findings[0]!.message), /OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT=100/);
  assert.match(String(findings[0]!.span_id), /^[0-9a-f]{16}$/);
  assert.equal(lint.code, 0, "a warning only");
});

test("no endpoint: nothing is sent; a bad --otlp is a usage error", async () => {
  bodies.length = 0;
  const plain = await runCli(["wrap", "--json", "--", process.execPath, "-e", "0"]);
  assert.equal(plain.code, 0);
  assert.equal(bodies.length, 0);
  const bad = await runCli(["wrap", "--otlp", "not a url", "--", "true"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr.toString(), /--otlp takes a URL/);
});

/** Wraps `node -e ''` with `extraEnv`; resolves to the exit, stderr and how long wrap took beyond the command. */
async function wrapOverheadMs(extraEnv: NodeJS.ProcessEnv) {
  const started = performance.now();
  const result = await runCli(["wrap", "--json", "--", process.execPath, "-e", ""], { extraEnv });
  const elapsed = performance.now() - started;
  const record = JSON.parse(result.stdout.toString("utf8")) as { duration_ms: number };
  return { code: result.code, stderr: result.stderr.toString("utf8"), overheadMs: elapsed - record.duration_ms };
}

// The SDK's default export timeout is 10 s, with retries on a refused connection: a Collector that was down added
// 9 to 10 s to every wrap. The bound is DEFAULT_EXPORT_TIMEOUT_MS (2 s) plus node's start; 5 s leaves room for a
// loaded machine and still fails the old behaviour by far.
describe("a Collector that is down holds wrap back by the export timeout at most", () => {
  let closedPort = 0;
  let silentPort = 0;
  const sockets: Socket[] = [];
  // Accepts every connection and never answers.
  const silent = createTcpServer((socket) => sockets.push(socket));
  before(async () => {
    const probe = createTcpServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    silentPort = (silent.address() as AddressInfo).port;
  });
  after(() => {
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  test("a closed port: under 5 s, the failure named, the command's exit status kept", async () => {
    const run = await wrapOverheadMs({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${closedPort}` });
    assert.equal(run.code, 0);
    assert.match(run.stderr, /^toolspan: OTLP export failed: .*ECONNREFUSED/m);
    assert.ok(run.overheadMs < 5000, `wrap took ${Math.round(run.overheadMs)} ms beyond the command`);
  });

  test("a listener that never answers: under 5 s", async () => {
    const run = await wrapOverheadMs({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${silentPort}` });
    assert.equal(run.code, 0);
    assert.match(run.stderr, /^toolspan: OTLP export failed: /m);
    assert.ok(run.overheadMs < 5000, `wrap took ${Math.round(run.overheadMs)} ms beyond the command`);
  });

  test("OTEL_EXPORTER_OTLP_TRACES_TIMEOUT (over OTEL_EXPORTER_OTLP_TIMEOUT) sets the wait: 3000 ms is waited out", async () => {
    const run = await wrapOverheadMs({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${silentPort}`,
      OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: "3000",
      OTEL_EXPORTER_OTLP_TIMEOUT: "100",
    });
    assert.equal(run.code, 0);
    // A timer never fires early: the export cannot have given up before 3000 ms.
    assert.ok(run.overheadMs >= 3000 && run.overheadMs < 7000, `wrap took ${Math.round(run.overheadMs)} ms beyond the command`);
  });
});
