// The marks other harnesses leave in the text a model saw when they clipped a tool's output.
// One table, read by lint's possible-second-cap and (later) by the transcript audit. Each entry
// names where the wording comes from; wordings change between versions, so a missing match is no proof.

export interface ClipMarker {
  /** Which harness writes it. */
  harness: string;
  /** Matches the marker anywhere in a text. Every pattern is linear: literals and bounded digit runs. */
  pattern: RegExp;
}

export const CLIP_MARKERS: readonly ClipMarker[] = [
  { harness: "toolspan", pattern: /\[toolspan: (?:stdout|stderr) clipped: kept \d+ of \d+ bytes/ },
  { harness: "Claude Code", pattern: /<persisted-output>|Output too large \([\d.]+\s?[KMG]?B\)\. Full output saved to/ },
  { harness: "Codex CLI", pattern: /…\d+ (?:chars|tokens) truncated…/ },
  { harness: "Codex CLI", pattern: /Warning: truncated output \(original token count: \d+\)/ },
  { harness: "Codex CLI", pattern: /\[\.\.\. omitted \d+ of \d+ lines \.\.\.\]/ },
  { harness: "Codex CLI", pattern: /\[\.\.\. output truncated to fit \d+ bytes \.\.\.\]/ },
  { harness: "OpenHands", pattern: /\[\.\.\. Observation truncated due to length \.\.\.\]/ },
  { harness: "OpenHands", pattern: /\[\.\.\. Command output truncated: removed \d+ characters from the middle \.\.\.\]/ },
  { harness: "SWE-agent / OpenHands", pattern: /<response clipped>/ },
  { harness: "mini-swe-agent", pattern: /<elided_chars>\s*\d+ characters elided\s*<\/elided_chars>/ },
  { harness: "Goose", pattern: /\[Output exceeded \d+ line limit \(\d+ lines total\)/ },
  { harness: "Gemini CLI", pattern: /\.\.\. \[\d+ characters omitted\] \.\.\./ },
  { harness: "Cline", pattern: /\.\.\. \(output truncated\) \.\.\./ },
  { harness: "Continue", pattern: /\(previous \d+ lines truncated\)/ },
];

// One scan for all markers; only a text that holds one is asked which.
const ANY_MARKER = new RegExp(CLIP_MARKERS.map((marker) => `(?:${marker.pattern.source})`).join("|"));

/** The first known clip marker in `text` from a harness other than `exceptHarness`, or null. */
export function findClipMarker(text: string, exceptHarness?: string): ClipMarker | null {
  if (!ANY_MARKER.test(text)) return null;
  return CLIP_MARKERS.find((marker) => marker.harness !== exceptHarness && marker.pattern.test(text)) ?? null;
}

/** Caps that wrappers are known to use; a stream of exactly this many bytes with no flag was probably cut upstream. */
export const WELL_KNOWN_CAPS: ReadonlySet<number> = new Set([
  4096, 8192, 10000, 10240, 16384, 20000, 30000, 32768, 50000, 65536, 100000, 102400, 131072, 262144, 1048576,
]);
