// The one mapping between contract keys and OpenTelemetry attribute names, used by the span writer, the OTLP
// reader and `convert` alike, and printed as the table in docs/otlp.md (a test keeps the two equal).
import { STREAMS } from "../../contract/constants.js";
import { CORE_KEYS, OWN_KEYS } from "../../contract/keys.js";

/** Every attribute toolspan writes for a contract key starts with this. */
export const ATTRIBUTE_PREFIX = "toolspan.";

const STREAM_KEY = new RegExp(`^(${STREAMS.join("|")})_(.+)$`);
const PREVIEW_KEY = new RegExp(`^preview_(${STREAMS.join("|")})$`);
const STREAM_ATTRIBUTE = new RegExp(`^(${STREAMS.join("|")})\\.(.+)$`);

/** The rule: `{stream}_{field}` → `toolspan.{stream}.{field}`, `preview_{stream}` → `toolspan.{stream}.preview`,
 * any other key `k` → `toolspan.k`. */
export function attributeName(key: string): string {
  const preview = PREVIEW_KEY.exec(key);
  if (preview) return `${ATTRIBUTE_PREFIX}${preview[1]}.preview`;
  const stream = STREAM_KEY.exec(key);
  return stream ? `${ATTRIBUTE_PREFIX}${stream[1]}.${stream[2]}` : `${ATTRIBUTE_PREFIX}${key}`;
}

/** The rule read backwards; null for an attribute outside the `toolspan.` namespace. */
export function contractKey(attribute: string): string | null {
  if (!attribute.startsWith(ATTRIBUTE_PREFIX)) return null;
  const rest = attribute.slice(ATTRIBUTE_PREFIX.length);
  const stream = STREAM_ATTRIBUTE.exec(rest);
  if (!stream) return rest;
  return stream[2] === "preview" ? `preview_${stream[1]}` : `${stream[1]}_${stream[2]}`;
}

/** Every contract key with its attribute, in the contract's order: the table docs/otlp.md shows. */
export const ATTRIBUTE_TABLE: readonly (readonly [key: string, attribute: string])[] = [...CORE_KEYS, ...OWN_KEYS].map(
  (key) => [key, attributeName(key)] as const,
);
