// OTLP/JSON values as JavaScript values, leniently: the proto3 JSON mapping (hex ids, int64 as decimal strings)
// and what protobuf's MessageToJson and other writers produce instead (base64 ids, int64 as numbers).

/** An OTLP AnyValue as a plain value: strings, numbers, booleans, arrays, objects; an empty AnyValue is null;
 * undefined for something that is not an AnyValue at all. */
export function decodeAnyValue(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return undefined;
  const any = value as Record<string, unknown>;
  if ("stringValue" in any) return typeof any.stringValue === "string" ? any.stringValue : undefined;
  if ("boolValue" in any) return typeof any.boolValue === "boolean" ? any.boolValue : undefined;
  if ("intValue" in any) return decodeInt(any.intValue);
  if ("doubleValue" in any) return decodeDouble(any.doubleValue);
  if ("arrayValue" in any) return decodeList(any.arrayValue, (item) => decodeAnyValue(item));
  if ("kvlistValue" in any) return decodeAttributes((any.kvlistValue as { values?: unknown } | null)?.values);
  if ("bytesValue" in any) return typeof any.bytesValue === "string" ? any.bytesValue : undefined;
  return null;
}

// int64 is a decimal string in proto3 JSON; many writers send a number. Anything else is not an int.
function decodeInt(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isInteger(value) ? value : undefined;
  if (typeof value !== "string" || !/^-?\d+$/.test(value)) return undefined;
  return Number(value);
}

// A double may be "NaN", "Infinity" or "-Infinity" as a string in proto3 JSON.
function decodeDouble(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const number = Number(value);
  return Number.isNaN(number) && value !== "NaN" ? undefined : number;
}

function decodeList(container: unknown, decode: (item: unknown) => unknown): unknown[] | undefined {
  const values = (container as { values?: unknown } | null)?.values ?? [];
  return Array.isArray(values) ? values.map(decode) : undefined;
}

/** A KeyValue list as an object; entries without a string key are skipped, a repeated key keeps its last value. */
export function decodeAttributes(list: unknown): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  if (!Array.isArray(list)) return attributes;
  for (const entry of list) {
    if (typeof entry !== "object" || entry === null) continue;
    const { key, value } = entry as { key?: unknown; value?: unknown };
    if (typeof key !== "string") continue;
    const decoded = decodeAnyValue(value);
    if (decoded !== undefined) attributes[key] = decoded;
  }
  return attributes;
}

const HEX = /^[0-9a-fA-F]+$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** A trace id (16 bytes) or span id (8 bytes) as lowercase hex, whether written as hex (any case) or base64;
 * null when it is neither, or empty (a root span's parent). */
export function normaliseId(value: unknown, bytes: 8 | 16): string | null {
  if (typeof value !== "string" || value === "") return null;
  if (value.length === bytes * 2 && HEX.test(value)) return value.toLowerCase();
  if (!BASE64.test(value)) return null;
  const decoded = Buffer.from(value, value.includes("-") || value.includes("_") ? "base64url" : "base64");
  return decoded.length === bytes ? decoded.toString("hex") : null;
}
