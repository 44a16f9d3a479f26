// Figures the contract names, kept in one place so the meter, the runner and the checks agree.

/** The contract id written into every record as `contract`. */
export const CONTRACT_ID = "toolspan/1";

/** sha256 of zero bytes: the only full-stream hash an empty stream may carry. */
export const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

/** Bytes covered by head and tail hashes when a record has no `hash_window`. */
export const DEFAULT_HASH_WINDOW = 256;

/** Preview limit in characters when a record has no `preview_chars`. */
export const DEFAULT_PREVIEW_CHARS = 512;

/** The cap `wrap` applies to each stream unless told otherwise (Tool Previews Lie's 8192). */
export const DEFAULT_CAP = 8192;

/** The two streams a tool span describes, in the order records list them. */
export const STREAMS = ["stdout", "stderr"] as const;

/** Which part of a clipped stream is kept; `head` is Tool Previews Lie's behaviour. */
export const KEEP_POLICIES = ["head", "tail", "head+tail"] as const;

/** The two encodings a stream can have. */
export const ENCODINGS = ["utf-8", "binary"] as const;

/** What a rerun proved about the original stream, strongest first (docs/rerun.md). */
export const RERUN_VERDICTS = ["identical", "identical-normalized", "same-ends", "differs", "unverifiable", "incomplete"] as const;

/** The verdicts that verify the original streams: the whole of each matched, byte for byte or once normalised.
 * A span with a rerun of one of these in its file is settled (docs/triage.md). */
export const VERIFIED_VERDICTS: readonly string[] = ["identical", "identical-normalized"];
