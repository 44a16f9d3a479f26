// Finds secrets in text with a rule set and replaces them with `[REDACTED:<rule-id>]`.
import { firstCodePoints } from "../util/code-points.js";
import { SEAM_RULES, type RedactRule } from "./rules.js";

/** Characters `[start, end)` of a text hold a secret that `rule` found. */
export interface Redaction {
  start: number;
  end: number;
  rule: string;
}

/** Characters past the preview limit that redaction reads, so a secret the limit cuts is still recognised
 * whole: longer than any built-in token, and a PEM block or KEY=value runs on to the end of the text. */
export const REDACTION_LOOKAHEAD_CHARS = 1024;

/** The marker that stands for a secret. */
export const redactionMarker = (rule: string): string => `[REDACTED:${rule}]`;

function matchesOf(text: string, rule: RedactRule, into: Redaction[]): void {
  const pattern = rule.pattern;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const secret = match.indices?.groups?.secret;
    const [start, end] = secret ?? [match.index, match.index + match[0].length];
    if (end > start) into.push({ start, end, rule: rule.id });
    if (match[0].length === 0) pattern.lastIndex++;
  }
}

/** `found` in text order, overlapping finds merged into one (named by the earliest). */
export function mergeRedactions(found: Redaction[]): Redaction[] {
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Redaction[] = [];
  for (const next of found) {
    const last = merged[merged.length - 1];
    // Merged, not dropped: dropping the later of two overlapping finds would leave its tail in the text.
    if (last && next.start < last.end) last.end = Math.max(last.end, next.end);
    else merged.push({ ...next });
  }
  return merged;
}

// A CSI sequence (SGR colours among them: `grep --color`, `ls`, test runners). Its three parts' characters are
// disjoint, so it matches in linear time.
const CSI = /\x1b\[[0-?]*[ -/]*[@-~]/g;

/** `text` without its CSI sequences, and where each of its characters is in `text`: a token between two colour
 * codes is seen whole, and the rules' lookbehinds see what precedes the code, not the `m` that ends it. */
function withoutEscapes(text: string): { plain: string; origin: (at: number) => number } | null {
  if (!text.includes("\x1b")) return null;
  // Runs of kept text: plain[from[i]…] is text[at[i]…] up to the next run.
  const from: number[] = [];
  const at: number[] = [];
  let plain = "";
  let next = 0;
  for (const escape of text.matchAll(CSI)) {
    if (escape.index > next) {
      from.push(plain.length);
      at.push(next);
      plain += text.slice(next, escape.index);
    }
    next = escape.index + escape[0].length;
  }
  if (from.length === 0 && next === 0) return null;
  from.push(plain.length);
  at.push(next);
  plain += text.slice(next);
  const origin = (position: number): number => {
    let low = 0;
    let high = from.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (from[mid]! <= position) low = mid;
      else high = mid - 1;
    }
    return at[low]! + position - from[low]!;
  };
  return { plain, origin };
}

/** Every secret the rules find, overlapping finds merged into one (named by the earliest), in text order. CSI
 * sequences are skipped over, and a secret's replacement leaves those around it in place. */
export function findRedactions(text: string, rules: readonly RedactRule[]): Redaction[] {
  // An empty text holds no secret; the rules are not run on it (V8 compiles each pattern on its first runs).
  if (text === "") return [];
  const escaped = withoutEscapes(text);
  const found: Redaction[] = [];
  for (const rule of rules) matchesOf(escaped?.plain ?? text, rule, found);
  if (escaped === null) return mergeRedactions(found);
  // The end maps from the secret's last character, so the code that follows it is not swallowed.
  return mergeRedactions(found.map((r) => ({ start: escaped.origin(r.start), end: escaped.origin(r.end - 1) + 1, rule: r.rule })));
}

/** The text up to `limit` characters (UTF-16 units) with each redaction that starts before the limit replaced
 * whole by its marker, even where it runs past the limit: no part of a secret survives the cut. `markers` holds
 * where each marker starts in the result. */
export function applyRedactions(text: string, redactions: readonly Redaction[], limit = text.length): { text: string; markers: number[] } {
  let out = "";
  let at = 0;
  const markers: number[] = [];
  for (const redaction of redactions) {
    if (redaction.start >= limit) break;
    out += text.slice(at, redaction.start);
    markers.push(out.length);
    out += redactionMarker(redaction.rule);
    at = redaction.end;
  }
  if (at < limit) out += text.slice(at, limit);
  return { text: out, markers };
}

/** `text` with every secret the rules find replaced, and how many were. */
export function redactText(text: string, rules: readonly RedactRule[]): { text: string; count: number } {
  const { text: redacted, markers } = applyRedactions(text, findRedactions(text, rules));
  return { text: redacted, count: markers.length };
}

// Each part between cuts is searched on its own: its end may cut a secret (the `$` alternatives) and, after a
// seam, its start may be the rest of one (the seam rules).
function findAcrossSeams(window: string, rules: readonly RedactRule[], seams: readonly number[]): Redaction[] {
  const cuts = seams.filter((at) => at >= 0 && at < window.length);
  if (cuts.length === 0) return findRedactions(window, rules);
  const bounds = [...new Set([0, ...cuts, window.length])].sort((a, b) => a - b);
  const found: Redaction[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const start = bounds[i]!;
    const part = window.slice(start, bounds[i + 1]);
    const partRules = cuts.includes(start) ? [...rules, ...SEAM_RULES] : rules;
    for (const r of findRedactions(part, partRules)) found.push({ start: r.start + start, end: r.end + start, rule: r.rule });
  }
  return found;
}

// The contract counts a preview's bytes with each U+FFFD as one: the byte the decoder replaced. Lint counts them
// the same way with a faster formula (contract/span-fields.ts previewByteLength); the two must agree.
function cutToBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let units = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code === 0xfffd || code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes > maxBytes) break;
    units += char.length;
  }
  return text.slice(0, units);
}

/** The preview cut from `window` (the decoded start of the kept bytes, `REDACTION_LOOKAHEAD_CHARS` longer than
 * the preview when the stream has that much): the first `previewChars` code points with secrets replaced.
 * `seams` are where, in `window`, a kept part starts that the cap cut from the middle of the stream. A
 * secret found across the limit is replaced whole; the result is then held to the preview limit and to the
 * `keptBytes` the contract allows, so a marker near the end may itself be cut, but never a secret's bytes. */
export function redactPreview(
  window: string,
  previewChars: number,
  keptBytes: number,
  rules: readonly RedactRule[],
  seams: readonly number[] = [],
): { preview: string; redactions: number } {
  const limit = firstCodePoints(window, previewChars).length;
  const raw = window.slice(0, limit);
  if (rules.length === 0) return { preview: raw, redactions: 0 };
  const { text, markers } = applyRedactions(window, findAcrossSeams(window, rules, seams), limit);
  if (markers.length === 0) return { preview: raw, redactions: 0 };
  const preview = cutToBytes(firstCodePoints(text, previewChars), keptBytes);
  return { preview, redactions: markers.filter((at) => at < preview.length).length };
}
