// Plain values as OTLP/JSON, in the proto3 JSON mapping the Collector writes: int64 as decimal strings.

/** One value as an AnyValue; null (and anything without an OTLP form) as the empty AnyValue. */
export function encodeAnyValue(value: unknown): Record<string, unknown> {
  if (typeof value === "string") return { stringValue: value };
  if (typeof value === "boolean") return { boolValue: value };
  if (typeof value === "number") return Number.isSafeInteger(value) ? { intValue: String(value) } : { doubleValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(encodeAnyValue) } };
  if (typeof value === "object" && value !== null) return { kvlistValue: { values: encodeAttributes(value as Record<string, unknown>) } };
  return {};
}

/** An object as a KeyValue list, in key order. */
export const encodeAttributes = (attributes: Record<string, unknown>): { key: string; value: Record<string, unknown> }[] =>
  Object.entries(attributes).map(([key, value]) => ({ key, value: encodeAnyValue(value) }));
