// Cutting text by characters as a reader counts them: a surrogate pair is one character, never split.

/** The first `limit` code points of `text`, never splitting a surrogate pair. */
export function firstCodePoints(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let units = 0;
  for (let count = 0; count < limit && units < text.length; count++) {
    const code = text.charCodeAt(units);
    units += code >= 0xd800 && code <= 0xdbff && units + 1 < text.length ? 2 : 1;
  }
  return text.slice(0, units);
}
