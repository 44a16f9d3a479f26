// The rule registry: one line per rule, sorted by id. Adding a rule adds a file, a line here and its id in
// ../rule-ids.ts.
import { clippedWithoutFlag } from "./clipped-without-flag.js";
import { clippedWithoutPartialHashes } from "./clipped-without-partial-hashes.js";
import { duplicateSpanId } from "./duplicate-span-id.js";
import { emptyHashMismatch } from "./empty-hash-mismatch.js";
import { flagUnderCap } from "./flag-under-cap.js";
import { fullHashOnClipped } from "./full-hash-on-clipped.js";
import { invalidHash } from "./invalid-hash.js";
import { invalidJson } from "./invalid-json.js";
import { invalidType } from "./invalid-type.js";
import { missingField } from "./missing-field.js";
import { missingFullHash } from "./missing-full-hash.js";
import { mixedRuns } from "./mixed-runs.js";
import { noIoMetadata } from "./no-io-metadata.js";
import { okPreviewOnFailure } from "./ok-preview-on-failure.js";
import { okPreviewWhileTruncated } from "./ok-preview-while-truncated.js";
import { possiblePipeStall } from "./possible-pipe-stall.js";
import { possibleSecondCap } from "./possible-second-cap.js";
import { previewExceedsKept } from "./preview-exceeds-kept.js";
import { previewHashMismatch } from "./preview-hash-mismatch.js";
import type { Rule } from "../rule.js";

/** Every rule, by id, sorted. */
export const RULES: readonly Rule[] = [
  clippedWithoutFlag,
  clippedWithoutPartialHashes,
  duplicateSpanId,
  emptyHashMismatch,
  flagUnderCap,
  fullHashOnClipped,
  invalidHash,
  invalidJson,
  invalidType,
  missingField,
  missingFullHash,
  mixedRuns,
  noIoMetadata,
  okPreviewOnFailure,
  okPreviewWhileTruncated,
  possiblePipeStall,
  possibleSecondCap,
  previewExceedsKept,
  previewHashMismatch,
];

export const RULES_BY_ID: ReadonlyMap<string, Rule> = new Map(RULES.map((rule) => [rule.id, rule]));
