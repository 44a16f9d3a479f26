// The library's one call: run a command, keep what the caps allow, and return the span with the kept bytes.
import { basename, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { DEFAULT_CAP } from "../contract/constants.js";
import type { KeepPolicy, StreamName, ToolSpan } from "../contract/span.js";
import type { SettledKeep } from "../meter/keep.js";
import { StreamMeter, type StreamMeasure } from "../meter/stream-meter.js";
import { shellReturnCode, wrapExitCode } from "./exit-code.js";
import { newRunId, newSpanId } from "./ids.js";
import { clipMarker, MARKER_RESERVE } from "./marker.js";
import { otelRegistered } from "./otel/registered.js";
import type { ToolTrace, TraceOptions } from "./otel/tool-trace.js";
import { buildSpan, unfinishedRecord } from "./record.js";
import type { ReaderWatch } from "./reader-outlets.js";
import { validateRunToolOptions } from "./validate-options.js";
import { watchProcess } from "./watch-process.js";
import { redactArgv } from "../redact/redact-argv.js";
import { BUILTIN_RULES, type RedactRule } from "../redact/rules.js";
import type { BlobOutcome, BlobStoreOptions, BlobWriter } from "../store/blob-store.js";

/** The options of `toolspan wrap`, as a library takes them. When an OpenTelemetry SDK is registered, the
 * command gets a span of its own (`traceparent`, `tracestate`, `recordArgs` say how: see TraceOptions). */
export interface RunToolOptions extends TraceOptions {
  /** Cap in bytes for both streams (default 8192); null keeps everything. */
  cap?: number | null;
  /** Cap for stdout alone; overrides `cap`. */
  stdoutCap?: number | null;
  /** Cap for stderr alone; overrides `cap`. */
  stderrCap?: number | null;
  /** Which part of a clipped stream to keep (default `head`). */
  keep?: KeepPolicy;
  /** Preview limit in characters (default 512). */
  previewChars?: number;
  /** Bytes covered by head and tail hashes (default 256). */
  hashWindow?: number;
  /** Working directory (default the current one); recorded as an absolute path. */
  cwd?: string;
  /** `tool_name` (default the basename of argv[0]). */
  toolName?: string;
  /** Stop the command after this many seconds: SIGTERM, then SIGKILL. */
  timeoutSeconds?: number | null;
  /** Stop the command when it writes nothing for this many seconds; the span says `stalled`. */
  idleTimeoutSeconds?: number | null;
  /** After the command exits, how long to wait for pipes a descendant holds open (default 2). */
  stallGraceSeconds?: number;
  /** Between SIGTERM and SIGKILL when toolspan stops the command (default 2). */
  killAfterSeconds?: number;
  /** `run_id` (default TOOLSPAN_RUN_ID from `env`, else a new id). */
  runId?: string;
  /** `parent_span_id` (default TOOLSPAN_PARENT_SPAN_ID from `env`, else null). */
  parentSpanId?: string | null;
  /** The command's environment (default process.env); TOOLSPAN_RUN_ID and TOOLSPAN_PARENT_SPAN_ID are added. */
  env?: NodeJS.ProcessEnv;
  /** The command's standard input (default `inherit`): this process's, /dev/null (`ignore`), or an open file
   * descriptor to read from (the caller opened it and closes it once the call settles). */
  stdin?: "inherit" | "ignore" | number;
  /** Append a line to a clipped stream's kept bytes telling the model what was cut. */
  marker?: boolean;
  /** Gather the kept bytes into the result (default true); false when `onStdout`/`onStderr` take them. */
  buffer?: boolean;
  /** Receives kept stdout bytes as they are decided (head bytes at once, tail bytes at the end). Return a
   * promise to pause reading the command's stdout until it settles (backpressure from a slow consumer). */
  onStdout?: KeptSink;
  /** Receives kept stderr bytes as they are decided; a returned promise pauses reading stderr. */
  onStderr?: KeptSink;
  /** The readers `onStdout`/`onStderr` hand the kept bytes to: when one goes away, the command is ended as in a
   * shell pipeline (SIGPIPE to its group, that pipe closed), and the span says so (`reader_gone`,
   * `{s}_delivered_bytes`). */
  readers?: ReaderWatch;
  /** If this process is killed before the command ends (the command's group is then stopped: it never outlives
   * toolspan), leave a `{"span_type":"tool_unfinished", …}` record in `file` (null: on stderr), so a reader can see
   * a call that never finished. Every check passes over other span types. */
  unfinished?: { file: string | null };
  /** Forward SIGINT, SIGTERM, SIGHUP and SIGQUIT received by this process to the command's process group. */
  forwardSignals?: boolean;
  /** Aborting stops the command as a timeout would (SIGTERM, then SIGKILL). */
  signal?: AbortSignal;
  /** Rules whose secrets are replaced in the previews (default the built-in rules); false: raw previews, and the
   * span says `redaction: "off"`. Hashes and kept bytes are always the raw bytes. */
  redact?: readonly RedactRule[] | false;
  /** Replace secrets in the span's `argv` too (with the `redact` rules, or the built-in ones when it is false); the
   * span then says how many in `argv_redactions`, and cannot be rerun from. The command runs with the real argv. */
  redactArgv?: boolean;
  /** Keep each whole stream in this local blob store (`{s}_blob`); nothing is stored without it. */
  store?: BlobStoreOptions;
  /** Decide the caps once the command has exited, and what to tell the model (a harness whose own cap depends on
   * the exit status). Nothing is handed on before then; `cap`, `keep` and `marker` are ignored. */
  deferredKeep?: DeferredKeepPlan;
  /** `harness` in the span: the harness profile the caps were sized for. */
  harness?: string;
  /** When the command cannot start, hand on one line on stderr saying why (`toolspan: cannot run: ENOENT …`),
   * counted in the span like a marker (`stderr_notice_bytes`): the model reads what wrap passes on. */
  startErrorLine?: boolean;
  /** Bytes of each stream normalised for `{s}_normalized_sha256`, past which it is null (default
   * NORMALIZE_MAX_BYTES, so a huge stream costs no more than its sha256; Infinity: all of it, as a rerun does). */
  normalizeMaxBytes?: number;
}

/** How a deferred keep settles: the caps from the command's end, then a notice from the figures. */
export interface DeferredKeepPlan {
  /** The most either stream may keep: its first and last `maxCap` bytes are held until the command exits. */
  maxCap: number;
  /** Each stream's cap and policy, from the exit status and both streams' byte counts. */
  settle(ended: { returncode: number | null; stdoutBytes: number; stderrBytes: number }): Record<StreamName, SettledKeep>;
  /** Text put before the kept bytes of the first clipped stream (stdout, else stderr), where the model reads first
   * (null: none); counted in the span like the kept bytes. */
  notice?(figures: NoticeFigures): string | null;
}

/** What a notice is written from: the span's identity, the outcome, each stream's measure and blob. */
export interface NoticeFigures {
  runId: string;
  spanId: string;
  returncode: number | null;
  timedOut: boolean;
  stdout: StreamMeasure;
  stderr: StreamMeasure;
  blobs: { stdout: BlobOutcome; stderr: BlobOutcome } | null;
}

/** Where kept bytes go; a returned promise asks the runner to stop reading that stream until it settles. */
export type KeptSink = (chunk: Buffer) => unknown;

/** The span plus exactly the bytes the model gets. */
export interface RunToolResult {
  span: ToolSpan;
  /** Kept stdout bytes (and the marker when asked for); empty when `buffer` is false. */
  stdout: Buffer;
  /** Kept stderr bytes (and the marker when asked for); empty when `buffer` is false. */
  stderr: Buffer;
  /** The status `toolspan wrap` exits with: the command's code, 128+N, 124, 126 or 127. */
  exitCode: number;
  /** The outcome of toolspan's idle limit (the span records it as `stalled`). */
  idleTimedOut: boolean;
}

// One stream's meter plus what the model is handed: the kept bytes, then the marker if asked for.
class KeptStream {
  readonly chunks: Buffer[] = [];
  readonly meter: StreamMeter;
  private readonly gather: boolean;
  private endsWithNewline = false;
  private wait: Promise<void> | null = null;

  constructor(
    options: RunToolOptions,
    cap: number | null,
    private readonly sink: KeptSink | undefined,
    readonly blob: BlobWriter | null,
  ) {
    this.gather = options.buffer !== false;
    this.meter = new StreamMeter({
      cap,
      keep: options.keep ?? "head",
      hashWindow: options.hashWindow,
      previewChars: options.previewChars,
      redact: options.redact === false ? [] : (options.redact ?? BUILTIN_RULES),
      onKept: (chunk) => this.deliver(chunk),
      deferred: options.deferredKeep ? { maxCap: options.deferredKeep.maxCap } : undefined,
      // The marker is counted in the cap: a harness capping at the same size receives it whole.
      trailerReserve: options.marker && !options.deferredKeep ? MARKER_RESERVE : 0,
      normalizeMaxBytes: options.normalizeMaxBytes,
    });
  }

  finish(stream: StreamName, spanId: string, marker: boolean, extraLine: string | null = null): StreamMeasure {
    if (!marker && extraLine === null) return this.meter.end();
    return this.meter.end((measure) => {
      const line = (marker ? clipMarker(stream, measure, spanId, this.endsWithNewline) : null) ?? extraLine;
      return line === null ? null : Buffer.from(line, "utf8");
    });
  }

  /** Meters a chunk read from the command; resolves when the consumer is ready for more, if it asked to wait. */
  write(chunk: Buffer): Promise<void> | void {
    this.meter.write(chunk);
    const stored = this.blob?.write(chunk);
    const wait = this.wait ?? undefined;
    this.wait = null;
    return stored && wait ? Promise.all([stored, wait]).then(() => {}) : (stored ?? wait);
  }

  private deliver(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.endsWithNewline = chunk[chunk.length - 1] === 0x0a;
    if (this.gather) this.chunks.push(chunk);
    // Sinks see writes in order, so the latest promise settling means the earlier ones have too.
    const wait = this.sink?.(chunk);
    if (wait instanceof Promise) this.wait = wait as Promise<void>;
  }
}

// setTimeout fires at once for delays past 2^31-1 ms (about 24.8 days): longer limits are held at that.
const MAX_TIMER_MS = 2 ** 31 - 1;

const seconds = (value: number | null | undefined, fallback: number | null): number | null =>
  value === undefined || value === null ? fallback : Math.min(Math.round(value * 1000), MAX_TIMER_MS);

// The argv the span records: as run, or with its secrets replaced when asked.
function recordedArgv(argv: string[], options: RunToolOptions): { argv: string[]; argvRedactions: number | null } {
  if (options.redactArgv !== true) return { argv, argvRedactions: null };
  // `redact: false` turns off the previews' redaction; argv redaction, asked for by name, uses the built-in rules.
  const redacted = redactArgv(argv, options.redact || BUILTIN_RULES);
  return { argv: redacted.argv, argvRedactions: redacted.count };
}

// The command joins this run and span, and, when traced, this trace: a stale TRACESTATE must not outlive its TRACEPARENT.
function childEnv(env: NodeJS.ProcessEnv, runId: string, spanId: string, trace: ToolTrace | null): NodeJS.ProcessEnv {
  const child: NodeJS.ProcessEnv = { ...env, TOOLSPAN_RUN_ID: runId, TOOLSPAN_PARENT_SPAN_ID: spanId };
  if (trace === null) return child;
  delete child.TRACESTATE;
  return { ...child, ...trace.env };
}

/** Runs `argv` without a shell and resolves to its span and kept bytes. It never rejects for the command's sake:
 * a command that cannot start still yields a span, with `error` set and `returncode` null. It rejects with
 * ToolspanOptionError, before anything runs, for an argument it cannot take. */
export async function runTool(argv: string[], options: RunToolOptions = {}): Promise<RunToolResult> {
  validateRunToolOptions(argv, options);
  const env = options.env ?? process.env;
  const cwd = resolve(options.cwd ?? process.cwd());
  const runId = options.runId ?? (env.TOOLSPAN_RUN_ID || newRunId());
  const parentSpanId =
    options.parentSpanId !== undefined ? options.parentSpanId : env.TOOLSPAN_PARENT_SPAN_ID || null;
  const toolName = options.toolName ?? basename(argv[0] ?? "");
  const trace = otelRegistered() ? await (await import("./otel/tool-trace.js")).startToolTrace(toolName, options) : null;
  // One id for both records, so the JSONL span and the OpenTelemetry span can be joined.
  const spanId = trace?.spanId ?? newSpanId();
  const cap = options.cap === undefined ? DEFAULT_CAP : options.cap;
  // Loaded only when asked for: a wrap without a store starts no slower for it.
  const Writer = options.store ? (await import("../store/blob-store.js")).BlobWriter : null;
  const blob = (): BlobWriter | null => (Writer && options.store ? new Writer(options.store) : null);
  const stdout = new KeptStream(options, options.stdoutCap === undefined ? cap : options.stdoutCap, options.onStdout, blob());
  const stderr = new KeptStream(options, options.stderrCap === undefined ? cap : options.stderrCap, options.onStderr, blob());

  let readerGone: StreamName | null = null;
  const goneFirst = options.readers?.gone.then((stream) => (readerGone ??= stream));
  const startedAt = new Date();
  const startedTick = performance.now();
  const recorded = recordedArgv(argv, options);
  const unfinished = options.unfinished
    ? { file: options.unfinished.file, record: unfinishedRecord({ runId, spanId, parentSpanId, toolName, argv: recorded.argv, cwd, startedAt }) }
    : null;
  const outcome = await watchProcess({
    argv,
    cwd,
    env: childEnv(env, runId, spanId, trace),
    stdin: options.stdin ?? "inherit",
    timeoutMs: seconds(options.timeoutSeconds, null),
    idleTimeoutMs: seconds(options.idleTimeoutSeconds, null),
    stallGraceMs: seconds(options.stallGraceSeconds, 2000)!,
    killAfterMs: seconds(options.killAfterSeconds, 2000)!,
    forwardSignals: options.forwardSignals ?? false,
    signal: options.signal,
    readerGone: goneFirst,
    unfinished,
    onStdout: (chunk) => stdout.write(chunk),
    onStderr: (chunk) => stderr.write(chunk),
  });
  const returncode = outcome.error ? null : shellReturnCode(outcome.code, outcome.signal);
  const deferred = options.deferredKeep;
  if (deferred) {
    const settled = deferred.settle({ returncode, stdoutBytes: stdout.meter.bytesSeen, stderrBytes: stderr.meter.bytesSeen });
    stdout.meter.settle(settled.stdout);
    stderr.meter.settle(settled.stderr);
  }
  const marker = !deferred && (options.marker ?? false);
  const stdoutMeasure = stdout.finish("stdout", spanId, marker);
  const startError = !deferred && options.startErrorLine === true && outcome.error ? `toolspan: cannot run: ${outcome.error}\n` : null;
  const stderrMeasure = stderr.finish("stderr", spanId, marker, startError);
  const blobs =
    stdout.blob && stderr.blob
      ? { stdout: await stdout.blob.finish(stdoutMeasure.streamSha256), stderr: await stderr.blob.finish(stderrMeasure.streamSha256) }
      : null;
  if (deferred) {
    const figures = { runId, spanId, returncode, timedOut: outcome.timedOut, stdout: stdoutMeasure, stderr: stderrMeasure, blobs };
    const notice = deferred.notice?.(figures) ?? null;
    const leader = notice === null ? null : Buffer.from(notice, "utf8");
    // On the first clipped stream: an unclipped stream's kept bytes stay the stream itself.
    const onStdout = stdoutMeasure.truncated || !stderrMeasure.truncated;
    Object.assign(stdoutMeasure, stdout.meter.release(onStdout ? leader : null, null));
    Object.assign(stderrMeasure, stderr.meter.release(onStdout ? null : leader, null));
  }
  // The last kept bytes (a tail, a notice) were handed on just now: a reader that refuses them counts too.
  if (options.readers) await Promise.race([options.readers.flushed(), goneFirst]);
  const readers = options.readers;
  const delivered =
    readers && readerGone ? { gone: readerGone, stdout: readers.delivered("stdout"), stderr: readers.delivered("stderr") } : null;
  const span = buildSpan(
    {
      runId,
      spanId,
      parentSpanId,
      toolName,
      ...recorded,
      cwd,
      startedAt,
      durationMs: Math.round((performance.now() - startedTick) * 1000) / 1000,
      returncode,
      signal: outcome.signal,
      timedOut: outcome.timedOut,
      stalled: outcome.stalled,
      error: outcome.error,
      redaction: options.redact === false ? "off" : "on",
      blobs,
      harness: options.harness ?? null,
      delivered,
    },
    stdoutMeasure,
    stderrMeasure,
  );
  trace?.end(span, outcome.pid);
  return {
    span,
    stdout: Buffer.concat(stdout.chunks),
    stderr: Buffer.concat(stderr.chunks),
    exitCode: wrapExitCode({ ...span, idleTimedOut: outcome.idleTimedOut, notFound: outcome.notFound }),
    idleTimedOut: outcome.idleTimedOut,
  };
}
