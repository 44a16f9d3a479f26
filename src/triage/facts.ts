// An untrusted span read into the typed facts the decision table selects on; a wrong type reads as unknown.
import { pipesReadToEnd } from "../contract/pipes-read.js";
import type { StreamName } from "../contract/span.js";
import type { SpanObject } from "../contract/span-fields.js";
import { spanArgv, unverifiableReason } from "../contract/transcript-span.js";
import { keptBytes, spanView, wasClipped, type StreamFields } from "../contract/span-fields.js";
import { isTestRun } from "./is-test-run.js";
import { FAILURE_PATTERN } from "./test-commands.js";

/** One stream as the table sees it. */
export interface StreamFacts {
  stream: StreamName;
  /** Every byte written, as the span states it; undefined when absent or not a count. */
  bytes: number | undefined;
  /** min(bytes, cap ?? bytes): what the agent got. */
  kept: number | undefined;
  /** The flag is true, or the figures say bytes > cap. */
  clipped: boolean;
  tailSha256: string | null | undefined;
  binary: boolean;
}

/** What the table's predicates and observations read of one span. */
export interface SpanFacts {
  spanId: string | null;
  /** `tool_name`, else the basename of `argv[0]` (the contract's default). */
  toolName: string | null;
  /** Only when every element is a string. */
  argv: readonly string[] | null;
  /** null = never started; undefined = absent or not an integer. */
  returncode: number | null | undefined;
  okPreview: boolean | undefined;
  timedOut: boolean;
  stalled: boolean;
  /** toolspan's own wrapper wrote the span (`contract: "toolspan/1"`) and saw both pipes to their end (`stalled`
   * false): nothing was lost between the command and the record, so an empty stream is the command's own. */
  pipesReadToEnd: boolean;
  /** The signal that killed the command (`SIGKILL`), or null. */
  signal: string | null;
  /** Why the command could not start (`ENOENT: command not found`), or null. */
  error: string | null;
  /** A transcript span's `source.unverifiable`: why the transcript cannot show the result, or null. */
  unverifiable: string | null;
  durationMs: number | undefined;
  binary: boolean;
  /** A test runner's output, by its command or its preview. */
  testRun: boolean;
  /** What a reader of the previews would take for a pass: ok_preview, or a preview with no failure in sight. */
  looksLikeSuccess: boolean;
  stdout: StreamFacts;
  stderr: StreamFacts;
  /** On a span `toolspan rerun` wrote: the span it re-ran (`span_id`, or `FILE:LINE`) and what it proved. */
  rerunOf: string | null;
  rerunVerdict: string | null;
}

function streamFacts(fields: StreamFields): StreamFacts {
  return {
    stream: fields.stream,
    bytes: fields.bytes,
    kept: keptBytes(fields),
    clipped: fields.truncated === true || wasClipped(fields) === true,
    tailSha256: fields.tailSha256,
    binary: fields.encoding === "binary",
  };
}

const basename = (path: string): string => path.slice(path.lastIndexOf("/") + 1);

const stringOrNull = (value: unknown): string | null => (typeof value === "string" ? value : null);

function returncodeOf(value: unknown): number | null | undefined {
  if (value === null) return null;
  return Number.isSafeInteger(value) ? (value as number) : undefined;
}

/** Reads a parsed line (any object) into facts; never throws. */
export function spanFacts(span: SpanObject): SpanFacts {
  const { streams } = spanView(span);
  // A transcript span's shell command line is what a rerun runs (`bash -c COMMAND`): shown and judged as that.
  const argv = spanArgv(span);
  const toolName = stringOrNull(span.tool_name) ?? (argv?.[0] !== undefined ? basename(argv[0]) : null);
  const previews = streams.map((s) => s.preview ?? "").filter((preview) => preview !== "");
  const [stdout, stderr] = [streamFacts(streams[0]), streamFacts(streams[1])];
  return {
    spanId: stringOrNull(span.span_id),
    toolName,
    argv,
    returncode: returncodeOf(span.returncode),
    okPreview: typeof span.ok_preview === "boolean" ? span.ok_preview : undefined,
    timedOut: span.timed_out === true,
    stalled: span.stalled === true,
    pipesReadToEnd: pipesReadToEnd(span),
    signal: stringOrNull(span.signal),
    error: stringOrNull(span.error),
    unverifiable: unverifiableReason(span),
    durationMs: typeof span.duration_ms === "number" && Number.isFinite(span.duration_ms) ? span.duration_ms : undefined,
    binary: span.encoding === "binary" || stdout.binary || stderr.binary,
    testRun: isTestRun(toolName, argv, previews),
    looksLikeSuccess: span.ok_preview === true || (previews.length > 0 && !previews.some((preview) => FAILURE_PATTERN.test(preview))),
    stdout,
    stderr,
    rerunOf: stringOrNull(span.rerun_of),
    rerunVerdict: stringOrNull(span.rerun_verdict),
  };
}
