// A contract record as a one-span OTLP/JSON ExportTraceServiceRequest: `toolspan convert --to otlp`.
import { createHash } from "node:crypto";
import { attributeName } from "./attribute-map.js";
import { contractAttributes } from "./contract-attributes.js";
import { encodeAttributes } from "./encode.js";
import { errorType, semanticAttributes, spanName } from "./tool-span-semantics.js";

const SPAN_KIND_INTERNAL = 1;
const STATUS_CODE_ERROR = 2;

// toolspan's ids are already OpenTelemetry-sized hex (run = trace, span = span); any other id is hashed, so
// the spans of one run still share one trace.
// A record without a string id gets one derived from the whole record (serialised only then).
function otelId(value: unknown, bytes: 8 | 16, record: Record<string, unknown>): string {
  if (typeof value === "string" && value.length === bytes * 2 && /^[0-9a-f]+$/.test(value)) return value;
  return createHash("sha256").update(typeof value === "string" ? value : JSON.stringify(record)).digest("hex").slice(0, bytes * 2);
}

function unixNanos(record: Record<string, unknown>): { start: string; end: string } {
  const startMs = typeof record.started_at === "string" ? Date.parse(record.started_at) : Number.NaN;
  if (Number.isNaN(startMs)) return { start: "0", end: "0" };
  const durationMs = typeof record.duration_ms === "number" && Number.isFinite(record.duration_ms) ? record.duration_ms : 0;
  const start = BigInt(startMs) * 1_000_000n;
  return { start: String(start), end: String(start + BigInt(Math.round(durationMs * 1e6))) };
}

/** The request for one record. Every key becomes its `toolspan.*` attribute; a null is written as the empty
 * AnyValue, so converting back restores it even in a record that is not stamped `contract`. */
export function requestFromRecord(record: Record<string, unknown>, scopeVersion: string): Record<string, unknown> {
  const attributes: Record<string, unknown> = { ...semanticAttributes(record, true), ...contractAttributes(record) };
  for (const [key, value] of Object.entries(record)) if (value === null) attributes[attributeName(key)] = null;
  const { start, end } = unixNanos(record);
  const span: Record<string, unknown> = {
    traceId: otelId(record.run_id, 16, record),
    spanId: otelId(record.span_id, 8, record),
    name: spanName(record),
    kind: SPAN_KIND_INTERNAL,
    startTimeUnixNano: start,
    endTimeUnixNano: end,
    attributes: encodeAttributes(attributes),
    status: errorType(record) === null ? {} : { code: STATUS_CODE_ERROR },
  };
  if (typeof record.parent_span_id === "string") span.parentSpanId = otelId(record.parent_span_id, 8, record);
  return {
    resourceSpans: [
      {
        resource: { attributes: encodeAttributes({ "service.name": "toolspan" }) },
        scopeSpans: [{ scope: { name: "toolspan", version: scopeVersion }, spans: [span] }],
      },
    ],
  };
}
