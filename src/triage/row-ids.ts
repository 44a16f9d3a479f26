// Every row id of the decision table, most misleading first, under a name code can use: what `--format jsonl`
// prints as `row` and docs/triage.md heads each section with. The table's rows and every module that names a row
// are typed by this list, so a misspelt id does not compile.
export const ROW_IDS = {
  okPreviewWhileClipped: "ok-preview-while-clipped",
  stdoutClippedTests: "stdout-clipped-tests",
  lintErrors: "lint-errors",
  secondCap: "second-cap",
  emptyStreamsOk: "empty-streams-ok",
  stderrClippedOk: "stderr-clipped-ok",
  stalled: "stalled",
  stdoutClipped: "stdout-clipped",
  stderrClippedFailed: "stderr-clipped-failed",
  timedOut: "timed-out",
  killedBySignal: "killed-by-signal",
  unverifiableResult: "unverifiable-result",
  neverStarted: "never-started",
  notASpan: "not-a-span",
  binaryHashesOnly: "binary-hashes-only",
  noIoMetadata: "no-io-metadata",
} as const;

/** The id of one of the rows in TRIAGE_TABLE. */
export type RowId = (typeof ROW_IDS)[keyof typeof ROW_IDS];
