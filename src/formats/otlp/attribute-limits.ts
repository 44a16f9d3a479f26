// Limits that cut attribute strings between toolspan and a trace backend without leaving a sign. A preview
// whose length is exactly one of them was most likely cut by that layer.

// The SDK's own variables, read as the SDK reads them: a whole number of UTF-16 code units (String#substring).
const SDK_LIMIT_VARIABLES = ["OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT", "OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT"] as const;

/** Byte limits of backends, by their defaults. */
const BYTE_LIMITS: readonly { bytes: number; layer: string }[] = [{ bytes: 2048, layer: "Tempo's default max attribute size (2048 bytes)" }];

/** The layer whose limit `value` is cut to, or null when its length is no known limit. */
export function knownAttributeCut(value: string, env: NodeJS.ProcessEnv = process.env): string | null {
  for (const name of SDK_LIMIT_VARIABLES) {
    const limit = Number(env[name]);
    if (Number.isSafeInteger(limit) && limit > 0 && value.length === limit) return `the OpenTelemetry SDK's ${name}=${limit}`;
  }
  const bytes = Buffer.byteLength(value, "utf8");
  return BYTE_LIMITS.find((limit) => limit.bytes === bytes)?.layer ?? null;
}
