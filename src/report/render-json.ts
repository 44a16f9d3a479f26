// The report for scripts and dashboards: one JSON object per run file, every figure under a stable key.
import { jsonText } from "../formats/safe-text.js";
import type { RunReport } from "./report-file.js";
import { FIRST_SPANS } from "./figures.js";
import { toolsByLoss, type StreamTally } from "./tally.js";

const streamRecord = (stream: StreamTally): Record<string, number> => ({
  written: stream.written,
  kept: stream.kept,
  unseen: stream.unseen,
  clipped: stream.clipped,
  clipped_of_unknown_size: stream.clippedOfUnknownSize,
});

export function reportRecord(report: RunReport): Record<string, unknown> {
  const { triage, tally } = report;
  const largest = tally.largestClip;
  return {
    file: triage.file,
    lines: triage.lines,
    tool_spans: tally.toolSpans,
    not_spans: triage.notSpans,
    need_action: tally.needAction,
    settled: triage.settled,
    clipped: tally.clipped,
    clipped_looking_like_success: tally.clippedLookingLikeSuccess,
    failed: tally.failed,
    timed_out: tally.timedOut,
    stalled: tally.stalled,
    killed_by_signal: tally.killedBySignal,
    never_started: tally.neverStarted,
    unverifiable: tally.unverifiable,
    duration_ms: Math.round(tally.durationMs * 1000) / 1000,
    streams: { stdout: streamRecord(tally.streams.stdout), stderr: streamRecord(tally.streams.stderr) },
    lint: {
      spans_with_errors: tally.spansWithErrors,
      errors: Object.fromEntries([...tally.errors].sort()),
      warnings: Object.fromEntries([...tally.warnings].sort()),
    },
    tools: toolsByLoss(tally).map((tool) => ({ tool: tool.tool, spans: tool.spans, clipped: tool.clipped, failed: tool.failed, unseen: tool.unseen })),
    largest_clip: largest === null ? null : { line: largest.line, span_id: largest.spanId, tool: largest.tool, stream: largest.stream, kept: largest.kept, written: largest.written },
    first: triage.spans.slice(0, FIRST_SPANS).map((span) => ({
      line: span.line,
      span_id: span.spanId,
      tool: span.toolName,
      row: span.matches[0]!.row.id,
      observation: span.matches[0]!.observation,
      first_action: span.matches[0]!.row.firstAction,
      reruns: span.reruns ?? [],
      settled: span.settled === true,
    })),
  };
}

export const renderJson = (report: RunReport): string => `${jsonText(reportRecord(report))}\n`;
