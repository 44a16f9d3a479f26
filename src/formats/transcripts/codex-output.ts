// The text of a Codex function_call_output as the model got it, and what its header says about the process.
// Shapes, oldest first: a JSON string {output, metadata: {exit_code, duration_seconds}} (0.77); a text with
// "Exit code: N" / "Wall time" / "Output:"; a text with "Chunk ID" / "Wall time" / "Process exited with code N"
// / "Original token count: T" / "Output:" (0.12x unified exec; 0.116 to 0.118 put "Command: …" above it); an object
// or list of {type: input_text, text}.
import { contentText, integerOr, isObject, parseObject } from "./json-values.js";

export interface CodexOutput {
  text: string;
  returncode?: number;
  /** The process was still running when the output was taken. */
  running: boolean;
  /** The session a running process can be polled on (write_stdin's session_id). */
  sessionId?: string;
  /** Codex killed the command at its time limit after this many milliseconds: the text opens with its line. */
  timedOutMs?: number;
  /** How long Codex says the command ran (or, for a piece of a running one, waited for it), in milliseconds: its
   * "Wall time: S seconds" line or the JSON's metadata.duration_seconds. */
  wallTimeMs?: number;
  /** What its header states of the whole output: "Total output lines: N" (0.119 and 0.142's shell_command) and
   * "Original token count: T" (unified exec), above "Output:". */
  figures?: { totalLines?: number; originalTokens?: number };
}

const HEADER = /^(?:Chunk ID: |Wall time: |Original token count: |Total output lines: |Process exited with code |Exit code: |Process running with session ID )/;
const EXITED = /^(?:Process exited with code |Exit code: )(-?\d{1,4})$/;
const RUNNING = /^Process running with session ID (\d{1,12})$/;
const WALL_TIME = /^Wall time: (\d{1,9}(?:\.\d{1,9})?) seconds$/;
const TOTAL_LINES = /^Total output lines: (\d{1,12})$/;
const ORIGINAL_TOKENS = /^Original token count: (\d{1,12})$/;

// Seconds as whole milliseconds, where they are a finite count.
const secondsToMs = (seconds: unknown): number | undefined =>
  typeof seconds === "number" && Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : undefined;

// Codex's line above the output of a command it killed at its time limit (the call's timeout_ms), in every shape:
// codex-rs core/src/tools (format_exec_output_str, build_content_with_timeout, shell_command_model_text), read
// with find_string across versions; real 0.122 to 0.142 rollouts hold it after "Exit code: 124".
// The shell tool's JSON output (0.121) puts its line count above it.
const TIMED_OUT = /^(?:Total output lines: \d{1,12}\n\n)?command timed out after (\d{1,12}) milliseconds(?:\n|$)/;

/** Reads one `output` value. */
export function parseCodexOutput(output: unknown): CodexOutput {
  const parsed = parseShape(output);
  const timedOut = TIMED_OUT.exec(parsed.text);
  if (timedOut) parsed.timedOutMs = Number(timedOut[1]);
  return parsed;
}

function parseShape(output: unknown): CodexOutput {
  if (typeof output !== "string") return { text: contentText(output), running: false };
  if (output.startsWith("{")) {
    const structured = parseStructured(output);
    if (structured) return structured;
  }
  return parseHeaderText(output);
}

function parseStructured(output: string): CodexOutput | null {
  const value = parseObject(output);
  if (value === null || typeof value.output !== "string") return null;
  const metadata = isObject(value.metadata) ? value.metadata : {};
  const returncode = integerOr(metadata.exit_code);
  const wallTimeMs = secondsToMs(metadata.duration_seconds);
  return { text: value.output, ...(returncode !== undefined ? { returncode } : {}), running: false, ...(wallTimeMs !== undefined ? { wallTimeMs } : {}) };
}

// 0.116 to 0.118 open the unified-exec header with the command line Codex ran, which may span lines (a heredoc,
// which may itself hold a "Chunk ID: " line): the header proper starts at the Chunk ID line from which it reads
// through to "Output:".
const COMMAND_LINE = "Command: ";
const CHUNK_LINE = "\nChunk ID: ";
// Chunk ID lines tried before the command line is taken for the output's own text.
const CHUNK_TRIES = 64;

function parseHeaderText(output: string): CodexOutput {
  if (!output.startsWith(COMMAND_LINE)) return readHeader(output, 0).result;
  let chunk = output.indexOf(CHUNK_LINE);
  for (let tries = 0; chunk !== -1 && tries < CHUNK_TRIES; tries++) {
    const header = readHeader(output, chunk + 1);
    if (header.complete) return header.result;
    chunk = output.indexOf(CHUNK_LINE, chunk + 1);
  }
  return { text: output, running: false };
}

/** The header's lines from `from`: complete when they end at "Output:", the text after it then the output. */
function readHeader(output: string, from: number): { result: CodexOutput; complete: boolean } {
  const result: CodexOutput = { text: output, running: false };
  let offset = from;
  // The header is a handful of short lines; anything else ends it, so an output that merely starts with
  // "Exit code" further down is left alone.
  for (let lines = 0; lines < 8 && offset < output.length; lines++) {
    const end = output.indexOf("\n", offset);
    const line = output.slice(offset, end === -1 ? output.length : end);
    const next = end === -1 ? output.length : end + 1;
    if (line === "Output:") {
      result.text = output.slice(next);
      return { result, complete: true };
    }
    if (!HEADER.test(line)) break;
    const exited = EXITED.exec(line);
    if (exited) result.returncode = Number(exited[1]);
    const wall = WALL_TIME.exec(line);
    if (wall) result.wallTimeMs = secondsToMs(Number(wall[1]))!;
    const lines = TOTAL_LINES.exec(line)?.[1];
    if (lines !== undefined) (result.figures ??= {}).totalLines = Number(lines);
    const tokens = ORIGINAL_TOKENS.exec(line)?.[1];
    if (tokens !== undefined) (result.figures ??= {}).originalTokens = Number(tokens);
    // Running whatever its id says; only a number is a session a poll can name.
    if (line.startsWith("Process running with session ID ")) result.running = true;
    const session = RUNNING.exec(line)?.[1];
    if (session !== undefined) result.sessionId = session;
    offset = next;
  }
  return { result, complete: false };
}
