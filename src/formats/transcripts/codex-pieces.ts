// Codex hands the output of a command still running (a unified-exec session) or of a code-mode cell over in
// pieces, each the answer to a call of its own; both readers join them into the call that started them, this way.
import type { TranscriptCall } from "./call.js";
import { findClipMatch } from "../clip-markers.js";

// Lines named in a reason or note: a run polled thousands of times must not make a reason of any length.
const SHOWN_LINES = 6;

/** `line 4`, `lines 4, 6, 8`, or past SHOWN_LINES `lines 4, 6, 8, …, 96, 98 (50 in all)`. */
export function linesText(calls: readonly TranscriptCall[]): string {
  const lines = calls.map((call) => String(call.line ?? "?"));
  if (lines.length === 1) return `line ${lines[0]}`;
  if (lines.length <= SHOWN_LINES) return `lines ${lines.join(", ")}`;
  return `lines ${[...lines.slice(0, 3), "…", ...lines.slice(-2)].join(", ")} (${lines.length} in all)`;
}

/** Joins the pieces' texts, in order, into the first; returns the pieces Codex cut, each looked at as the model got
 * it. A claim of success after any piece is one: made before the end was seen, it is the most misleading. */
export function joinPieces(pieces: readonly [TranscriptCall, ...TranscriptCall[]]): TranscriptCall[] {
  const [start] = pieces;
  const cut = pieces.filter((piece) => findClipMatch(piece.stdout)?.marker.harness === "Codex CLI");
  start.stdout = pieces.map((piece) => piece.stdout).join("");
  start.declaredSuccess = pieces.some((piece) => piece.declaredSuccess);
  return cut;
}

/** Which pieces were cut, for a clip's note. */
export const cutText = (cut: readonly TranscriptCall[]): string =>
  cut.length === 1 ? `the piece at ${linesText(cut)}` : `${cut.length} pieces, at ${linesText(cut)} (the figures are the first's)`;

/** `calls` with each group's pieces joined (by `join`) into the call that started it, and the calls that carried
 * the other pieces taken out. */
export function withPiecesJoined<Group extends { pieces: TranscriptCall[] }>(calls: TranscriptCall[], groups: readonly Group[], join: (group: Group) => void): TranscriptCall[] {
  const joined = new Set<TranscriptCall>();
  for (const group of groups) {
    join(group);
    for (const piece of group.pieces.slice(1)) joined.add(piece);
  }
  return calls.filter((call) => !joined.has(call));
}
