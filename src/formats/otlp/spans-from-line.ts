// The spans of one OTLP/JSON ExportTraceServiceRequest (`{"resourceSpans":[...]}`): a line of the Collector's
// file exporter, or a whole document; the run-file reader (src/formats/run-file/) hands them on span by span.
import { recordFromAttributes } from "./contract-attributes.js";
import { decodeAttributes, normaliseId } from "./decode.js";

/** One span of an OTLP request, with what toolspan reads of it. */
export interface OtlpSpan {
  /** 32 lowercase hex characters, whatever the file used; null when missing or malformed. */
  traceId: string | null;
  /** 16 lowercase hex characters; null when missing or malformed. */
  spanId: string | null;
  name: string;
  /** Every span attribute, decoded (intValue as a number, arrays as arrays, an empty value as null). */
  attributes: Record<string, unknown>;
  /** The contract record its `toolspan.*` attributes carry (keys as on the wire); null when it has none. */
  record: Record<string, unknown> | null;
}

/** True for a parsed value that is an OTLP request (an object with `resourceSpans`) rather than a toolspan record. */
export const isOtlpRequest = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Array.isArray((value as Record<string, unknown>).resourceSpans);

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const field = (value: unknown, name: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined;

/** Every span of a parsed OTLP request, in file order: `resourceSpans[].scopeSpans[].spans[]`, and the
 * `instrumentationLibrarySpans` older writers used instead of `scopeSpans`. */
export function spansFromRequest(request: Record<string, unknown>): OtlpSpan[] {
  const spans: OtlpSpan[] = [];
  for (const resource of listOf(request.resourceSpans)) {
    const scopes = [...listOf(field(resource, "scopeSpans")), ...listOf(field(resource, "instrumentationLibrarySpans"))];
    for (const scope of scopes) {
      for (const span of listOf(field(scope, "spans"))) {
        const attributes = decodeAttributes(field(span, "attributes"));
        const name = field(span, "name");
        spans.push({
          traceId: normaliseId(field(span, "traceId"), 16),
          spanId: normaliseId(field(span, "spanId"), 8),
          name: typeof name === "string" ? name : "",
          attributes,
          record: recordFromAttributes(attributes),
        });
      }
    }
  }
  return spans;
}

/** The spans of a parsed line: those of an OTLP request, none for anything else (a toolspan record). */
export const spansFromLine = (value: Record<string, unknown>): OtlpSpan[] => (isOtlpRequest(value) ? spansFromRequest(value) : []);

