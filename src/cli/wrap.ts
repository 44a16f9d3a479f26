// `toolspan wrap`: run a command, pass through what the cap keeps, write the span.
import { resolve } from "node:path";
import { DEFAULT_CAP, DEFAULT_HASH_WINDOW, DEFAULT_PREVIEW_CHARS, KEEP_POLICIES } from "../contract/constants.js";
import type { ShutdownOtlp } from "../run/otel/register-otlp.js";
import { runTool, type RunToolOptions } from "../run/run-tool.js";
import { readerOutlets } from "../run/reader-outlets.js";
import { appendSpan, openOutOption, runIdToJoin } from "./out-option.js";
import { defineCommand, type CommandIo } from "./define-command.js";
import type { OptionSpec, ParsedOptions } from "./option-parser.js";
import { makeStoreFolder } from "./store-option.js";
import { UsageError } from "./usage-error.js";
import { HARNESS_OPTIONS, harnessGiven } from "./wrap-harness-options.js";
import { SECRET_OPTIONS, secretRunOptions } from "./wrap-secrets.js";

const OPTIONS = [
  { name: "cap", kind: "count", value: "N", help: `bytes kept of each stream (default ${DEFAULT_CAP})` },
  { name: "stdout-cap", kind: "count", value: "N", help: "bytes kept of stdout (overrides --cap)" },
  { name: "stderr-cap", kind: "count", value: "N", help: "bytes kept of stderr (overrides --cap)" },
  { name: "no-cap", kind: "flag", help: "keep everything (cap null); the span still records every figure" },
  { name: "keep", kind: "choice", value: "POLICY", choices: KEEP_POLICIES, help: "which part of a clipped stream to keep: head (default), tail, head+tail (half each)" },
  { name: "preview", kind: "count", value: "N", help: `preview length in characters (default ${DEFAULT_PREVIEW_CHARS})` },
  { name: "hash-window", kind: "count", value: "N", min: 1, help: `bytes covered by head and tail hashes (default ${DEFAULT_HASH_WINDOW})` },
  { name: "cwd", kind: "string", value: "DIR", help: "working directory for the command (default: the current one)" },
  { name: "tool-name", kind: "string", value: "NAME", help: "tool_name in the span (default: basename of the command)" },
  { name: "timeout", kind: "seconds", value: "SECONDS", positive: true, help: "stop the command after this long (SIGTERM, then SIGKILL); exit 124, timed_out: true" },
  { name: "idle-timeout", kind: "seconds", value: "SECONDS", positive: true, help: "stop the command when it prints nothing for this long; exit 124, stalled: true" },
  { name: "stall-grace", kind: "seconds", value: "SECONDS", help: "after the command exits, how long to read pipes a descendant holds open (default 2)" },
  { name: "kill-after", kind: "seconds", value: "SECONDS", help: "between SIGTERM and SIGKILL when toolspan stops the command (default 2)" },
  { name: "run-id", kind: "string", value: "ID", help: "run_id of the span (default: $TOOLSPAN_RUN_ID, else the --out file's, else a new id)" },
  { name: "json", kind: "flag", help: "print only the span, as one JSON line, on stdout; pass nothing through" },
  { name: "out", kind: "string", value: "FILE", help: "append the span as one line to FILE (safe with concurrent wraps)" },
  { name: "marker", kind: "flag", help: "after a clipped stream's kept bytes, add a line telling the model what was cut (counted in the cap)" },
  { name: "otlp", kind: "string", value: "URL", help: "send the span over OTLP/HTTP to this endpoint (default: $OTEL_EXPORTER_OTLP_ENDPOINT)" },
  { name: "record-args", kind: "flag", help: "put the command's arguments on the OpenTelemetry span (process.command_args)" },
  ...SECRET_OPTIONS,
  ...HARNESS_OPTIONS,
] as const satisfies readonly OptionSpec[];

const USAGE = `Usage: toolspan wrap [options] -- CMD [ARGS...]

Runs CMD with ARGS exactly as given (no shell), keeps what the cap allows of its
stdout and stderr, and records one tool span that tells the whole truth: bytes
before the cap, the cap, truncation flags, full/head/tail hashes, encoding, a
short preview, exit code and signal, stalls and timeouts (see CONTRACT.md).

Without --json, the kept bytes are passed through to toolspan's own stdout and
stderr: exactly what the model gets. The span goes to --out FILE, or, without
--out, to stderr after the kept bytes.

Secrets in the previews become [REDACTED:<rule>] (docs/secrets.md); hashes and
the bytes passed through stay raw. --store DIR keeps each whole stream in a
local blob store, read back with 'toolspan show' (docs/store.md).`;

const NOTES = `Exit status: the command's own code; 128+N when it was killed by signal N;
124 when --timeout or --idle-timeout stopped it; 127 when the command was not
found; 126 when it could not be started; 2 for a usage error. A span is written
in every case but a usage error.

Environment: TOOLSPAN_RUN_ID and TOOLSPAN_PARENT_SPAN_ID are read, and set for
the command (to this span's id), so nested wraps share a run and link up.
OpenTelemetry: with OTEL_EXPORTER_OTLP_ENDPOINT (or --otlp URL) set, the span
is also sent as an 'execute_tool' span over OTLP/HTTP; its parent is
$TRACEPARENT, and the command sees TRACEPARENT set to it (see docs/otlp.md).
SIGINT, SIGTERM, SIGHUP and SIGQUIT sent to toolspan go to the command's process
group. If toolspan itself is killed (SIGKILL), the command's group is stopped
too, and a 'tool_unfinished' record is left where the span would have gone.

Examples:
  toolspan wrap --out run.jsonl -- pytest -q tests/
  toolspan wrap --json --cap 10000 --keep head+tail -- cargo test
  toolspan wrap --timeout 600 --idle-timeout 60 --marker --out run.jsonl -- npm test
  toolspan wrap --harness claude-code --session "$SESSION" -- bash -c 'npm test'`;

/** wrap's options as parsed. */
export type WrapOptions = ParsedOptions<typeof OPTIONS>;

/** Turns parsed wrap arguments into runTool options; throws UsageError on contradictions. */
export function wrapOptions(options: WrapOptions, env: NodeJS.ProcessEnv = process.env): RunToolOptions {
  const noCap = options.noCap === true;
  if (noCap && options.cap !== undefined) throw new UsageError("--cap and --no-cap contradict each other");
  const cap = noCap ? null : options.cap ?? DEFAULT_CAP;
  if (options.runId === "") throw new UsageError("--run-id takes a non-empty id");
  return {
    cap,
    stdoutCap: options.stdoutCap ?? cap,
    stderrCap: options.stderrCap ?? cap,
    keep: options.keep ?? "head",
    previewChars: options.preview,
    hashWindow: options.hashWindow,
    cwd: options.cwd,
    toolName: options.toolName,
    timeoutSeconds: options.timeout ?? null,
    idleTimeoutSeconds: options.idleTimeout ?? null,
    stallGraceSeconds: options.stallGrace,
    killAfterSeconds: options.killAfter,
    runId: options.runId,
    marker: options.marker === true,
    recordArgs: options.recordArgs === true,
    ...secretRunOptions(options, env),
  };
}

// An endpoint (the flag, else the variables every OpenTelemetry SDK reads) turns the exporter on; the SDK is
// loaded only then. A failed export is said only where stderr is not the stream a model reads (the export ends
// after the span, which could not count the line): with --json, or on a terminal.
async function startOtlp(flag: string | undefined, sayFailure: boolean, env: NodeJS.ProcessEnv): Promise<ShutdownOtlp | null> {
  if (flag !== undefined && !URL.canParse(flag)) throw new UsageError(`--otlp takes a URL, got '${flag}'`);
  if (flag === undefined && (env.OTEL_SDK_DISABLED === "true" || !(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT))) {
    return null;
  }
  const { registerOtlpExport } = await import("../run/otel/register-otlp.js");
  return registerOtlpExport({
    endpoint: flag,
    serviceName: env.OTEL_SERVICE_NAME,
    onError: (message) => {
      if (sayFailure) process.stderr.write(`toolspan: OTLP export failed: ${message}\n`);
    },
  });
}

export const command = defineCommand({
  name: "wrap",
  summary: "run a command, pass through what the cap keeps, record the span",
  usage: USAGE,
  notes: NOTES,
  options: OPTIONS,
  interleaved: false,
  async run(parsed, io) {
    if (parsed.rest.length === 0) throw new UsageError("no command given", "toolspan wrap [options] -- CMD [ARGS...]");
    return wrap(parsed.rest, parsed.options, io);
  },
});

async function wrap(argv: string[], parsed: WrapOptions, io: CommandIo): Promise<number> {
  const { env, stdout, stderr } = io;
  const harness = harnessGiven(parsed) ? (await import("./wrap-harness.js")).harnessRunOptions(parsed, env) : null;
  const options = { ...wrapOptions(parsed, env), ...harness?.run };
  // Made before the command runs, as --out is opened: a store that cannot be made runs nothing. A harness's call runs
  // whatever the store (its span says what was not kept).
  if (!harness && options.store) makeStoreFolder(options.store.dir, parsed.store !== undefined ? "--store" : "TOOLSPAN_STORE");
  const json = parsed.json === true;
  const runFile = harness ? harness.openRunFile() : openOutOption(parsed.out);
  // A reader that went away (EPIPE) must not stop the span from being written; the outlets listen for it.
  const passThrough = !json;
  const outlets = readerOutlets({ stdout, stderr }, passThrough ? { stdout: 1, stderr: 2 } : null);
  const shutdownOtlp = await startOtlp(parsed.otlp, !passThrough || stderr.isTTY === true, env);
  const result = await runTool(argv, {
    ...options,
    runId: options.runId ?? runIdToJoin(runFile, env),
    traceparent: env.TRACEPARENT,
    tracestate: env.TRACESTATE,
    buffer: false,
    forwardSignals: true,
    startErrorLine: passThrough,
    // For a harness, stderr is what the model reads: with no run file, a killed wrap leaves no record there.
    unfinished: harness && !runFile ? undefined : { file: runFile ? resolve(runFile.path) : null },
    readers: passThrough ? outlets.watch : undefined,
    onStdout: passThrough ? outlets.write.stdout : undefined,
    onStderr: passThrough ? outlets.write.stderr : undefined,
  });
  outlets.close();
  const line = `${JSON.stringify(result.span)}\n`;
  // Passed through, the line is already on stderr, counted in the span; with --json stderr is only for people.
  if (result.span.error && !passThrough) stderr.write(`toolspan: cannot run: ${result.span.error}\n`);
  // A run file that cannot take the span (a full file system) puts it on stderr; the exit status stays the command's.
  if (runFile) appendSpan(runFile, result.span, { printed: json ? "stdout" : undefined, quiet: harness !== null });
  if (json) stdout.write(line);
  // For a harness, stderr is what the model reads: a span that cannot be kept is not put there.
  else if (!runFile && !harness) stderr.write(line);
  await shutdownOtlp?.();
  await harness?.afterSpan();
  return result.exitCode;
}
