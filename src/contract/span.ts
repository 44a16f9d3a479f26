// The tool span exactly as it is on the wire (snake_case keys, no renaming layer): see CONTRACT.md.
import type { ENCODINGS, KEEP_POLICIES, RERUN_VERDICTS, STREAMS } from "./constants.js";

/** `stdout` or `stderr`. */
export type StreamName = (typeof STREAMS)[number];

/** Which part of a clipped stream was kept: the first bytes, the last, or half of each. */
export type KeepPolicy = (typeof KEEP_POLICIES)[number];

/** `binary` when the stream is not valid UTF-8 or holds a NUL byte. */
export type Encoding = (typeof ENCODINGS)[number];

/** What a rerun proved: `identical`, `identical-normalized` (equal once run-to-run noise is normalised), `same-ends`
 * (head and tail match, middle unknown), `differs`, `unverifiable`, `incomplete` (the rerun did not finish). */
export type RerunVerdict = (typeof RERUN_VERDICTS)[number];

/** The keys of the schema published in Tool Previews Lie: a record with only these is a valid `toolspan/1` record. */
export interface CoreSpan {
  /** Other span types are passed over by every check. */
  span_type: "tool";
  /** The tool, e.g. `pytest`; defaults to the basename of `argv[0]`. */
  tool_name: string;
  /** What was executed, exactly; no shell unless argv itself is `["sh","-c",...]`. */
  argv: string[];
  /** Absolute working directory. */
  cwd: string;
  /** Exit status as a shell reports it: the code, or 128+N when killed by signal N; null only when the command never started. */
  returncode: number | null;
  /** Every byte the process wrote to stdout, before any cap. */
  stdout_bytes: number;
  /** Every byte the process wrote to stderr, before any cap. */
  stderr_bytes: number;
  /** The wrapper's limit in bytes for what it keeps of stdout; null = no cap. */
  stdout_cap: number | null;
  /** The wrapper's limit in bytes for what it keeps of stderr; null = no cap. */
  stderr_cap: number | null;
  /** Exactly `stdout_cap !== null && stdout_bytes > stdout_cap`. */
  stdout_truncated: boolean;
  /** Exactly `stderr_cap !== null && stderr_bytes > stderr_cap`. */
  stderr_truncated: boolean;
  /** sha256 of the whole stdout when it was not clipped; null when clipped. */
  stdout_sha256: string | null;
  /** sha256 of the whole stderr when it was not clipped; null when clipped. */
  stderr_sha256: string | null;
  /** sha256 of the first `min(bytes, hash_window)` bytes of stdout; null when the stream is empty. */
  stdout_head_sha256: string | null;
  /** sha256 of the last `min(bytes, hash_window)` bytes of stdout; null when the stream is empty. */
  stdout_tail_sha256: string | null;
  /** sha256 of the first `min(bytes, hash_window)` bytes of stderr; null when the stream is empty. */
  stderr_head_sha256: string | null;
  /** sha256 of the last `min(bytes, hash_window)` bytes of stderr; null when the stream is empty. */
  stderr_tail_sha256: string | null;
  /** At most `preview_chars` characters from the start of the kept stdout, decoded as UTF-8; `""` when binary. */
  preview_stdout: string;
  /** At most `preview_chars` characters from the start of the kept stderr, decoded as UTF-8; `""` when binary. */
  preview_stderr: string;
  /** `binary` when either stream is not valid UTF-8 or holds a NUL byte. */
  encoding: Encoding;
  /** What the agent saw looked like success: returncode 0 and nothing clipped, timed out or stalled. Not a claim about the full process. */
  ok_preview: boolean;
}

/** The keys toolspan adds: always written by `wrap`, checked when present. */
export interface OwnSpanKeys {
  /** The contract this record follows. */
  contract: "toolspan/1";
  /** One agent run; every span in a file shares it. */
  run_id: string;
  /** This span. */
  span_id: string;
  /** The enclosing toolspan span when wraps nest (a second cap inside a first). */
  parent_span_id: string | null;
  /** When the command started, RFC 3339 UTC. */
  started_at: string;
  /** Wall time in milliseconds until the record was written. */
  duration_ms: number;
  /** The signal that killed the process, e.g. `SIGTERM`. */
  signal: string | null;
  /** The wrapper's `--timeout` killed it. */
  timed_out: boolean;
  /** A pipe stayed open after the process exited, or went silent past the idle limit; the wrapper stopped reading. */
  stalled: boolean;
  /** Why the command could not start (`ENOENT`, `EACCES`, …). */
  error: string | null;
  /** Which part of a clipped stdout was kept. */
  stdout_keep: KeepPolicy;
  /** Which part of a clipped stderr was kept. */
  stderr_keep: KeepPolicy;
  /** sha256 of exactly the stdout bytes delivered to the model. */
  stdout_kept_sha256: string;
  /** sha256 of exactly the stderr bytes delivered to the model. */
  stderr_kept_sha256: string;
  /** sha256 of every stdout byte written, clipped or not: the exact target for a re-run. */
  stdout_stream_sha256: string;
  /** sha256 of every stderr byte written, clipped or not. */
  stderr_stream_sha256: string;
  /** Encoding of stdout alone. */
  stdout_encoding: Encoding;
  /** Encoding of stderr alone. */
  stderr_encoding: Encoding;
  /** Bytes covered by head/tail hashes. */
  hash_window: number;
  /** The preview limit in characters. */
  preview_chars: number;
  /** Secrets replaced in the previews. */
  preview_redactions: number;
  /** `sha256:<hex>` when the full stdout is kept in a local blob store; null when no store kept it. */
  stdout_blob: string | null;
  /** `sha256:<hex>` when the full stderr is kept in a local blob store; null when no store kept it. */
  stderr_blob: string | null;
  /** Whether secrets were looked for in the previews: `"off"` only when `--redact off` asked for raw previews. */
  redaction: "on" | "off";
  /** Only when `--redact-argv` was asked for: secrets replaced in `argv` (a span with any cannot be rerun from). */
  argv_redactions?: number;
  /** Only when a blob store was asked for and did not keep stdout: why (e.g. `larger than --store-max 1048576`). */
  stdout_blob_error?: string;
  /** Only when a blob store was asked for and did not keep stderr: why. */
  stderr_blob_error?: string;
  /** Only when toolspan added bytes to stdout for the model (a `--marker` line, a harness notice): how many. They
   * are part of what `stdout_kept_sha256` covers; `stdout_cap` bounds only the command's bytes. */
  stdout_notice_bytes?: number;
  /** Only when toolspan added bytes to stderr for the model: how many (see `stdout_notice_bytes`). */
  stderr_notice_bytes?: number;
  /** Only when wrapped for a harness (`wrap --harness`): the harness profile whose limits sized the caps. */
  harness?: string;
  /** The normalisation table the normalised hashes were made with (docs/rerun.md): others' are not compared. */
  normalization: string;
  /** sha256 of stdout with run-to-run noise normalised, line by line; null when binary or too long to normalise. */
  stdout_normalized_sha256: string | null;
  /** sha256 of stderr with run-to-run noise normalised, line by line; null when binary or too long to normalise. */
  stderr_normalized_sha256: string | null;
  /** Only when a reader of toolspan's stdout or stderr went away (EPIPE) while kept bytes were handed on: which one
   * went first. toolspan then stopped feeding it and sent the command's process group SIGPIPE, as a shell pipeline
   * would; `{s}_kept_sha256` still covers what was kept, `{s}_delivered_bytes` says how much of it was taken. */
  reader_gone?: StreamName;
  /** Only with `reader_gone`: how many kept stdout bytes (notice bytes included) its reader took. */
  stdout_delivered_bytes?: number;
  /** Only with `reader_gone`: how many kept stderr bytes its reader took. */
  stderr_delivered_bytes?: number;
  /** Only on a span written by `toolspan rerun`: the `span_id` of the span it re-ran, or `FILE:LINE` when that had none. */
  rerun_of?: string;
  /** Only on a span written by `toolspan rerun`: what it proved about the original streams (docs/rerun.md). */
  rerun_verdict?: RerunVerdict;
}

/** A complete record as `wrap` writes it: both groups of keys. */
export type ToolSpan = CoreSpan & OwnSpanKeys;

/** Where a span converted by `toolspan audit` came from. */
export interface SpanSource {
  /** The transcript format, e.g. `codex`. */
  format: string;
  /** The transcript file as named on the command line. */
  file: string;
  /** The line of a line-based transcript; null in a whole-document one. */
  line: number | null;
  /** The position (from 1) of the event or step in a whole-document transcript; null in a line-based one. */
  index: number | null;
  /** The harness's id for the call, or null where it has none. */
  call_id: string | null;
  /** The command as one string, where the harness recorded no argv. */
  command?: string;
  /** The shell the harness ran `command` with (`bash`, `sh`, `zsh`): a rerun runs `[shell, "-c", command]`. */
  shell?: string;
  /** The harness version the transcript names, or null. */
  harness_version: string | null;
  /** Why the transcript cannot show the whole result (no result recorded, still running, moved to the
   * background, interrupted or cancelled, killed at a time limit); absent where it can. Both streams' byte counts
   * and hashes are then null. */
  unverifiable?: string;
  /** sha256 of the transcript's content as read: the span ids are made from it, not from the file's name. */
  transcript_sha256: string;
}

/** Which clip marker (or comparison) showed that the model saw only part of a result. */
export interface ClipEvidence {
  harness: string;
  /** The harness version the transcript names, or null. */
  version: string | null;
  /** The versions the marker table gives for the entry that matched. */
  versions: string;
  /** The marker table's entry id, or `history-differs` where SWE-agent's own copy was compared. */
  marker: string;
  /** What the marker's capture groups state, by meaning (`droppedTokens`, `capBytes`, …), and the whole's line
   * count where the harness recorded it beside a marker that states only its limit. */
  groups: Record<string, number | string>;
  /** Only where the figures or the text shown cannot be taken at face value: why (a second cap, a lower bound). */
  note?: string;
}

/** The keys `toolspan audit` adds: where the span came from and what showed a clip. */
export interface AuditSpanKeys {
  source: SpanSource;
  /** Null where no clip is evident. */
  clip_evidence: ClipEvidence | null;
}
