import { BLOB_KEYS, HASH_KEYS } from "../../contract/key-types.js";
import type { SpanRule } from "../rule.js";
import { isHash } from "../span-fields.js";

const streamOf = (key: string) => (key.startsWith("stdout") ? "stdout" : "stderr") as "stdout" | "stderr";

// A hash that is not a sha256 (the seed's "b3a1...") can verify nothing.
export const invalidHash: SpanRule = {
  id: "invalid-hash",
  severity: "error",
  description: "a hash is present but not 64 lowercase hex characters",
  messages: {
    notHex: "'{key}' is not a sha256 (64 lowercase hex characters): {value}",
    notBlob: "'{key}' is not a blob name (sha256: and 64 lowercase hex characters): {value}",
  },
  check({ span }, report) {
    // A span repeats its hashes (a complete stream's sha256, stream and kept hashes are one value): each
    // distinct value is checked once.
    let checked1: unknown;
    let checked2: unknown;
    for (const key of HASH_KEYS) {
      const value = span[key];
      if (typeof value !== "string" || value === checked1 || value === checked2) continue;
      if (isHash(value)) {
        checked2 = checked1;
        checked1 = value;
      } else {
        report({ messageId: "notHex", data: { key, value: JSON.stringify(value.slice(0, 80)) }, stream: streamOf(key) });
      }
    }
    for (const key of BLOB_KEYS) {
      const value = span[key];
      if (typeof value !== "string") continue;
      if (!value.startsWith("sha256:") || !isHash(value.slice(7))) {
        report({ messageId: "notBlob", data: { key, value: JSON.stringify(value.slice(0, 80)) }, stream: streamOf(key) });
      }
    }
  },
};
