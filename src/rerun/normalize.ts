// Replaces what changes from run to run (times, durations, addresses, pids, temporary paths) with placeholders,
// so a diff of two runs' text shows what really changed: pure. docs/rerun.md lists the same rules.

/** One kind of run-to-run noise: what it matches and what replaces it. */
export interface Normalization {
  id: string;
  /** What it matches, for the docs. */
  description: string;
  pattern: RegExp;
  /** May name the pattern's groups (`$1`), so what labels the value is kept. */
  replacement: string;
}

const MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
const DAY = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)";

/** The rules, applied in this order (timestamps before bare times, addresses before durations). */
export const NORMALIZATIONS: readonly Normalization[] = [
  {
    id: "iso-timestamp",
    description: "ISO 8601 / RFC 3339 date and time: `2025-01-02T03:04:05.678Z`, `2025-01-02 03:04:05,123+02:00`, `2025/01/02 03:04:05`",
    pattern: /\b\d{4}[-/]\d{2}[-/]\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:\s?(?:Z|UTC|[+-]\d{2}:?\d{2})(?![\w:]))?/g,
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
  },
  {
    id: "clock-time",
    description: "a time of day: `03:04:05`, `03:04:05.678`",
    pattern: /\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b/g,
    replacement: "<TIME>",
  },
  {
    id: "hex-address",
    description: "hex addresses of 6 or more digits: `0x7ffd1234`",
    pattern: /\b0x[0-9a-fA-F]{6,}\b/g,
    replacement: "0x<ADDR>",
  },
  {
    id: "duration",
    description: "durations: `1.23s`, `12ms`, `0.42 seconds`, `3 secs`, `1m2.5s`, `250us`, `2 minutes`",
    pattern: /\b(?:\d+h)?(?:\d+m(?=\d))?\d+(?:\.\d+)?\s?(?:ns|us|µs|ms|s|secs?|seconds?|mins?|minutes?)(?![\w])/g,
    replacement: "<DURATION>",
  },
  {
    id: "pid",
    description: "process ids after the word pid: `pid 1234`, `PID=1234`, `pid: 1234`",
    pattern: /\b(pid)(\s*[=:]\s*|\s+)\d+\b/gi,
    replacement: "$1$2<PID>",
  },
  {
    id: "pid-bracket",
    description: "process ids in brackets: `sshd[1234]:`, and `[1234]` (two or more digits) not right after a name, so `test_x[100]` stays",
    pattern: /(?<=\w)\[\d+\](?=:)|(?<![\w\]])\[\d{2,}\]/g,
    replacement: "[<PID>]",
  },
  {
    id: "temp-path",
    description: "temporary paths: `/tmp/...`, `/var/tmp/...`, `/private/tmp/...`, `/var/folders/...` (macOS), `C:\\Users\\NAME\\AppData\\Local\\Temp\\...`, `C:\\Windows\\Temp\\...`",
    pattern:
      /(?:\/private)?\/var\/folders\/[^\s'":,)\]]*|(?<![\w.])(?:\/private)?(?:\/var)?\/tmp\/[^\s'":,)\]]*|\b[A-Za-z]:\\(?:Users\\[^\\\s]+\\AppData\\Local\\Temp|Windows\\Temp)\\[^\s'":,)\]]*/g,
    replacement: "<TMP>",
  },
];

/** `text` with every rule of NORMALIZATIONS applied; text with none of that noise comes back unchanged. */
export function normalizeForDiff(text: string): string {
  return NORMALIZATIONS.reduce((result, rule) => result.replace(rule.pattern, rule.replacement), text);
}
