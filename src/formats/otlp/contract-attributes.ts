// A contract record as `toolspan.*` attributes and back, by the rule in attribute-map.ts.
import { KEY_TYPES } from "../../contract/key-types.js";
import { WRAP_KEYS } from "../../contract/keys.js";
import { ATTRIBUTE_PREFIX, attributeName, contractKey } from "./attribute-map.js";

/** An attribute value OpenTelemetry accepts: numbers and booleans stay typed, never strings. */
export type AttributeValue = string | number | boolean | string[];

const isAttributeValue = (value: unknown): value is AttributeValue =>
  typeof value === "string" ||
  typeof value === "boolean" ||
  (typeof value === "number" && Number.isFinite(value)) ||
  (Array.isArray(value) && value.every((item) => typeof item === "string"));

/** Every key of `record` as its attribute; a null (or a value no attribute can hold) is left out. */
export function contractAttributes(record: Record<string, unknown>): Record<string, AttributeValue> {
  const attributes: Record<string, AttributeValue> = {};
  for (const [key, value] of Object.entries(record)) if (isAttributeValue(value)) attributes[attributeName(key)] = value;
  return attributes;
}

// Keys a stamped record always has whose contract type allows null: an attribute cannot hold null, so absence
// stands for it. Keys only some spans carry (a rerun's, audit's) are absent when absent.
const NULLABLE_KEYS = WRAP_KEYS.filter((key) => KEY_TYPES[key as keyof typeof KEY_TYPES].test(null));

/** The contract record carried by a span's attributes, or null when it has no `toolspan.*` attribute. A record
 * stamped with `toolspan.contract` was written whole, so when its writer could not write null (an SDK: no
 * attribute holds an empty value), each nullable key it lacks was null. */
export function recordFromAttributes(attributes: Record<string, unknown>): Record<string, unknown> | null {
  let record: Record<string, unknown> | null = null;
  let explicitNull = false;
  for (const [name, value] of Object.entries(attributes)) {
    if (!name.startsWith(ATTRIBUTE_PREFIX)) continue;
    record ??= {};
    record[contractKey(name)!] = value;
    if (value === null) explicitNull = true;
  }
  if (record !== null && record.contract !== undefined && !explicitNull) {
    for (const key of NULLABLE_KEYS) if (!(key in record)) record[key] = null;
  }
  return record;
}
