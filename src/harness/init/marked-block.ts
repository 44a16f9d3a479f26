// A block of lines toolspan owns in a file it does not parse (Codex CLI's config.toml): it goes in between two comment
// lines, appended after a blank line, and comes out as exactly that block, leaving every other byte where it was.

/** Find, take out and put back one marked block. */
export interface MarkedBlock {
  /** The block as it is in `text` (with the blank line it was appended after), or null. */
  find(text: string): string | null;
  /** `text` without the block, the blank line it was appended after gone with it. */
  without(text: string): string;
  /** `text` (that holds no block) with `block` appended after a blank line. */
  append(text: string, block: string): string;
}

/** The block between the lines `begin` and `end`. */
export function markedBlock(begin: string, end: string): MarkedBlock {
  const escape = (line: string): string => line.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`\\n?${escape(begin)}\\n[^]*?${escape(end)}\\n?`);
  return {
    find: (text) => pattern.exec(text)?.[0] ?? null,
    // The block goes with the blank line it was appended after, so a block between two others leaves one blank line.
    without: (text) => text.replace(pattern, ""),
    append: (text, block) => `${text}${text === "" ? "" : text.endsWith("\n") ? "\n" : "\n\n"}${block}`,
  };
}
