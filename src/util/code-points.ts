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

/** `text` cut to its first `limit` code points with an ellipsis after, where it is longer: a value of the input
 * named in a message (a record type, a key, a reason), which must not make a line of any length. */
export function shortened(text: string, limit = 40): string {
  const cut = firstCodePoints(text, limit);
  return cut.length < text.length ? `${cut}…` : text;
}
