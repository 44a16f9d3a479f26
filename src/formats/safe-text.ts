// Untrusted text made safe to print: a span id, a tool name or an argv word cannot move the cursor or fake a line.

// C0 and C1 controls, DEL, the Unicode line and paragraph separators, and the bidi controls (U+061C, U+200E, U+200F,
// U+202A-U+202E, U+2066-U+2069), which reorder what is shown so `["rm","x"]` can read as something else.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
const escapeControl = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** Text with every control character written as a `\\uXXXX` escape. */
export const escapeControls = (value: string): string => value.replace(CONTROLS, escapeControl);

// The same, but for text shown as lines: a tab, a newline and the CR of a CRLF stay, so output keeps its shape;
// a lone CR (which can overwrite a line on a terminal) and every other control are escaped.
const CONTROLS_BUT_LINES = /\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/** Lines of untrusted text (a stream's bytes, a stored preview) safe for a terminal: escapes cannot run. */
export const escapeForTerminal = (value: string): string => value.replace(CONTROLS_BUT_LINES, escapeControl);

/** JSON on one line with every control character escaped inside its strings (JSON.stringify leaves C1 controls, bidi
 * controls and U+2028/2029 raw): the same value to a parser, nothing a terminal acts on. */
export const jsonText = (value: string | number | boolean | null | object): string => escapeControls(JSON.stringify(value));

/** Plain printable words as they are; anything else (spaces, quotes, controls, empty) as a JSON string. */
export const showWord = (value: string | null): string =>
  value === null ? "?" : /^[\x21-\x7e]+$/.test(value) && !value.includes('"') ? value : jsonText(value);

/** argv as a JSON array, so spaces and shell metacharacters are unambiguous. */
export const showArgv = (argv: readonly string[] | null): string => (argv === null ? "?" : `[${argv.map(jsonText).join(",")}]`);

/** A word a POSIX shell reads back as itself. */
export const shellQuote = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/** The command that re-runs the span at `file:line` without its cap (the `rerun` command). */
export const rerunCommand = (file: string, line: number): string => escapeControls(`toolspan rerun ${shellQuote(`${file}:${line}`)}`);
