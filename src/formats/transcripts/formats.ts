// One descriptor per transcript format: its id, the harness its markers are filed under in the marker table
// (src/formats/clip-markers.ts), the tools whose output is a file's text, and its readers. Adding a harness is its
// reader file, its entry here, its detection in detect.ts (the order of the checks matters there) and its markers.
import type { TranscriptFormat, TranscriptRead, TranscriptReader } from "./call.js";
import { ClaudeCodeReader } from "./claude-code.js";
import { CodexReader } from "./codex.js";
import { GeminiReader, readGeminiDocument } from "./gemini.js";
import type { JsonObject } from "./json-values.js";
import { readMiniSweAgent } from "./mini-swe-agent.js";
import { OpenHandsEvalReader, readOpenHands } from "./openhands.js";
import { readSweAgent } from "./swe-agent.js";

export interface TranscriptFormatDescriptor {
  id: TranscriptFormat;
  /** The harness as the marker table names it: its own markers are the clip, not a second cap. */
  harness: string;
  /** Tools whose output is a file's text or a search's hits: another harness's marker there is most likely a file
   * quoting it (this repository's own sources, say), not a second cap. */
  fileTools: readonly string[];
  /** A reader fed line by line, for a line-based transcript of this format. */
  lineReader?: () => TranscriptReader;
  /** Reads a whole-document transcript of this format, already parsed and told apart by detect.ts. */
  readDocument?: (doc: unknown) => TranscriptRead;
}

export const TRANSCRIPT_FORMATS: Record<TranscriptFormat, TranscriptFormatDescriptor> = {
  "claude-code": {
    id: "claude-code",
    harness: "Claude Code",
    fileTools: ["Read", "Grep", "Glob", "Write", "Edit", "MultiEdit", "NotebookEdit", "NotebookRead", "WebFetch", "TodoWrite"],
    lineReader: () => new ClaudeCodeReader(),
  },
  codex: { id: "codex", harness: "Codex CLI", fileTools: [], lineReader: () => new CodexReader() },
  gemini: {
    id: "gemini",
    harness: "Gemini CLI",
    fileTools: ["read_file", "read_many_files", "glob", "search_file_content", "grep_search", "list_directory", "web_fetch", "write_file", "replace"],
    lineReader: () => new GeminiReader(),
    readDocument: (doc) => readGeminiDocument(doc as JsonObject),
  },
  openhands: {
    id: "openhands",
    harness: "OpenHands",
    fileTools: ["str_replace_editor"],
    // Its line-based shape is the evaluation output.jsonl, an instance a line.
    lineReader: () => new OpenHandsEvalReader(),
    readDocument: (doc) => readOpenHands(doc as unknown[]),
  },
  "swe-agent": {
    id: "swe-agent",
    harness: "SWE-agent",
    fileTools: ["open", "goto", "scroll_up", "scroll_down", "search_file", "search_dir", "find_file", "str_replace_editor"],
    readDocument: (doc) => readSweAgent(doc as JsonObject),
  },
  "mini-swe-agent": {
    id: "mini-swe-agent",
    harness: "mini-swe-agent",
    fileTools: [],
    readDocument: (doc) => readMiniSweAgent(doc as JsonObject | unknown[]),
  },
};
