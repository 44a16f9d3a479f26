import type { OtlpSpan } from "../../formats/otlp/spans-from-line.js";
import type { SpanRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";

// How each convention marks a tool call, and where it puts the result the model got.
const CONVENTIONS: readonly { name: string; isTool: (attributes: Record<string, unknown>) => boolean; results: readonly string[] }[] = [
  { name: "GenAI execute_tool", isTool: (a) => a["gen_ai.operation.name"] === "execute_tool", results: ["gen_ai.tool.call.result"] },
  { name: "OpenInference TOOL", isTool: (a) => a["openinference.span.kind"] === "TOOL", results: ["output.value"] },
  { name: "Langfuse tool", isTool: (a) => a["langfuse.observation.type"] === "tool", results: ["langfuse.observation.output"] },
];

function toolResult(span: OtlpSpan): { convention: string; attribute: string; value: string } | null {
  for (const convention of CONVENTIONS) {
    if (!convention.isTool(span.attributes)) continue;
    for (const attribute of convention.results) {
      const value = span.attributes[attribute];
      if (typeof value === "string") return { convention: convention.name, attribute, value };
    }
  }
  return null;
}

// No convention records the bytes before a cap, the cap or a flag: a result string alone cannot say it is whole.
export const noIoMetadata: SpanRule = {
  id: RULE_IDS.noIoMetadata,
  severity: "warning",
  description: "an OpenTelemetry tool span with a result but no byte count, cap, flag or hash: the trace can't say if it was clipped",
  messages: {
    resultOnly:
      "{convention} span '{name}' has a result ({attribute}, {chars} characters) but no toolspan.* figures: the trace cannot say whether it was clipped",
  },
  // A toolspan record carries its figures by definition; only other writers' spans are this rule's business.
  check() {},
  checkTrace(span, report) {
    const result = toolResult(span);
    if (result === null) return;
    report({ messageId: "resultOnly", data: { convention: result.convention, name: span.name, attribute: result.attribute, chars: result.value.length } });
  },
};
