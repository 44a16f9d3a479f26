import { readLines, STOP } from "./jsonl-lines.js";

// Span files are JSON Lines, but an OTLP example (`trace.json`) or an indented record is one JSON document over
// many lines. Such a document opens with a line holding only "{", which no JSON Lines record does.

/** True for the first non-blank line of a pretty-printed JSON document. */
export const opensDocument = (line: string): boolean => line.trim() === "{";

/** The lines of `path` from its first non-blank one when that opens a pretty-printed document, else null (a
 * JSON Lines file: only its first line is read). Rejects with UnreadableInput like readLines. */
export async function readDocument(path: string): Promise<{ lines: string[]; first: number } | null> {
  let document: { lines: string[]; first: number } | null = null;
  let decided = false;
  await readLines(path, (text, line) => {
    if (document !== null) {
      document.lines.push(text);
      return;
    }
    if (decided || text.trim() === "") return;
    decided = true;
    if (!opensDocument(text)) return STOP;
    document = { lines: [text], first: line };
  });
  return document;
}
