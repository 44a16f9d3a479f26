import { ruleTester } from "../../helpers/lint.js";

const otlp = (attributes: Record<string, unknown>): string =>
  JSON.stringify({
    resourceSpans: [
      {
        scopeSpans: [
          {
            spans: [
              {
                traceId: "5b8aa5a2d2c872e8321cf37308d69df2",
                spanId: "051581bf3cb55c13",
                name: "tool",
                attributes: Object.entries(attributes).map(([key, value]) => ({ key, value })),
              },
            ],
          },
        ],
      },
    ],
  });
const genAi = { "gen_ai.operation.name": { stringValue: "execute_tool" } };
const result = { "gen_ai.tool.call.result": { stringValue: "12 passed" } };

ruleTester("no-io-metadata", {
  valid: [
    { name: "an execute_tool span without a result", span: otlp(genAi) },
    { name: "a result on a span that is not a tool call", span: otlp({ "gen_ai.operation.name": { stringValue: "chat" }, ...result }) },
    { name: "an OpenInference LLM span", span: otlp({ "openinference.span.kind": { stringValue: "LLM" }, "output.value": { stringValue: "hi" } }) },
    { name: "a result that is not a string", span: otlp({ ...genAi, "gen_ai.tool.call.result": { intValue: "3" } }) },
    {
      name: "a tool span carrying toolspan's figures",
      span: otlp({ ...genAi, ...result, "toolspan.span_type": { stringValue: "tool" }, "toolspan.stdout.bytes": { intValue: 9 } }),
    },
    { name: "a toolspan JSONL record", span: { span_type: "tool" } },
  ],
  invalid: [
    { name: "GenAI execute_tool with gen_ai.tool.call.result", span: otlp({ ...genAi, ...result }), errors: [{ messageId: "resultOnly", message: "GenAI execute_tool span 'tool' has a result (gen_ai.tool.call.result, 9 characters)" }] },
    { name: "OpenInference TOOL with output.value", span: otlp({ "openinference.span.kind": { stringValue: "TOOL" }, "output.value": { stringValue: "x" } }), errors: [{ messageId: "resultOnly", message: "OpenInference TOOL" }] },
    { name: "a Langfuse tool observation", span: otlp({ "langfuse.observation.type": { stringValue: "tool" }, "langfuse.observation.output": { stringValue: "ok" } }), errors: [{ messageId: "resultOnly", message: "Langfuse tool" }] },
  ],
});
