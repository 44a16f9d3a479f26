// A run's figures, added up span by span as a file is read: what the report prints. Pure: facts in, counts out.
import type { StreamName } from "../contract/span.js";
import type { SpanFacts, StreamFacts } from "../triage/facts.js";
import type { SpanLint } from "../triage/row.js";
import { detach, type TriagedSpan } from "../triage/triage-line.js";

/** One stream over the whole run. */
export interface StreamTally {
  /** Bytes the commands wrote, over the spans that state it. */
  written: number;
  /** Bytes the agent got (min(bytes, cap)), over the same spans. */
  kept: number;
  /** written - kept: what the model never saw. */
  unseen: number;
  /** Spans with this stream clipped. */
  clipped: number;
  /** Clipped streams whose size the span cannot state (a transcript audited after the fact): unseen counts none of them. */
  clippedOfUnknownSize: number;
}

/** One tool (tool_name, else the basename of argv[0]) over the run. */
export interface ToolTally {
  tool: string;
  spans: number;
  /** Spans with any stream clipped. */
  clipped: number;
  /** Spans with a returncode other than 0. */
  failed: number;
  unseen: number;
}

/** The stream a run lost the most of in one span. */
export interface LargestClip {
  line: number;
  spanId: string | null;
  tool: string | null;
  stream: StreamName;
  kept: number;
  written: number;
}

export interface RunTally {
  toolSpans: number;
  /** Spans with at least one row of the decision table. */
  needAction: number;
  /** Spans with any stream clipped. */
  clipped: number;
  /** Clipped spans whose previews a reader would take for a pass: the ticket closed in "Tool Previews Lie". */
  clippedLookingLikeSuccess: number;
  failed: number;
  timedOut: number;
  stalled: number;
  killedBySignal: number;
  neverStarted: number;
  /** Transcript spans whose result the transcript cannot show (`source.unverifiable`): their sizes are unknown. */
  unverifiable: number;
  /** Sum of duration_ms where stated. */
  durationMs: number;
  streams: Record<StreamName, StreamTally>;
  /** Rule id -> spans with an error (or a warning) of that rule. */
  errors: Map<string, number>;
  warnings: Map<string, number>;
  /** Spans with any lint error: their figures cannot be trusted. */
  spansWithErrors: number;
  tools: Map<string, ToolTally>;
  largestClip: LargestClip | null;
}

/** Distinct tools tallied one by one; the rest are one row, so a file of a million names keeps memory flat. */
export const MAX_TOOLS = 1000;
export const OTHER_TOOLS = "(other tools)";

const emptyStream = (): StreamTally => ({ written: 0, kept: 0, unseen: 0, clipped: 0, clippedOfUnknownSize: 0 });

export function newTally(): RunTally {
  return {
    toolSpans: 0,
    needAction: 0,
    clipped: 0,
    clippedLookingLikeSuccess: 0,
    failed: 0,
    timedOut: 0,
    stalled: 0,
    killedBySignal: 0,
    neverStarted: 0,
    unverifiable: 0,
    durationMs: 0,
    streams: { stdout: emptyStream(), stderr: emptyStream() },
    errors: new Map(),
    warnings: new Map(),
    spansWithErrors: 0,
    tools: new Map(),
    largestClip: null,
  };
}

const bump = (counts: Map<string, number>, key: string): void => {
  counts.set(key, (counts.get(key) ?? 0) + 1);
};

// A count the span states and its kept share; a clipped stream without both is of unknown size.
function addStream(tally: StreamTally, stream: StreamFacts): number {
  if (stream.clipped) tally.clipped++;
  if (stream.bytes === undefined || stream.kept === undefined) {
    if (stream.clipped) tally.clippedOfUnknownSize++;
    return 0;
  }
  const unseen = stream.bytes - stream.kept;
  tally.written += stream.bytes;
  tally.kept += stream.kept;
  tally.unseen += unseen;
  return unseen;
}

/** Adds one tool span; `triaged` is its triage (null when no row applies), whose line places the largest clip. */
export function addSpan(tally: RunTally, facts: SpanFacts, lint: SpanLint, triaged: TriagedSpan | null): void {
  tally.toolSpans++;
  if (triaged !== null) tally.needAction++;
  const clipped = facts.stdout.clipped || facts.stderr.clipped;
  if (clipped) tally.clipped++;
  if (clipped && facts.looksLikeSuccess) tally.clippedLookingLikeSuccess++;
  if (facts.returncode === null) tally.neverStarted++;
  else if (facts.returncode !== undefined && facts.returncode !== 0) tally.failed++;
  if (facts.timedOut) tally.timedOut++;
  if (facts.stalled) tally.stalled++;
  if (facts.unverifiable !== null) tally.unverifiable++;
  if (facts.signal !== null) tally.killedBySignal++;
  if (facts.durationMs !== undefined && facts.durationMs > 0) tally.durationMs += facts.durationMs;
  for (const rule of lint.errors) bump(tally.errors, rule);
  for (const rule of lint.warnings) bump(tally.warnings, rule);
  if (lint.errors.length > 0) tally.spansWithErrors++;

  let unseen = 0;
  for (const stream of [facts.stdout, facts.stderr]) {
    const lost = addStream(tally.streams[stream.stream], stream);
    unseen += lost;
    const largest = tally.largestClip;
    if (lost > 0 && triaged !== null && (largest === null || lost > largest.written - largest.kept)) {
      tally.largestClip = { line: triaged.line, spanId: triaged.spanId, tool: triaged.toolName, stream: stream.stream, kept: stream.kept!, written: stream.bytes! };
    }
  }

  let name = facts.toolName ?? "?";
  if (!tally.tools.has(name) && tally.tools.size >= MAX_TOOLS) name = OTHER_TOOLS;
  let tool = tally.tools.get(name);
  if (tool === undefined) {
    // A tool name comes from an untrusted file: a copy, so the parsed line it was sliced from is not kept alive.
    tool = { tool: detach(name), spans: 0, clipped: 0, failed: 0, unseen: 0 };
    tally.tools.set(tool.tool, tool);
  }
  tool.spans++;
  if (clipped) tool.clipped++;
  if (facts.returncode !== null && facts.returncode !== undefined && facts.returncode !== 0) tool.failed++;
  tool.unseen += unseen;
}

/** Tools that lost the most bytes first, then the most clipped, then the most used, then by name. */
export function toolsByLoss(tally: RunTally): ToolTally[] {
  return [...tally.tools.values()].sort((a, b) => b.unseen - a.unseen || b.clipped - a.clipped || b.spans - a.spans || (a.tool < b.tool ? -1 : 1));
}
