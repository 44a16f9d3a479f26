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
  // The marker found in the joined text is the first cut piece's: so are the figures its header stated.
  const figures = cut[0]?.headerFigures;
  if (figures !== undefined) start.headerFigures = figures;
  else delete start.headerFigures;
  // Each piece's wall time is how long Codex waited for it: together, how long the model watched the command.
  const times = pieces.map((piece) => piece.durationMs);
  if (times.every((ms) => ms !== undefined)) start.durationMs = times.reduce((sum, ms) => sum + ms, 0);
  else delete start.durationMs;
  return cut;
}

/** Which pieces were cut, for a clip's note. */
export const cutText = (cut: readonly TranscriptCall[]): string =>
  cut.length === 1 ? `the piece at ${linesText(cut)}` : `${cut.length} pieces, at ${linesText(cut)} (the figures are the first's)`;

/** A session or cell: the call that started it, then each call that carried a later piece of its output. */
export interface PieceGroup {
  id: string;
  pieces: TranscriptCall[];
  /** The poll or wait the user interrupted, which ended the model's watch of the group. */
  interruptedAt?: TranscriptCall;
}

/** The groups of one transcript, and the calls that poll or wait on them: what both readers track alike. */
export class PieceGroups<Group extends PieceGroup> {
  // The groups still running, by id: Codex frees an id when its process or cell ends, and may hand it out again.
  private readonly open = new Map<string, Group>();
  private readonly all: Group[] = [];
  private readonly followers = new Map<TranscriptCall, string>();

  /** The group `id` names, while it still runs. */
  running(id: string): Group | undefined {
    return this.open.get(id);
  }

  /** `call` polls or waits on `id`, where that group still runs. */
  follows(call: TranscriptCall, id: string): void {
    if (this.open.has(id)) this.followers.set(call, id);
  }

  /** What `call` was to the groups: whether it polled or waited on one, and that group where it still runs. */
  followed(call: TranscriptCall): { follower: boolean; group: Group | undefined } {
    const id = this.followers.get(call);
    return { follower: id !== undefined, group: id === undefined ? undefined : this.open.get(id) };
  }

  /** A group started by its first piece; one whose id still runs is not started again. */
  start(group: Group): void {
    if (this.open.has(group.id)) return;
    this.open.set(group.id, group);
    this.all.push(group);
  }

  /** `call` carried a later piece of `group`; with `ended`, the last. */
  add(group: Group, call: TranscriptCall, ended: boolean): void {
    group.pieces.push(call);
    if (ended) this.open.delete(group.id);
  }

  /** `call`, a poll or wait the user interrupted, is its group's last piece; false where it follows none running. */
  interrupted(call: TranscriptCall): boolean {
    const { group } = this.followed(call);
    if (group === undefined) return false;
    group.interruptedAt = call;
    this.add(group, call, true);
    return true;
  }

  /** `calls` with each group's pieces joined (by `join`) into the call that started it, and the calls that carried
   * the other pieces taken out. */
  end(calls: TranscriptCall[], join: (group: Group) => void): TranscriptCall[] {
    const joined = new Set<TranscriptCall>();
    for (const group of this.all) {
      join(group);
      for (const piece of group.pieces.slice(1)) joined.add(piece);
    }
    return calls.filter((call) => !joined.has(call));
  }
}
