// A count and its noun for the summary lines of lint, triage and audit: "1 span", "3 spans".

export const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? "" : "s"}`;
