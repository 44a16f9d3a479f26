// Span files are JSON Lines, but an OTLP example (`trace.json`) or an indented record is one JSON document over
// many lines. Such a document opens with a line holding only "{", which no JSON Lines record does.

/** True for the first non-blank line of a pretty-printed JSON document. */
export const opensDocument = (line: string): boolean => line.trim() === "{";
