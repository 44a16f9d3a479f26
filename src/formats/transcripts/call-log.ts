// Pairs calls with their results in transcript order, and notes whether the agent declared success right after.
import { declaresSuccess } from "./success.js";
import type { TranscriptCall, TranscriptProblem } from "./call.js";
import { TEXT_LINE } from "./json-values.js";
import { shortened } from "../../util/code-points.js";

// A transcript full of new record types names the most frequent ones, not all.
const MAX_TYPES_NAMED = 10;

/** A call as first seen: everything but the result. */
export type CallStart = Omit<TranscriptCall, "stdout" | "stderr" | "declaredSuccess" | "unverifiable">;

/** What a result says about its call. */
export interface CallResult {
  stdout: string;
  stderr?: string;
  returncode?: number;
  unverifiable?: string | null;
  timedOut?: boolean;
  durationMs?: number;
  cwd?: string | null;
  fullOutput?: string;
  keptOutput?: string;
  totalBytes?: number;
  keptHeadBytes?: number;
  lineCounts?: { kept: number; total: number };
  headerFigures?: { totalLines?: number; originalTokens?: number };
  keep?: TranscriptCall["keep"];
  clipNote?: string;
}

export class CallLog {
  private readonly calls: TranscriptCall[] = [];
  private readonly open = new Map<string, TranscriptCall>();
  private readonly answered = new Set<TranscriptCall>();
  // Results written before their call, by the call's id, with what to say if the call never comes.
  private readonly early = new Map<string, { build: (call: TranscriptCall) => CallResult; unmatched: () => void }>();
  // Results that came in since the agent last acted: a claim of success now is about them.
  private awaitingVerdict: TranscriptCall[] = [];
  // Record types the reader does not know, with how many lines of each: said once, in one line, at the end.
  private readonly unknownTypes = new Map<string, number>();
  private firstUnknownLine: number | null = null;
  // Lines of text among the JSON lines: how many, and where the first and last are.
  private readonly textLines: { count: number; first?: number; last?: number } = { count: 0 };
  // Why a call still waiting when the run said it stopped got no result.
  private readonly stopReasons = new Map<TranscriptCall, string>();
  readonly problems: TranscriptProblem[] = [];

  /** A call the agent made; `sameTurn` where it belongs to the response the previous call did (Claude Code writes a
   * response's parallel calls a line each): the results that came in between are still awaiting the agent's word. */
  call(start: CallStart, sameTurn = false): TranscriptCall {
    const call: TranscriptCall = { ...start, stdout: "", stderr: "", declaredSuccess: false, unverifiable: null };
    this.calls.push(call);
    if (call.callId !== null && !this.open.has(call.callId)) this.open.set(call.callId, call);
    if (!sameTurn) this.awaitingVerdict = [];
    const early = call.callId === null ? undefined : this.early.get(call.callId);
    if (early) {
      this.early.delete(call.callId!);
      this.result(call.callId!, early.build);
    }
    return call;
  }

  /** Records a result; false when no call is waiting for it (the caller reports that). */
  result(callId: string, build: (call: TranscriptCall) => CallResult): boolean {
    const call = this.open.get(callId);
    if (!call) return false;
    this.open.delete(callId);
    this.resultFor(call, build(call));
    return true;
  }

  /** Records a result that may come before its call: Claude Code writes the lines of parallel calls in the order
   * they finish, so a result can precede the assistant line holding its call. One with no call by the end of the
   * transcript is told to `unmatched` then. */
  resultInAnyOrder(callId: string, build: (call: TranscriptCall) => CallResult, unmatched: () => void): void {
    if (this.result(callId, build)) return;
    if (this.early.has(callId)) return unmatched();
    this.early.set(callId, { build, unmatched });
  }

  /** Records the result of a call known without an id (the next step of a list). */
  resultFor(call: TranscriptCall, result: CallResult): void {
    // Answered, it waits no more: a later result naming its id (ids some providers reuse every turn) is another's.
    if (call.callId !== null && this.open.get(call.callId) === call) this.open.delete(call.callId);
    call.stdout = result.stdout;
    call.stderr = result.stderr ?? "";
    if (result.returncode !== undefined) call.returncode = result.returncode;
    if (result.unverifiable) call.unverifiable = result.unverifiable;
    if (result.timedOut) call.timedOut = true;
    if (result.durationMs !== undefined) call.durationMs = result.durationMs;
    if (result.cwd) call.cwd = result.cwd;
    if (result.fullOutput !== undefined) call.fullOutput = result.fullOutput;
    if (result.keptOutput !== undefined) call.keptOutput = result.keptOutput;
    if (result.totalBytes !== undefined) call.totalBytes = result.totalBytes;
    if (result.keptHeadBytes !== undefined) call.keptHeadBytes = result.keptHeadBytes;
    if (result.lineCounts !== undefined) call.lineCounts = result.lineCounts;
    if (result.headerFigures !== undefined) call.headerFigures = result.headerFigures;
    if (result.keep !== undefined) call.keep = result.keep;
    if (result.clipNote !== undefined) call.clipNote = result.clipNote;
    this.answered.add(call);
    this.awaitingVerdict.push(call);
  }

  /** What the agent wrote; a claim of success marks the results it follows. */
  assistantText(text: string): void {
    if (declaresSuccess(text)) this.declareSuccess();
  }

  /** The agent finished or submitted: the latest results were the last it looked at. */
  declareSuccess(): void {
    for (const call of this.awaitingVerdict) call.declaredSuccess = true;
  }

  problem(line: number | null, index: number | null, message: string): void {
    this.problems.push({ line, index, message });
  }

  /** A line that is not a JSON object (parseObjectLine's reason): lines of text are summed up in one problem by
   * `end`, each other kind is said at its line. */
  unparsedLine(line: number, reason: string): void {
    if (reason !== TEXT_LINE) return this.problem(line, null, `${reason}; skipped`);
    this.textLines.count++;
    this.textLines.first ??= line;
    this.textLines.last = line;
  }

  /** A line of a record type the reader does not know: counted, and summed up in one problem by `end`. `within`
   * names the known record that held it, where the unknown type is a payload's (`response_item`). */
  unknownRecord(line: number, type: unknown, within?: string): void {
    const own = typeof type === "string" ? JSON.stringify(shortened(type)) : type === undefined ? "(no type)" : `(a ${type === null ? "null" : typeof type} type)`;
    const name = within === undefined ? own : `${within} ${own}`;
    this.unknownTypes.set(name, (this.unknownTypes.get(name) ?? 0) + 1);
    this.firstUnknownLine ??= line;
  }

  /** The run stopped `calls` (Codex's turn_aborted, the calls of its turn): those still waiting for a result, if
   * none comes later, got none because of `reason`, not a torn line. */
  stopped(calls: readonly TranscriptCall[], reason: string): void {
    for (const call of calls) if (!this.answered.has(call)) this.stopReasons.set(call, reason);
  }

  /** Every call in order; a call whose result never came is unverifiable. */
  end(): TranscriptCall[] {
    for (const { unmatched } of this.early.values()) unmatched();
    this.early.clear();
    // Those told only now take their place by line (or index) among the rest; the summary stays last.
    const place = (problem: TranscriptProblem): number => problem.line ?? problem.index ?? Number.POSITIVE_INFINITY;
    this.problems.sort((a, b) => place(a) - place(b));
    for (const call of this.calls) {
      if (!this.answered.has(call)) call.unverifiable ??= this.stopReasons.get(call) ?? "no result in the transcript (a torn last line, or the run stopped)";
    }
    if (this.unknownTypes.size > 0) this.problems.push({ line: null, index: null, message: this.unknownSummary() });
    const text = this.textLines;
    if (text.count > 0) {
      const where = text.count === 1 ? `at line ${text.first}` : `the first at line ${text.first}, the last at line ${text.last}`;
      this.problems.push({ line: null, index: null, message: `${text.count} ${text.count === 1 ? "line" : "lines"} of text, not JSON (printed among the records): ${where}` });
    }
    return this.calls;
  }

  // "4 lines of unknown record types: "a" (3), "b" (1); the first at line 9", the most frequent first.
  private unknownSummary(): string {
    const counts = [...this.unknownTypes].sort((a, b) => b[1] - a[1]);
    const lines = counts.reduce((sum, [, count]) => sum + count, 0);
    const shown = counts.slice(0, MAX_TYPES_NAMED).map(([name, count]) => `${name} (${count})`);
    if (counts.length > MAX_TYPES_NAMED) shown.push(`${counts.length - MAX_TYPES_NAMED} more types`);
    const kinds = counts.length === 1 ? "an unknown record type" : "unknown record types";
    const where = lines === 1 ? `at line ${this.firstUnknownLine}` : `the first at line ${this.firstUnknownLine}`;
    return `${lines} ${lines === 1 ? "line" : "lines"} of ${kinds}: ${shown.join(", ")}; ${where}`;
  }
}
