// A count and its noun for the summary lines of lint, triage, report, debug and audit: "1 span", "3 spans".

/** A count with thousands separators, `20,441`: the report's figures, which run to millions of bytes. */
export const grouped = (value: number): string => value.toLocaleString("en-US");

/** `count` and `word`, with an "s" unless the count is one; `figure` writes the count (`grouped` for the report). */
export const plural = (count: number, word: string, figure: (count: number) => string = String): string =>
  `${figure(count)} ${word}${count === 1 ? "" : "s"}`;
