// Replaces what changes from run to run (times, durations, addresses, pids, temporary paths) with placeholders:
// one table for the preview diff (text) and the normalised stream hashes a rerun's verdict compares (bytes).
// docs/rerun.md lists the same rules.
import { newSha256, sha256OfText } from "./sha256.js";
//
// Every rule is line-local: it never matches a newline, and its lookarounds read a newline as they read the start
// or end of the text. So normalising a whole text equals normalising it line by line, and a stream's normalised
// hash does not depend on how its bytes were chunked. Patterns are ASCII but for `µ`, and their negated classes
// exclude only ASCII, so the same pattern over bytes read as latin1 (one char per byte) rewrites exactly the UTF-8
// bytes of what it rewrites in text: `bytePattern` is that form.

/** One kind of run-to-run noise: what it matches and what replaces it. */
export interface Normalization {
  id: string;
  /** What it matches, for the docs. */
  description: string;
  pattern: RegExp;
  /** May name the pattern's groups (`$1`), so what labels the value is kept. */
  replacement: string;
  /** Text the pattern can match only where one of these occurs in it: a cheap test that skips the rule. No
   * earlier rule's replacement may make one (a property test checks that skipping changes nothing). */
  guard?: readonly string[];
}

const MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
const DAY = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)";

/** The rules, applied in this order (timestamps before bare times, addresses before durations, banners last). */
export const NORMALIZATIONS: readonly Normalization[] = [
  {
    id: "iso-timestamp",
    description: "ISO 8601 / RFC 3339 date and time: `2025-01-02T03:04:05.678Z`, `2025-01-02 03:04:05,123+02:00`, `2025/01/02 03:04:05`",
    pattern: /\b\d{4}[-/]\d{2}[-/]\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:[ \t]?(?:Z|UTC|[+-]\d{2}:?\d{2})(?![\w:]))?/g,
    replacement: "<TIMESTAMP>",
  },
  {
    id: "log-timestamp",
    description: "common log dates: `02/Jan/2025:03:04:05 +0000` (access logs), `Thu, 02 Jan 2025 03:04:05 GMT` (RFC 2822), `Jan  2 03:04:05` (syslog)",
    pattern: new RegExp(
      [
        `\\b\\d{2}/${MONTH}/\\d{4}:\\d{2}:\\d{2}:\\d{2}(?: [+-]\\d{4})?`,
        `\\b${DAY},? \\d{1,2} ${MONTH} \\d{4} \\d{2}:\\d{2}:\\d{2}(?: (?:GMT|UTC|[+-]\\d{4}))?`,
        `\\b${MONTH} {1,2}\\d{1,2} \\d{2}:\\d{2}:\\d{2}\\b`,
      ].join("|"),
      "g",
    ),
    replacement: "<TIMESTAMP>",
    guard: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  },
  {
    id: "clock-time",
    description: "a time of day: `03:04:05`, `03:04:05.678`",
    pattern: /\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b/g,
    replacement: "<TIME>",
    guard: [":"],
  },
  {
    id: "hex-address",
    description: "hex addresses of 6 or more digits: `0x7ffd1234`",
    pattern: /\b0x[0-9a-fA-F]{6,}\b/g,
    replacement: "0x<ADDR>",
    guard: ["0x"],
  },
  {
    id: "duration",
    description: "durations: `1.23s`, `12ms`, `0.42 seconds`, `3 secs`, `1m2.5s`, `250us`, `250µs`, `2 minutes`",
    // A number, then any `h`/`m` parts (`1h2m3s`, `1m2.5s`), then a unit: one pass over the digits, no backtracking
    // through optional leading groups.
    pattern: /\b\d+(?:\.\d+)?(?:[hm]\d+(?:\.\d+)?)*[ \t]?(?:ns|us|µs|ms|s|secs?|seconds?|mins?|minutes?)(?![\w])/g,
    replacement: "<DURATION>",
  },
  {
    // node --test's TAP (`duration_ms: 1.88`, `# duration_ms 155.9`): the unit is in the name, not after the number.
    id: "duration-field",
    description: "a number after a duration's name: `duration_ms: 1.88`, `# duration_ms 155.9`, `\"elapsed_ms\": 12`, `dur_ms=3.5`",
    pattern: /\b((?:duration|elapsed|took|time|dur)_?(?:ms|us|ns|s|secs|seconds)|durationMs|elapsedMs)("?[ \t]*[:=][ \t]*|[ \t]+)\d+(?:\.\d+)?(?![\w.])/g,
    replacement: "$1$2<DURATION>",
    guard: ["dur", "elapsed", "took", "time"],
  },
  {
    id: "pid",
    description: "process ids after the word pid: `pid 1234`, `PID=1234`, `pid: 1234`",
    pattern: /\b(pid)([ \t]*[=:][ \t]*|[ \t]+)\d+\b/gi,
    replacement: "$1$2<PID>",
    guard: ["pid", "PID", "Pid", "pId", "piD", "PId", "PiD", "pID"],
  },
  {
    // The `[` comes first so the engine looks for it, not at every position; the lookbehinds then read before it.
    id: "pid-bracket",
    description: "process ids in brackets: `sshd[1234]:`, and `[1234]` (two or more digits) not right after a name, so `test_x[100]` stays",
    pattern: /\[(?<=\w\[)\d+\](?=:)|\[(?<![\w\]]\[)\d{2,}\]/g,
    replacement: "[<PID>]",
    guard: ["["],
  },
  {
    // Rust's panic message names the thread and its OS id: `thread 'tests::fails' (12526) panicked at …`.
    id: "thread-id",
    description: "a thread's OS id after its name: `thread 'tests::fails' (12526) panicked`",
    pattern: /\b(thread '[^'\n]*') \(\d+\)/g,
    replacement: "$1 (<TID>)",
    guard: ["thread '"],
  },
  {
    id: "temp-path",
    description: "temporary paths: `/tmp/...`, `/var/tmp/...`, `/private/tmp/...`, `/var/folders/...` (macOS), `C:\\Users\\NAME\\AppData\\Local\\Temp\\...`, `C:\\Windows\\Temp\\...`",
    pattern:
      /(?:\/private)?\/var\/folders\/[^ \t\n\r\f\v'":,)\]]*|(?<![\w.])(?:\/private)?(?:\/var)?\/tmp\/[^ \t\n\r\f\v'":,)\]]*|\b[A-Za-z]:\\(?:Users\\[^\\ \t\n\r\f\v]+\\AppData\\Local\\Temp|Windows\\Temp)\\[^ \t\n\r\f\v'":,)\]]*/g,
    replacement: "<TMP>",
    guard: ["/tmp/", "/var/folders/", ":\\"],
  },
  {
    // pytest centres its summary in a line of `=`: `in 9.99s` and `in 10.01s` pad it differently. Only a banner
    // around a placeholder is evened out, so a banner whose text is unchanged keeps its exact width.
    id: "banner-padding",
    description: "the padding of a banner around a normalised value: `==== 1 failed in <DURATION> ====` becomes `=== 1 failed in <DURATION> ===`",
    pattern: /([=_*#~+-])(?<=(?:^|\n).)\1{2,} ([^\n]*<[A-Z]+>[^\n]*?) \1{2,}(?=\r?\n|$)/g,
    replacement: "$1$1$1 $2 $1$1$1",
  },
];

/** `text` with every rule of NORMALIZATIONS applied; text with none of that noise comes back unchanged. */
export function normalizeForDiff(text: string): string {
  return applyRules(text, NORMALIZATIONS, (literal) => text.includes(literal));
}

/** A line (its newline included) longer than this is hashed as it is, not normalised: memory stays bounded. */
export const NORMALIZE_LINE_BYTES = 64 * 1024;

/** The bytes `wrap` normalises of each stream at most: past them a span records no normalised hash, so a huge
 * stream costs wrap no more than one pass of sha256. A rerun normalises its whole stream. */
export const NORMALIZE_MAX_BYTES = 4 * 1024 * 1024;

// The table over bytes read as latin1: `µ` is two bytes in UTF-8, so two chars there.
const BYTE_RULES = NORMALIZATIONS.map((rule) => ({
  ...rule,
  pattern: new RegExp(rule.pattern.source.replaceAll("µ", "\u00c2\u00b5"), rule.pattern.flags),
}));

// Each rule over `text`, but those whose guard `has` does not find (in the text as given: no replacement makes one).
function applyRules(text: string, rules: readonly Normalization[], has: (literal: string) => boolean): string {
  let result = text;
  for (const rule of rules) if (!rule.guard || rule.guard.some(has)) result = result.replace(rule.pattern, rule.replacement);
  return result;
}

/** The table's id, recorded beside the hashes it made (`normalization`): hashes made by other rules are not
 * compared. It changes whenever a rule's pattern or replacement, or the line bound, does. */
export const NORMALIZATION_ID = `rules-${sha256OfText(
  JSON.stringify([NORMALIZE_LINE_BYTES, ...NORMALIZATIONS.map((r) => [r.id, r.pattern.source, r.pattern.flags, r.replacement])]),
).slice(0, 12)}`;

/** sha256 of a stream after normalising it line by line, fed chunks of any size, in constant memory. The bytes of
 * each line of at most NORMALIZE_LINE_BYTES are rewritten by the table as normalizeForDiff rewrites their text;
 * longer lines are taken as they are. It gives up (null) at a NUL byte, which makes the stream binary, or past
 * `maxBytes`; the caller gives null for a stream that is not UTF-8. */
export class NormalizedHash {
  private readonly hash = newSha256();
  private carry: Buffer[] = [];
  private carryBytes = 0;
  private inLongLine = false;
  private bytes = 0;
  private gaveUp = false;

  constructor(private readonly maxBytes: number = Infinity) {}

  write(chunk: Buffer): void {
    if (this.gaveUp || chunk.length === 0) return;
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes || chunk.indexOf(0) !== -1) {
      this.gaveUp = true;
      this.carry = [];
      return;
    }
    let start = 0;
    if (this.inLongLine) {
      const newline = chunk.indexOf(0x0a);
      if (newline === -1) {
        this.hash.update(chunk);
        return;
      }
      this.hash.update(chunk.subarray(0, newline + 1));
      this.inLongLine = false;
      start = newline + 1;
    }
    const last = chunk.lastIndexOf(0x0a);
    if (last < start) {
      this.hold(chunk.subarray(start));
      return;
    }
    const whole = chunk.subarray(start, last + 1);
    this.lines(this.carryBytes === 0 ? whole : Buffer.concat([...this.carry, whole]));
    this.carry = [];
    this.carryBytes = 0;
    this.hold(chunk.subarray(last + 1));
  }

  /** The hex digest, or null when it gave up. */
  digest(): string | null {
    if (this.gaveUp) return null;
    if (this.carryBytes > 0) this.normalizeRun(Buffer.concat(this.carry));
    this.carry = [];
    this.gaveUp = true;
    return this.hash.digest("hex");
  }

  // The start of a line whose end is still to come; once it is too long to normalise it goes out as it is.
  private hold(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.carryBytes + piece.length <= NORMALIZE_LINE_BYTES) {
      this.carry.push(piece);
      this.carryBytes += piece.length;
      return;
    }
    for (const held of this.carry) this.hash.update(held);
    this.hash.update(piece);
    this.carry = [];
    this.carryBytes = 0;
    this.inLongLine = true;
  }

  // Whole lines: runs of short ones are normalised together, a long one is taken as it is.
  private lines(block: Buffer): void {
    if (block.length <= NORMALIZE_LINE_BYTES) {
      this.normalizeRun(block);
      return;
    }
    let runStart = 0;
    let at = 0;
    while (at < block.length) {
      const newline = block.indexOf(0x0a, at);
      const end = newline === -1 ? block.length : newline + 1;
      if (end - at > NORMALIZE_LINE_BYTES) {
        if (at > runStart) this.normalizeRun(block.subarray(runStart, at));
        this.hash.update(block.subarray(at, end));
        runStart = end;
      }
      at = end;
    }
    if (runStart < block.length) this.normalizeRun(block.subarray(runStart));
  }

  private normalizeRun(bytes: Buffer): void {
    // Buffer#indexOf finds a guard several times faster than String#includes does.
    this.hash.update(applyRules(bytes.toString("latin1"), BYTE_RULES, (literal) => bytes.indexOf(literal, 0, "latin1") !== -1), "latin1");
  }
}
