// runTool under the real SDK (sdk-trace-base, an in-memory exporter, the async-hooks context manager).
import assert from "node:assert/strict";
import { after, beforeEach, test } from "node:test";
import { context, SpanStatusCode, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { CORE_KEYS, OWN_KEYS } from "../../../src/contract/keys.js";
import { attributeName } from "../../../src/formats/otlp/attribute-map.js";
import { runTool } from "../../../src/run/run-tool.js";
import { cleanEnv } from "../../helpers/cli.js";
import { nodeFixture } from "../../helpers/fixtures.js";

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
trace.setGlobalTracerProvider(provider);
const contextManager = new AsyncLocalStorageContextManager().enable();
context.setGlobalContextManager(contextManager);
after(() => provider.shutdown());
beforeEach(() => exporter.reset());

const env = cleanEnv();
delete env.TRACEPARENT;
delete env.TRACESTATE;

function onlySpan() {
  const spans = exporter.getFinishedSpans();
  assert.equal(spans.length, 1);
  return spans[0]!;
}

test("one execute_tool span: the conventions' attributes and every non-null contract key, typed", async () => {
  const { span: record } = await runTool(nodeFixture("emit.mjs", "--out", "20000"), { env, stdin: "ignore", cap: 8192 });
  const span = onlySpan();
  assert.equal(span.name, "execute_tool node");
  assert.equal(span.kind, 0 /* INTERNAL */);
  const attributes = span.attributes;
  assert.equal(attributes["gen_ai.operation.name"], "execute_tool");
  assert.equal(attributes["gen_ai.tool.name"], "node");
  assert.equal(attributes["process.executable.name"], "node");
  assert.equal(attributes["process.exit.code"], 0);
  assert.equal(typeof attributes["process.pid"], "number");
  assert.equal(attributes["error.type"], undefined);
  assert.equal(attributes["process.command_args"], undefined, "no arguments without recordArgs");
  assert.equal(span.status.code, SpanStatusCode.UNSET);
  assert.equal(span.spanContext().spanId, record.span_id, "the record and the span share an id");
  for (const key of [...CORE_KEYS, ...OWN_KEYS]) {
    const value = (record as unknown as Record<string, unknown>)[key];
    const name = attributeName(key);
    if (value === null || key === "argv") assert.equal(attributes[name], undefined, `${name} is left out`);
    else assert.deepEqual(attributes[name], value, `${name} equals the record's ${key} with its type`);
  }
  assert.equal(attributes["toolspan.stdout.bytes"], 20000);
  assert.equal(attributes["toolspan.stdout.cap"], 8192);
  assert.equal(attributes["toolspan.stdout.truncated"], true);
});

test("a failing command: error.type and status ERROR; recordArgs adds the arguments", async () => {
  const { span: record } = await runTool([process.execPath, "-e", "process.exit(3)"], { env, stdin: "ignore", recordArgs: true });
  const span = onlySpan();
  assert.equal(record.returncode, 3);
  assert.equal(span.attributes["process.exit.code"], 3);
  assert.equal(span.attributes["error.type"], "3");
  assert.equal(span.status.code, SpanStatusCode.ERROR);
  assert.deepEqual(span.attributes["process.command_args"], [process.execPath, "-e", "process.exit(3)"]);
  assert.deepEqual(span.attributes["toolspan.argv"], record.argv);
});

test("with redactArgv, process.command_args and toolspan.argv are the redacted argv (mysql -pPASS)", async () => {
  const argv = nodeFixture("argv-json.mjs", "mysql", "-u", "root", "-pXyz9Secret7", "app");
  const { span: record } = await runTool(argv, { env, stdin: "ignore", recordArgs: true, redactArgv: true });
  const span = onlySpan();
  assert.deepEqual(span.attributes["process.command_args"], [...argv.slice(0, 5), "-p[REDACTED:password-flag]", "app"]);
  assert.deepEqual(span.attributes["toolspan.argv"], record.argv);
});

test("a command that cannot start: error.type names why, no exit code", async () => {
  await runTool(["/nonexistent/tool"], { env, stdin: "ignore" });
  const span = onlySpan();
  assert.equal(span.attributes["error.type"], "ENOENT");
  assert.equal(span.attributes["process.exit.code"], undefined);
  assert.equal(span.status.code, SpanStatusCode.ERROR);
});

test("library: the span is a child of the active span, and the command sees TRACEPARENT naming it", async () => {
  const parent = trace.getTracer("test").startSpan("agent step");
  const result = await context.with(trace.setSpan(context.active(), parent), () =>
    runTool(nodeFixture("print-env.mjs", "TRACEPARENT"), { env, stdin: "ignore" }),
  );
  parent.end();
  const span = exporter.getFinishedSpans().find((s) => s.name === "execute_tool node")!;
  assert.equal(span.spanContext().traceId, parent.spanContext().traceId);
  assert.equal(span.parentSpanContext?.spanId, parent.spanContext().spanId);
  const seen = JSON.parse(result.stdout.toString("utf8")) as { TRACEPARENT: string };
  assert.equal(seen.TRACEPARENT, `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`);
});

test("traceparent option (the CLI's $TRACEPARENT): the span joins that trace; TRACESTATE goes with it", async () => {
  const traceId = "0af7651916cd43dd8448eb211c80319c";
  const result = await runTool(nodeFixture("print-env.mjs", "TRACEPARENT", "TRACESTATE"), {
    env: { ...env, TRACESTATE: "stale=1" },
    stdin: "ignore",
    traceparent: `00-${traceId}-b7ad6b7169203331-01`,
    tracestate: "vendor=abc",
  });
  const span = onlySpan();
  assert.equal(span.spanContext().traceId, traceId);
  assert.equal(span.parentSpanContext?.spanId, "b7ad6b7169203331");
  assert.deepEqual(JSON.parse(result.stdout.toString("utf8")), {
    TRACEPARENT: `00-${traceId}-${span.spanContext().spanId}-01`,
    TRACESTATE: "vendor=abc",
  });
});
