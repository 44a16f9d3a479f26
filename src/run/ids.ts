// Ids in OpenTelemetry's sizes, so a run maps onto a trace id and a span onto a span id.
import { randomBytes } from "node:crypto";

/** 32 lowercase hex characters. */
export function newRunId(): string {
  return randomBytes(16).toString("hex");
}

/** 16 lowercase hex characters. */
export function newSpanId(): string {
  return randomBytes(8).toString("hex");
}
