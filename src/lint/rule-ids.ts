// Every lint rule's id, under the name its module exports: the published names (docs/rules/<id>.md, `--rule`,
// the config file). A rule's own id and every module that names a rule are typed by this list, so a misspelt id
// does not compile; an id is retired, never reused (Ruff's codes table).
export const RULE_IDS = {
  clippedWithoutFlag: "clipped-without-flag",
  clippedWithoutPartialHashes: "clipped-without-partial-hashes",
  duplicateSpanId: "duplicate-span-id",
  emptyHashMismatch: "empty-hash-mismatch",
  flagUnderCap: "flag-under-cap",
  fullHashOnClipped: "full-hash-on-clipped",
  invalidHash: "invalid-hash",
  invalidJson: "invalid-json",
  invalidType: "invalid-type",
  missingField: "missing-field",
  missingFullHash: "missing-full-hash",
  mixedRuns: "mixed-runs",
  noIoMetadata: "no-io-metadata",
  okPreviewOnFailure: "ok-preview-on-failure",
  okPreviewWhileTruncated: "ok-preview-while-truncated",
  possiblePipeStall: "possible-pipe-stall",
  possibleSecondCap: "possible-second-cap",
  previewExceedsKept: "preview-exceeds-kept",
  previewHashMismatch: "preview-hash-mismatch",
} as const;

/** The id of one of the rules in RULES. */
export type RuleId = (typeof RULE_IDS)[keyof typeof RULE_IDS];
