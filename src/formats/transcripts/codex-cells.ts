// Codex's code mode (0.14x): the model's one tool is `exec`, a custom_tool_call whose input is JavaScript that calls
// the other tools (`tools.exec_command({...})`, `tools.apply_patch(...)`); a cell still running when its yield time
// is up answers "Script running with cell ID N", and the model polls it with `wait {cell_id: "N"}` until one answer
// says the script ended. Read in openai/codex at 066f172cd6de495afd33edad630c3cf882f0aed8,
// codex-rs/core/src/tools/code_mode/mod.rs (format_script_status, prepend_script_status: each answer's first
// content item is "<status>\nWall time <s> seconds\nOutput:\n", the status "Script running with cell ID N",
// "Script completed", "Script failed" (a script error, its text in a later item) or "Script terminated" (a wait
// with terminate); truncate_code_mode_result cuts each answer on its own to its call's max_output_tokens or
// max_tokens) and wait_handler.rs (the wait's {cell_id, yield_time_ms, max_tokens, terminate}; a wait on a cell
// already gone answers "exec cell N not found"), and at 01c66cc07abb883747b57e969b2530745890a774,
// codex-rs/code-mode/src/cell_actor/mod.rs (each answer takes the content items written since the last one:
// std::mem::take). So a cell's answers are consecutive parts of one output, joined into the exec call that
// started it, judged once, the waits that carried them dropped, as codex-sessions.ts does for unified exec.
import type { TranscriptCall } from "./call.js";
import { cutText, joinPieces, linesText, PieceGroups, type PieceGroup } from "./codex-pieces.js";
import { isObject, parseObject, stringOr } from "./json-values.js";

/** How an answer says the script stands. */
export type CellStatus = "running" | "completed" | "failed" | "terminated";

/** One exec or wait answer as read: its status line taken off. */
export interface CellOutput {
  status: CellStatus;
  /** The cell a wait can name, where the script still runs. */
  cellId?: string;
  /** The text items after the header, joined with nothing between: each is what one `text(...)` call in the
   * script wrote, so together they are the script's output, byte for byte. */
  text: string;
}

const HEADER = /^(?:Script running with cell ID (\S{1,256})|Script (completed|failed|terminated))\nWall time \d{1,12}(?:\.\d{1,6})? seconds\nOutput:\n/;
// The first line of a script shown where it names no exec_command: at most this many characters.
const MAX_FIRST_LINE = 200;

/** Reads one custom_tool_call_output / function_call_output value; null where it has no code-mode header. */
export function parseCellOutput(output: unknown): CellOutput | null {
  const texts = typeof output === "string" ? [output] : Array.isArray(output) ? output.map((part) => (isObject(part) ? (stringOr(part.text) ?? "") : "")) : null;
  if (texts === null || texts.length === 0) return null;
  const header = HEADER.exec(texts[0]!);
  if (header === null) return null;
  const body = [texts[0]!.slice(header[0].length), ...texts.slice(1)];
  const status = header[1] !== undefined ? "running" : (header[2] as CellStatus);
  return { status, ...(header[1] !== undefined ? { cellId: header[1] } : {}), text: body.join("") };
}

/** What an exec call's script is shown as: the `cmd` of each `tools.exec_command({...})` it passes a JSON object
 * literal, one a line, else its first line. Never a shell command line: the script is JavaScript. */
export function cellCommand(script: string): string {
  const commands = execCommands(script);
  if (commands.length > 0) return commands.join("\n");
  const line = script.split("\n").find((text) => text.trim() !== "")?.trim() ?? "";
  return line.length > MAX_FIRST_LINE ? `${line.slice(0, MAX_FIRST_LINE - 1)}…` : line;
}

// A literal is read at most this far, and this many commands named: a hostile script of unclosed literals would
// otherwise cost a scan to its end for each call (quadratic), and make a line of any length.
const MAX_LITERAL_CHARS = 65_536;
const MAX_COMMANDS = 20;

function execCommands(script: string): string[] {
  const found: string[] = [];
  const call = /tools\.exec_command\(\s*/g;
  for (let match = call.exec(script); match !== null && found.length < MAX_COMMANDS; match = call.exec(script)) {
    const literal = objectLiteral(script, match.index + match[0].length);
    const args = literal === null ? null : parseObject(literal);
    const cmd = args === null ? null : stringOr(args.cmd);
    if (cmd !== null) found.push(cmd);
  }
  return found;
}

// The JSON-shaped object literal starting at `start` ({ to its matching }, strings skipped), or null.
function objectLiteral(text: string, start: number): string | null {
  if (text[start] !== "{") return null;
  let depth = 0;
  let quoted = false;
  const end = Math.min(text.length, start + MAX_LITERAL_CHARS);
  for (let at = start; at < end; at++) {
    const char = text[at];
    if (quoted) {
      if (char === "\\") at++;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return text.slice(start, at + 1);
  }
  return null;
}

interface Cell extends PieceGroup {
  /** The exec call and then each wait whose answer was a part of this cell's output, in order. */
  pieces: TranscriptCall[];
  /** How the last piece said the script ended; null while none did. */
  ended: Exclude<CellStatus, "running"> | null;
}

export class CodeCells {
  private readonly cells = new PieceGroups<Cell>();

  /** The command of the exec call that started `cell`, where it still runs: what a wait on it is about. */
  command(cell: string): string | undefined {
    return this.cells.running(cell)?.pieces[0]!.command;
  }

  /** `call` is a wait on `cell`. */
  waited(call: TranscriptCall, cell: string): void {
    this.cells.follows(call, cell);
  }

  /** `call`, a wait the user interrupted, is its cell's last piece; false where it waits on no cell open. */
  interrupted(call: TranscriptCall): boolean {
    return this.cells.interrupted(call);
  }

  /** `call`'s answer as read: a cell's start, one of its later pieces, or neither. */
  output(call: TranscriptCall, output: CellOutput): void {
    const { follower, group: cell } = this.cells.followed(call);
    if (cell !== undefined) {
      // A wait on a cell that is gone is an error of its own, no part of the output.
      if (output.status === "failed" && output.text === `Script error:\nexec cell ${cell.id} not found`) return;
      this.cells.add(cell, call, output.status !== "running");
      if (output.status !== "running") cell.ended = output.status;
    } else if (!follower && call.toolName === "exec" && output.cellId !== undefined) {
      this.cells.start({ id: output.cellId, pieces: [call], ended: null });
    }
  }

  /** `calls` with each cell's pieces joined into the exec call that started it, and its waits taken out. */
  end(calls: TranscriptCall[]): TranscriptCall[] {
    return this.cells.end(calls, join);
  }
}

function join(cell: Cell): void {
  const [start, ...waits] = cell.pieces as [TranscriptCall, ...TranscriptCall[]];
  if (waits.length === 0) {
    start.unverifiable = `still running when its output was taken (cell ${cell.id}), and never waited on`;
    return;
  }
  const last = waits[waits.length - 1]!;
  const came = `${cell.pieces.length} pieces of cell ${cell.id} (its wait ${waits.length === 1 ? "call" : "calls"} at ${linesText(waits)})`;
  // Each piece is cut on its own: the marker is looked for in each as the model got it, before they are joined.
  const cut = joinPieces(cell.pieces as [TranscriptCall, ...TranscriptCall[]]);
  if (cell.interruptedAt !== undefined) start.unverifiable = `interrupted by the user at its wait at line ${cell.interruptedAt.line ?? "?"}: it got ${came}`;
  else if (cell.ended === "completed" || cell.ended === "failed") start.unverifiable = null;
  else if (cell.ended === "terminated") start.unverifiable = `terminated by its wait at line ${last.line ?? "?"} before the script ended: it got ${came}`;
  else start.unverifiable = `still running when the model last looked: it got ${came}, none saying the script completed`;
  if (cut.length > 0) {
    start.clipNote = `the output came in ${came}, each cut on its own to its call's max_output_tokens or max_tokens: Codex cut ${cutText(cut)}`;
  }
}
