// Untrusted text made safe to print: a span id, a tool name or an argv word cannot move the cursor or fake a line.

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const escapeControl = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** Text with every control character written as a `\\uXXXX` escape. */
export const escapeControls = (value: string): string => value.replace(CONTROLS, escapeControl);

/** A JSON string literal with every control character escaped (JSON.stringify leaves C1 controls raw). */
export const jsonText = (value: string): string => escapeControls(JSON.stringify(value));

/** Plain printable words as they are; anything else (spaces, quotes, controls, empty) as a JSON string. */
export const showWord = (value: string | null): string =>
  value === null ? "?" : /^[\x21-\x7e]+$/.test(value) && !value.includes('"') ? value : jsonText(value);

/** argv as a JSON array, so spaces and shell metacharacters are unambiguous. */
export const showArgv = (argv: readonly string[] | null): string => (argv === null ? "?" : `[${argv.map(jsonText).join(",")}]`);

/** A word a POSIX shell reads back as itself. */
export const shellQuote = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/** The command that re-runs the span at `file:line` without its cap (the `rerun` command). */
export const rerunCommand = (file: string, line: number): string => `toolspan rerun ${shellQuote(`${file}:${line}`)}`;
