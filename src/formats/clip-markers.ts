// The marks other harnesses leave in the text a model saw when they clipped a tool's output.
// One table, read by lint's possible-second-cap and (later) by the transcript audit. Each entry
// names where the wording comes from; wordings change between versions, so a missing match is no proof.

export interface ClipMarker {
  /** Which harness writes it. */
  harness: string;
  /** Matches the marker anywhere in a text. Every pattern is linear: literals and bounded digit runs. */
  pattern: RegExp;
  /** A text as the harness writes it; tests check the pattern finds it. */
  example: string;
}

export const CLIP_MARKERS: readonly ClipMarker[] = [
  { harness: "toolspan", pattern: /\[toolspan: (?:stdout|stderr) clipped: kept \d+ of \d+ bytes/, example: "[toolspan: stdout clipped: kept 8192 of 24118 bytes (head); sha256 of the whole stream 9c21…; span 7f3a…]" },
  { harness: "Claude Code", pattern: /<persisted-output>|Output too large \([\d.]+\s?[KMG]?B\)\. Full output saved to/, example: "Output too large (126.7KB). Full output saved to: /tmp/out.txt" },
  { harness: "Codex CLI", pattern: /…\d+ (?:chars|tokens) truncated…/, example: "total 8\n…1200 chars truncated…\nend" },
  { harness: "Codex CLI", pattern: /Warning: truncated output \(original token count: \d+\)/, example: "Warning: truncated output (original token count: 52341)" },
  { harness: "Codex CLI", pattern: /\[\.\.\. omitted \d+ of \d+ lines \.\.\.\]/, example: "[... omitted 120 of 480 lines ...]" },
  { harness: "Codex CLI", pattern: /\[\.\.\. output truncated to fit \d+ bytes \.\.\.\]/, example: "[... output truncated to fit 10240 bytes ...]" },
  { harness: "OpenHands", pattern: /\[\.\.\. Observation truncated due to length \.\.\.\]/, example: "[... Observation truncated due to length ...]" },
  { harness: "OpenHands", pattern: /\[\.\.\. Command output truncated: removed \d+ characters from the middle \.\.\.\]/, example: "[... Command output truncated: removed 5000 characters from the middle ...]" },
  { harness: "SWE-agent / OpenHands", pattern: /<response clipped>/, example: "<response clipped><NOTE>Observations should not exceeded 100000 characters.</NOTE>" },
  { harness: "mini-swe-agent", pattern: /<elided_chars>\s*\d+ characters elided\s*<\/elided_chars>/, example: "<elided_chars>\n1234 characters elided\n</elided_chars>" },
  { harness: "Goose", pattern: /\[Output exceeded \d+ line limit \(\d+ lines total\)/, example: "[Output exceeded 2000 line limit (5120 lines total). Full output saved to /tmp/x]" },
  { harness: "Gemini CLI", pattern: /\.\.\. \[\d+ characters omitted\] \.\.\./, example: "... [3400 characters omitted] ..." },
  { harness: "Cline", pattern: /\.\.\. \(output truncated\) \.\.\./, example: "... (output truncated) ..." },
  { harness: "Continue", pattern: /\(previous \d+ lines truncated\)/, example: "(previous 200 lines truncated)" },
];

// Every marker above holds one of these words: a text without any of them (almost every text) is cleared by
// one scan for plain words, about twice as fast as substring searches and far faster than every pattern.
// A test keeps the list complete.
export const MARKER_WORDS = ["truncated", "clipped", "omitted", "elided", "persisted-output", "Output too large", "Output exceeded"];
const ANY_MARKER_WORD = new RegExp(MARKER_WORDS.join("|"));

/** The first known clip marker in `text` from a harness other than `exceptHarness`, or null. */
export function findClipMarker(text: string, exceptHarness?: string): ClipMarker | null {
  if (!ANY_MARKER_WORD.test(text)) return null;
  return CLIP_MARKERS.find((marker) => marker.harness !== exceptHarness && marker.pattern.test(text)) ?? null;
}

/** Caps that wrappers are known to use; a stream of exactly this many bytes with no flag was probably cut upstream. */
export const WELL_KNOWN_CAPS: ReadonlySet<number> = new Set([
  4096, 8192, 10000, 10240, 16384, 20000, 30000, 32768, 50000, 65536, 100000, 102400, 131072, 262144, 1048576,
]);
