// How much one tool result of `toolspan mcp` may hold, as data: every result stays under what the hosts pass on to
// the model whole, so toolspan's cut, told in the result, is the only cut. The hosts' own limits and what each
// does with a result are measured in test/e2e/ (docs/mcp.md has the figures).

/** Bytes of a command's output a `run` result keeps, shared by stdout and stderr (each clipped stream keeps its head
 * and its tail). Well under Codex CLI's 10,000 tokens of a tool result and Claude Code's 25,000 tokens, with the
 * kept text in both the content and the structured content. */
export const RUN_KEEP_BYTES = 16_000;

/** The most bytes one `read_output` returns, and what it returns when no length is given. */
export const READ_MAX_BYTES = 16_000;
export const READ_DEFAULT_BYTES = 8_000;

/** Bytes of matching lines one `search_output` returns at most; the rest is counted and paged with `from_line`. */
export const SEARCH_TEXT_BYTES = 8_000;
/** How much of one matching line is shown: enough for an assertion, not a minified bundle. */
export const SEARCH_LINE_SHOW_BYTES = 400;
/** How much of a line is held to match against: a longer line is matched on its start. */
export const SEARCH_LINE_MATCH_BYTES = 64 * 1024;
/** Matching lines one `search_output` returns at most, and by default. */
export const SEARCH_MAX_MATCHES = 200;
export const SEARCH_DEFAULT_MATCHES = 50;

/** Spans one `spans` call lists at most, and by default. */
export const SPANS_MAX = 50;
export const SPANS_DEFAULT = 10;

/** Characters a result can come to at most: the kept or read bytes as text (base64 makes 4 of each 3) in the content
 * and again in the structured content, JSON-escaped, plus the figures. Declared to hosts as
 * `_meta["anthropic/maxResultSizeChars"]`, so a host that caps tool results lets these through. */
export const RESULT_MAX_CHARS = 100_000;

/** Runs at once, server-wide, unless `--max-runs` says otherwise; more wait for a free slot. */
export const DEFAULT_MAX_RUNS = 8;

/** Seconds a `run` may take unless the call or `--timeout` says otherwise: an answer that never comes is no answer. */
export const DEFAULT_RUN_TIMEOUT_SECONDS = 600;
/** The longest timeout a call may ask for. */
export const MAX_RUN_TIMEOUT_SECONDS = 24 * 60 * 60;

/** Seconds between progress notifications of a run, when the client asked for them. */
export const PROGRESS_EVERY_SECONDS = 1;

/** Characters of a command, of its standard input text, of a pattern; bytes of one JSON-RPC message. */
export const COMMAND_MAX_CHARS = 100_000;
export const STDIN_MAX_CHARS = 1024 * 1024;
export const PATTERN_MAX_CHARS = 1_000;
export const MESSAGE_MAX_BYTES = 8 * 1024 * 1024;
