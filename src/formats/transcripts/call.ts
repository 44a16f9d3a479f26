// What a transcript reader yields: one tool call as the transcript recorded it, nothing guessed.
import type { KeepPolicy } from "../../contract/span.js";

/** The transcript formats toolspan audit reads. */
export type TranscriptFormat = "claude-code" | "codex" | "gemini" | "openhands" | "openhands-sdk" | "swe-agent" | "mini-swe-agent";

/** One tool call and its result as a transcript holds them. Absent or null fields are what it does not say. */
export interface TranscriptCall {
  /** The harness's id for the call; null where it has none. */
  callId: string | null;
  /** The harness's name for the tool: `Bash`, `exec_command`, `execute_bash`, … */
  toolName: string;
  /** The argv, where the harness recorded one. */
  argv?: string[];
  /** The command as one string, where the harness recorded no argv. */
  command?: string;
  /** The shell the harness ran `command` with (`bash`), where it is one shell's command line. */
  shell?: string;
  /** The working directory, where the transcript names one. */
  cwd: string | null;
  /** The exit status, where the transcript records it. */
  returncode?: number;
  /** The text the model saw (stdout, or both streams merged where the harness merges them). */
  stdout: string;
  /** The stderr the model saw, where the harness keeps it apart; else "". */
  stderr: string;
  /** The line of a line-based transcript where the call was made. */
  line: number | null;
  /** The position (from 1) of the call's event or step in a whole-document transcript. */
  index: number | null;
  /** The agent said it had succeeded (or finished, or submitted) right after this result. */
  declaredSuccess: boolean;
  /** Why the transcript cannot show what the command wrote (interrupted, backgrounded, still running, no result). */
  unverifiable: string | null;
  /** The harness's own time limit killed the command: its output stops where it was killed. */
  timedOut?: boolean;
  /** How long the command ran, in milliseconds, where the harness states it (Codex's wall time, or its "timed out
   * after N milliseconds"). */
  durationMs?: number;
  /** The whole output, where the transcript keeps it besides the model's copy (SWE-agent's trajectory). */
  fullOutput?: string;
  /** The part of `fullOutput` the model's copy holds, where the copy lacks the rest. */
  keptOutput?: string;
  /** The byte count of the whole output, where the harness recorded it (Claude Code's persistedOutputSize). */
  totalBytes?: number;
  /** The bytes of the output's head the model's copy shows, where the result marks where that head ends (Claude
   * Code's persisted-output preview). */
  keptHeadBytes?: number;
  /** The lines of a search result the model got and of the whole result, where the harness recorded both but its
   * marker names only the limit (Claude Code's Grep: toolUseResult numLines and totalLines). */
  lineCounts?: { kept: number; total: number };
  /** What the harness stated of the whole output in a header the reader took off the text before the output (Codex's
   * "Total output lines: N" and "Original token count: T" above "Output:"): they join its marker's figures. */
  headerFigures?: { totalLines?: number; originalTokens?: number };
  /** Which part of `fullOutput` `keptOutput` is; the head where not said. */
  keep?: KeepPolicy;
  /** What the transcript shows about the clip beyond its marker (a second cut in the log's own copy). */
  clipNote?: string;
  /** The agent asked for only this part (a file read of the lines it named): the harness's own marker saying the
   * rest was left out reports that request, not a cap. */
  requestedPart?: string;
}

/** A record the reader skipped, and why. */
export interface TranscriptProblem {
  line: number | null;
  index: number | null;
  message: string;
}

/** Everything a reader took from one transcript. */
export interface TranscriptRead {
  format: TranscriptFormat;
  /** The harness version the transcript names, if any. */
  harnessVersion: string | null;
  /** The session id the transcript names, if any. */
  sessionId: string | null;
  calls: TranscriptCall[];
  problems: TranscriptProblem[];
  /** sha256 of the transcript as read (its lines, each with a newline, or the document's text): what tells two
   * transcripts apart whatever their file names. Absent for a read made in memory. */
  contentSha256?: string;
}

/** A reader fed one line (or one event) at a time. */
export interface TranscriptReader {
  readonly format: TranscriptFormat;
  line(text: string, line: number): void;
  end(): TranscriptRead;
}
