// The known name a mistyped one was most likely meant to be, for messages like `did you mean "redact"?`.

// Edits from one name to the other: insertions, deletions, substitutions, and swaps of neighbours (optimal string
// alignment), so `redcat` is one edit from `redact`.
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** The name in `known` that `name` is likeliest a slip for: the fewest edits, when they are few for its length (a
 * third of it, one at least), or a known name it begins (`timeout` for `timeoutSeconds`); null when none is near.
 * Letter case does not count as an edit. */
export function nearestName(name: string, known: readonly string[]): string | null {
  const lower = name.toLowerCase();
  let best: { name: string; edits: number } | null = null;
  for (const candidate of known) {
    const edits = editDistance(lower, candidate.toLowerCase());
    if (best === null || edits < best.edits) best = { name: candidate, edits };
  }
  if (best !== null && best.edits <= Math.max(1, Math.floor(name.length / 3))) return best.name;
  if (lower.length < 3) return null;
  return known.find((candidate) => candidate.toLowerCase().startsWith(lower)) ?? null;
}
