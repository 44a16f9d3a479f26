// A span `toolspan audit` converted from a transcript (docs/transcript-spans.md). A transcript holds what the model
// saw, not what the command wrote: a clipped result's byte count and cap, and its head and tail hashes, are unknown
// and stay null. Lint, triage and rerun read such a span by these rules instead of taking a null for a wrong type
// or a stated "no cap".
import { KEY_TYPES } from "./key-types.js";

type SpanObject = Record<string, unknown>;

/** The shells a transcript's command string may be rerun with; another name in `source.shell` is not run. */
export const TRANSCRIPT_SHELLS: readonly string[] = ["bash", "sh", "zsh"];

/** Keys a transcript span may leave null: unknown, where the transcript cannot state them. */
export const TRANSCRIPT_NULLABLE_KEYS = ["stdout_bytes", "stderr_bytes"] as const;

const isObject = (value: unknown): value is SpanObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** The record came from a transcript: it has audit's `source` with the transcript's format and content hash. */
export function isTranscriptSpan(span: SpanObject): boolean {
  const source = span.source;
  return isObject(source) && typeof source.format === "string" && typeof source.transcript_sha256 === "string";
}

const countOrUnknown = { expected: "null or an integer >= 0", test: (v: unknown) => v === null || (Number.isSafeInteger(v) && (v as number) >= 0) };

/** KEY_TYPES as a transcript span is held to: its unknown byte counts may be null. */
export const TRANSCRIPT_KEY_TYPES: typeof KEY_TYPES = {
  ...KEY_TYPES,
  ...Object.fromEntries(TRANSCRIPT_NULLABLE_KEYS.map((key) => [key, countOrUnknown])),
};

/** The key types `span` is held to. */
export const keyTypesFor = (span: SpanObject): typeof KEY_TYPES => (isTranscriptSpan(span) ? TRANSCRIPT_KEY_TYPES : KEY_TYPES);

/** Why the transcript cannot show the result the model got (no result recorded, still running, moved to the
 * background, interrupted or cancelled, killed at a time limit), from `source.unverifiable`; null on a span that
 * states none. Its stream figures are then unknown: what the command wrote is not what the transcript holds. */
export function unverifiableReason(span: SpanObject): string | null {
  if (!isTranscriptSpan(span)) return null;
  const reason = (span.source as SpanObject).unverifiable;
  return typeof reason === "string" && reason !== "" ? reason : null;
}

/** What a rerun executes: the recorded argv, or for a transcript span that kept a shell's command line as one
 * string, `[shell, "-c", command]` (the harness ran it so); null when neither is known. */
export function spanArgv(span: SpanObject): string[] | null {
  const argv = span.argv;
  if (Array.isArray(argv)) return argv.every((word) => typeof word === "string") ? (argv as string[]) : null;
  if (!isTranscriptSpan(span)) return null;
  const { command, shell } = span.source as SpanObject;
  if (typeof command !== "string" || typeof shell !== "string" || !TRANSCRIPT_SHELLS.includes(shell)) return null;
  return [shell, "-c", command];
}
