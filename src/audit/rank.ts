// The order findings are shown in: Tool Previews Lie's story first (a clipped result, then the agent said it was
// done), then other clipped results, then results the transcript cannot show; transcript order within each.
import type { AuditedCall } from "./audit-transcript.js";

function weight(call: AuditedCall): number {
  if (call.verdict === "clipped") return call.declaredSuccess ? 0 : 1;
  return call.declaredSuccess ? 2 : 3;
}

/** The clipped and unverifiable calls, most urgent first. */
export function rankFindings(calls: readonly AuditedCall[]): AuditedCall[] {
  return calls
    .filter((call) => call.verdict !== "clean")
    .map((call, order) => ({ call, order }))
    .sort((a, b) => weight(a.call) - weight(b.call) || a.order - b.order)
    .map(({ call }) => call);
}
