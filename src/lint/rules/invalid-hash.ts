import { BLOB_KEYS, HASH_KEYS } from "../../contract/key-types.js";
import type { StreamName } from "../../contract/span.js";
import type { SpanRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";
import { isHash } from "../../contract/span-fields.js";

interface HashKey {
  key: string;
  /** Findings come in this order (the contract's), whatever order the writer used. */
  order: number;
  blob: boolean;
  stream: StreamName;
}

const HASHES = new Map<string, HashKey>(
  [...HASH_KEYS, ...BLOB_KEYS].map((key, order) => [
    key,
    { key, order, blob: (BLOB_KEYS as readonly string[]).includes(key), stream: key.startsWith("stdout") ? "stdout" : "stderr" },
  ]),
);

const isBlobName = (value: string): boolean => value.startsWith("sha256:") && isHash(value.slice(7));

// A hash that is not a sha256 (the published example's "b3a1...") can verify nothing.
export const invalidHash: SpanRule = {
  id: RULE_IDS.invalidHash,
  severity: "error",
  description: "a hash is present but not 64 lowercase hex characters",
  messages: {
    notHex: "'{key}' is not a sha256 (64 lowercase hex characters): {value}",
    notBlob: "'{key}' is not a blob name (sha256: and 64 lowercase hex characters): {value}",
  },
  check({ span }, report) {
    // The span's own keys are walked (for-in reads values from V8's enum cache; looking each hash key up by name
    // is a slower keyed load per key). A span repeats its hashes (a complete stream's sha256, stream and kept
    // hashes are one value): the last two valid hashes are not checked again (a blob name is another form).
    let valid1: unknown;
    let valid2: unknown;
    let wrong: HashKey[] | null = null;
    for (const key in span) {
      const hash = HASHES.get(key);
      if (hash === undefined) continue;
      const value = span[key];
      if (typeof value !== "string") continue;
      if (hash.blob) {
        if (!isBlobName(value)) (wrong ??= []).push(hash);
        continue;
      }
      if (value === valid1 || value === valid2) continue;
      if (isHash(value)) {
        valid2 = valid1;
        valid1 = value;
      } else (wrong ??= []).push(hash);
    }
    if (wrong === null) return;
    for (const { key, blob, stream } of wrong.sort((a, b) => a.order - b.order)) {
      const value = JSON.stringify((span[key] as string).slice(0, 80));
      report({ messageId: blob ? "notBlob" : "notHex", data: { key, value }, stream });
    }
  },
};
