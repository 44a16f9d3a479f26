// Which harness wrote a transcript, from its content alone: the first record of a line-based file, or the shape
// of a whole JSON document. File names are never read: people rename transcripts.
import { CLAUDE_RECORD_TYPES } from "./claude-code.js";
import { isLegacyMeta } from "./codex.js";
import type { TranscriptFormat } from "./call.js";
import { isObject, type JsonObject } from "./json-values.js";
import { isGeminiDocument, isGeminiMetadata } from "./gemini.js";
import { isEvaluationInstance, isPairHistory } from "./openhands.js";
import { unsupportedDocument, unsupportedLines, unsupportedReason } from "./unsupported.js";

/** A format, or the reason the content is none of them. */
export type Detection = { format: TranscriptFormat } | { reason: string };

const CLAUDE_TYPES: ReadonlySet<string> = new Set(["user", "assistant", ...CLAUDE_RECORD_TYPES]);
// Record types only Claude Code writes; they may open a session before any record with a sessionId.
const CLAUDE_ONLY_TYPES = new Set(["summary", "file-history-snapshot", "queue-operation"]);

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
  // OpenHands' line-based shape is its evaluation output, an instance a line.
  if (isEvaluationInstance(record)) return { format: "openhands" };
  if (isGeminiMetadata(record)) return { format: "gemini" };
  // Codex rollouts before mid-2025 open with {id, timestamp, instructions} and no type.
  if (isLegacyMeta(record) && ("instructions" in record || "git" in record)) return { format: "codex" };
  // Claude Code's stream-json opens with its init event, and every event names a session_id.
  if (record.type === "system" && record.subtype === "init" && typeof record.session_id === "string") return { format: "claude-code" };
  if ("timestamp" in record && "type" in record && typeof record.type === "string" && !("sessionId" in record) && !("session_id" in record)) {
    if (isObject(record.payload)) return { format: "codex" };
    return { reason: `not a Codex rollout: line ${line} has no payload` };
  }
  const claudeLike = "sessionId" in record || "session_id" in record || "uuid" in record || "leafUuid" in record || CLAUDE_ONLY_TYPES.has(String(record.type));
  if (claudeLike && typeof record.type === "string" && CLAUDE_TYPES.has(record.type)) return { format: "claude-code" };
  if (claudeLike) return { reason: `not a Claude Code session: line ${line} has type ${JSON.stringify(record.type ?? null)}` };
  return null;
}

/** Classifies a whole JSON document. */
export function detectDocument(doc: unknown): Detection {
  const unsupported = unsupportedDocument(doc);
  if (unsupported !== null) return { reason: unsupportedReason(unsupported) };
  if (Array.isArray(doc)) {
    const first = doc.find(isObject);
    if (first === undefined) return { reason: "a JSON array with no object in it" };
    if (doc.some((event) => isObject(event) && ("action" in event || "observation" in event))) return { format: "openhands" };
    if (isPairHistory(doc)) return { format: "openhands" };
    if ("role" in first && "content" in first) return { format: "mini-swe-agent" };
    return { reason: "a JSON array, but its objects have neither action/observation (OpenHands) nor role/content (mini-swe-agent)" };
  }
  if (!isObject(doc)) return { reason: "JSON, but neither an object nor an array" };
  if (isGeminiDocument(doc)) return { format: "gemini" };
  if (Array.isArray(doc.trajectory) && Array.isArray(doc.history)) return { format: "swe-agent" };
  if (Array.isArray(doc.messages) && (typeof doc.trajectory_format === "string" || doc.messages.some((m) => isObject(m) && "role" in m))) {
    return { format: "mini-swe-agent" };
  }
  if (Array.isArray(doc.trajectory)) return { reason: "not a SWE-agent trajectory: it has no history" };
  return { reason: `a JSON object with keys ${Object.keys(doc).slice(0, 5).join(", ") || "(none)"}: no known transcript shape` };
}
