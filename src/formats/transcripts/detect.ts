// Which harness wrote a transcript, from its content alone: the first record of a line-based file, or the shape
// of a whole JSON document. File names are never read: people rename transcripts.
import type { TranscriptFormat } from "./call.js";
import { TRANSCRIPT_FORMATS, type DetectionRule, type TranscriptFormatDescriptor } from "./formats.js";
import { isObject, type JsonObject } from "./json-values.js";
import { unsupportedDocument, unsupportedLines, unsupportedReason } from "./unsupported.js";

/** A format, or the reason the content is none of them. */
export type Detection = { format: TranscriptFormat } | { reason: string };

/** A descriptor's rule with the format it names. */
export interface OrderedRule<Input> extends DetectionRule<Input> {
  format: TranscriptFormat;
}

// Every descriptor's rules in one list, by their order: the order is what keeps look-alike formats apart.
const ordered = <Input>(pick: (descriptor: TranscriptFormatDescriptor) => readonly DetectionRule<Input>[] | undefined): readonly OrderedRule<Input>[] =>
  Object.values(TRANSCRIPT_FORMATS)
    .flatMap((descriptor) => (pick(descriptor) ?? []).map((rule) => ({ ...rule, format: descriptor.id })))
    .sort((a, b) => a.order - b.order);

export const LINE_RULES = ordered((d) => d.lineRules);
export const DOCUMENT_RULES = ordered((d) => d.documentRules);

/** The first rule with a verdict, as a detection; null when none has one. */
export function firstVerdict<Input>(rules: readonly OrderedRule<Input>[], input: Input, line: number): { rule: OrderedRule<Input>; detection: Detection } | null {
  for (const rule of rules) {
    const verdict = rule.test(input, line);
    if (verdict === true) return { rule, detection: { format: rule.format } };
    if (verdict !== null) return { rule, detection: { reason: verdict } };
  }
  return null;
}

/** A parsed record of a line-based file, with its line. */
export interface SniffedRecord {
  record: JsonObject;
  line: number;
}

/** Classifies a line-based transcript by its first records (those of the first 64 KiB): a record only a format
 * toolspan does not read writes refuses the file by that format's name, whichever harness its first line resembles;
 * else the first record decides. Null when the first record is no transcript line. */
export function detectLines(records: readonly SniffedRecord[]): Detection | null {
  const [first] = records;
  if (first === undefined) return null;
  const unsupported = unsupportedLines(records.map(({ record }) => record));
  if (unsupported !== null) return { reason: unsupportedReason(unsupported) };
  return detectFirstLine(first.record, first.line);
}

/** Classifies the first non-empty line of a line-based transcript, already parsed; null when it is no such line. */
export function detectFirstLine(record: JsonObject, line: number): Detection | null {
  return firstVerdict(LINE_RULES, record, line)?.detection ?? null;
}

/** Classifies a whole JSON document. */
export function detectDocument(doc: unknown): Detection {
  const unsupported = unsupportedDocument(doc);
  if (unsupported !== null) return { reason: unsupportedReason(unsupported) };
  if (Array.isArray(doc) && !doc.some(isObject)) return { reason: "a JSON array with no object in it" };
  if (!Array.isArray(doc) && !isObject(doc)) return { reason: "JSON, but neither an object nor an array" };
  const found = firstVerdict(DOCUMENT_RULES, doc, 0);
  if (found !== null) return found.detection;
  if (Array.isArray(doc)) return { reason: "a JSON array, but its objects have neither action/observation (OpenHands) nor role/content (mini-swe-agent)" };
  return { reason: `a JSON object with keys ${Object.keys(doc).slice(0, 5).join(", ") || "(none)"}: no known transcript shape` };
}
