// The decision table as data: CONTRACT.md's five rows in its words, and the rows a demanding user also needs.
// Matching and rendering only read these rows; a new row is one entry here and a section in docs/triage.md.
import {
  byteCountsText,
  clippedStreamsText,
  findingsText,
  reasonText,
  returncodeText,
  secondsText,
  shortHash,
} from "./observe.js";
import { RULE_IDS, type RuleId } from "../lint/rule-ids.js";
import type { SpanLint, TriageRow } from "./row.js";
import { ROW_IDS } from "./row-ids.js";

/** The lint rule whose errors mean the line was never a span at all. */
export const NOT_A_SPAN_RULE = RULE_IDS.invalidJson;

const spanErrors = (lint: SpanLint): readonly string[] => lint.errors.filter((id) => id !== NOT_A_SPAN_RULE);
const hasRule = (lint: SpanLint, id: RuleId): boolean => lint.errors.includes(id) || lint.warnings.includes(id);

// Each row's docs are its section of docs/triage.md, named by its id: added here, so the two cannot drift apart.
const ROWS: readonly Omit<TriageRow, "docs">[] = [
  {
    id: ROW_IDS.okPreviewWhileClipped,
    observation: "`ok_preview` true while a stream is clipped",
    firstAction: "re-run the tool with the cap removed before believing the pass",
    notFirst: "mark the step as passed",
    misleading: 1,
    contract: false,
    rerun: true,
    advice: false,
    selects: (f) => f.okPreview === true && (f.stdout.clipped || f.stderr.clipped),
    observe: (f) => `ok_preview true but ${clippedStreamsText(f)}`,
  },
  {
    id: ROW_IDS.stdoutClippedTests,
    observation: "`stdout_truncated` true on test output",
    firstAction: "fetch the tail hash, re-run the tests",
    notFirst: "swap the coding model",
    misleading: 2,
    contract: true,
    rerun: true,
    advice: false,
    selects: (f) => f.stdout.clipped && f.testRun,
    observe: (f) => `${clippedStreamsText(f, [f.stdout])}; test output, tail sha256 ${shortHash(f.stdout.tailSha256)}`,
  },
  {
    id: ROW_IDS.lintErrors,
    observation: "preview shows a pass, lint fails",
    firstAction: "treat the span as incomplete",
    notFirst: "close the incident",
    misleading: 3,
    contract: true,
    rerun: false,
    advice: false,
    selects: (_f, lint) => spanErrors(lint).length > 0,
    observe: (f, lint) => `lint errors: ${spanErrors(lint).join(", ")}; ok_preview ${f.okPreview ?? "?"}`,
  },
  {
    id: ROW_IDS.secondCap,
    observation: "a possible second cap (lint warning `possible-second-cap`)",
    firstAction: "re-run without the outer wrapper's cap",
    notFirst: "trust the byte counts",
    misleading: 4,
    contract: false,
    rerun: true,
    advice: false,
    selects: (_f, lint) => hasRule(lint, RULE_IDS.possibleSecondCap),
    observe: (_f, lint) => `possible second cap: ${findingsText(lint.findings, RULE_IDS.possibleSecondCap)}`,
  },
  {
    id: ROW_IDS.emptyStreamsOk,
    observation: "both byte counts zero, returncode 0",
    firstAction: "check for a pipe stall and ulimit",
    notFirst: "add more tool descriptions",
    misleading: 5,
    contract: true,
    rerun: false,
    advice: false,
    // toolspan's wrapper read both pipes to their end: `mkdir` and `touch` simply print nothing.
    selects: (f) => f.stdout.bytes === 0 && f.stderr.bytes === 0 && f.returncode === 0 && !f.pipesReadToEnd,
    observe: (f) => `${byteCountsText(f)}, ${returncodeText(f)}`,
  },
  {
    id: ROW_IDS.stderrClippedOk,
    observation: "`stderr_truncated` true, returncode 0",
    firstAction: "re-run the tool with the cap removed",
    notFirst: "raise temperature",
    misleading: 6,
    contract: true,
    rerun: true,
    advice: false,
    selects: (f) => f.stderr.clipped && f.returncode === 0,
    observe: (f) => clippedStreamsText(f, [f.stderr]),
  },
  {
    id: ROW_IDS.stalled,
    observation: "`stalled` true: a pipe stayed open after exit, or went silent",
    firstAction:
      "find why it went silent (a prompt waiting for input, a deadlock, a slow call: raise --idle-timeout if it was only slow) or what held the pipe open after it exited (a background descendant), then re-run",
    notFirst: "trust the byte counts as the whole stream",
    misleading: 7,
    contract: false,
    rerun: false,
    advice: false,
    selects: (f) => f.stalled,
    // With a signal, the wrapper itself stopped the command after its silence (--idle-timeout): no one else did.
    observe: (f) =>
      f.signal === null
        ? `stalled true: ${byteCountsText(f)}, ${returncodeText(f)}`
        : `stalled true: went silent and was stopped by the wrapper's idle limit (${f.signal}), ${returncodeText(f)}; ${byteCountsText(f)}`,
  },
  {
    id: ROW_IDS.stdoutClipped,
    observation: "`stdout_truncated` true on output that is not a test run",
    firstAction: "re-run the tool with the cap removed",
    notFirst: "trust the preview",
    misleading: 8,
    contract: false,
    rerun: true,
    advice: false,
    selects: (f) => f.stdout.clipped && !f.testRun,
    observe: (f) => clippedStreamsText(f, [f.stdout]),
  },
  {
    id: ROW_IDS.stderrClippedFailed,
    observation: "`stderr_truncated` true, returncode not 0",
    firstAction: "re-run the tool with the cap removed and read the end of stderr",
    notFirst: "act on the first error the preview shows",
    misleading: 9,
    contract: false,
    rerun: true,
    advice: false,
    selects: (f) => f.stderr.clipped && f.returncode !== 0,
    observe: (f) => clippedStreamsText(f, [f.stderr]),
  },
  {
    id: ROW_IDS.timedOut,
    observation: "`timed_out` true",
    firstAction: "re-run with a longer --timeout, or find where it hung",
    notFirst: "read the partial output as the tool's result",
    misleading: 10,
    contract: false,
    rerun: false,
    advice: false,
    selects: (f) => f.timedOut,
    observe: (f) => `timed out after ${secondsText(f.durationMs)}, ${returncodeText(f)}`,
  },
  {
    id: ROW_IDS.killedBySignal,
    observation: "`signal` set: the command was killed from outside",
    firstAction: "find what sent the signal (the OOM killer, a CI limit, a person), then re-run",
    notFirst: "read the partial output as the tool's result",
    misleading: 11,
    contract: false,
    rerun: true,
    advice: false,
    // The wrapper's own limits send signals too: --timeout (timed-out) and --idle-timeout (stalled).
    selects: (f) => f.signal !== null && !f.timedOut && !f.stalled,
    observe: (f) => `killed by ${f.signal}, ${returncodeText(f)}; ${byteCountsText(f)}`,
  },
  {
    id: ROW_IDS.unverifiableResult,
    observation: "a transcript span whose result the transcript cannot show (`source.unverifiable`)",
    firstAction: "re-run the command (toolspan rerun, with consent) to see what it writes before acting on its result",
    notFirst: "take the empty or partial result as what the command wrote",
    misleading: 12,
    contract: false,
    rerun: true,
    advice: false,
    // Ranked below timed-out: where the transcript records a time limit, that row's first action says more.
    selects: (f) => f.unverifiable !== null,
    observe: (f) => `unverifiable: ${reasonText(f.unverifiable ?? "")}; ${byteCountsText(f)}`,
  },
  {
    id: ROW_IDS.neverStarted,
    observation: "the command never started (`error` set or returncode null)",
    firstAction: "fix the command, its PATH, cwd or permissions, then re-run",
    notFirst: "retry the same call unchanged",
    misleading: 13,
    contract: false,
    rerun: false,
    advice: false,
    selects: (f) => f.error !== null || f.returncode === null,
    observe: (f) => `never started: ${f.error ?? "no error recorded"}, ${returncodeText(f)}`,
  },
  {
    id: ROW_IDS.notASpan,
    observation: "line is not a span (lint error `invalid-json`)",
    firstAction: "treat the run file as incomplete: find what wrote this line",
    notFirst: "drop the line and carry on",
    misleading: 14,
    contract: false,
    rerun: false,
    advice: false,
    selects: (_f, lint) => lint.errors.includes(NOT_A_SPAN_RULE),
    // The parser's message quotes the line, which may hold a secret: only the kind of damage is shown.
    observe: (_f, lint) => {
      const finding = lint.findings.find((f) => f.rule === NOT_A_SPAN_RULE);
      return finding?.messageId === "syntax" ? "line is not JSON" : `line is not a span: ${finding?.message ?? "not an object"}`;
    },
  },
  {
    id: ROW_IDS.binaryHashesOnly,
    observation: "binary encoding, hashes only",
    firstAction: "skip UTF-8 preview diffs",
    notFirst: "parse the preview as logs",
    misleading: 15,
    contract: true,
    rerun: false,
    advice: true,
    selects: (f) => f.binary,
    observe: () => "encoding binary: hashes only",
  },
  {
    id: ROW_IDS.noIoMetadata,
    observation: "another writer's tool span has a result but no byte counts, cap, flag or hash (lint warning `no-io-metadata`)",
    firstAction: "record the tool's figures (wrap it with toolspan wrap, or export them) so the trace can say whether it was clipped",
    notFirst: "trust the result string as the tool's whole output",
    misleading: 16,
    contract: false,
    rerun: false,
    advice: false,
    selects: (_f, lint) => hasRule(lint, RULE_IDS.noIoMetadata),
    observe: (f) => `${f.toolName ?? "a tool"}: a result with no I/O metadata; nothing says whether it was clipped`,
  },
];

/** Every row, most misleading first. */
export const TRIAGE_TABLE: readonly TriageRow[] = ROWS.map((row) => ({ ...row, docs: `docs/triage.md#${row.id}` }));

/** Rows by id. */
export const TRIAGE_ROWS_BY_ID: ReadonlyMap<string, TriageRow> = new Map(TRIAGE_TABLE.map((row) => [row.id, row]));
