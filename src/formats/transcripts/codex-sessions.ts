// Codex's unified exec (0.12x): a command still running when its yield time is up answers "Process running with
// session ID N", and the model polls that session with write_stdin {session_id: N} for the rest, a chunk a call,
// until one says "Process exited with code C". Each chunk is what the process wrote since the last one (Codex
// drains its buffer on every poll), each cut on its own to the call's max_output_tokens. So the pieces of one
// session are one command's result: they are joined into the call that started it, judged once, and the polls
// that carried them are dropped from the list. A poll names no command: while its session runs it is given the
// session's, so a poll that is no chunk (an error) still says which command it was about.
import type { CallStart } from "./call-log.js";
import type { TranscriptCall } from "./call.js";
import type { CodexOutput } from "./codex-output.js";
import { cutText, joinPieces, linesText, PieceGroups, type PieceGroup } from "./codex-pieces.js";

/** What a poll takes from the call that started its session. */
export type SessionCommand = Pick<CallStart, "argv" | "command" | "shell" | "cwd">;

interface Session extends PieceGroup {
  /** The exec_command call and then each poll whose output was a chunk of this session, in order. */
  pieces: TranscriptCall[];
  /** A piece said the process had exited: the model saw the end. */
  ended: boolean;
}

export class ExecSessions {
  private readonly sessions = new PieceGroups<Session>();

  /** A write_stdin call on `session`: the session's command, where its start was seen and it still runs. */
  poll(session: string): SessionCommand | undefined {
    const start = this.sessions.running(session)?.pieces[0];
    if (start === undefined) return undefined;
    const { argv, command, shell, cwd } = start;
    return { ...(argv ? { argv } : {}), ...(command !== undefined ? { command } : {}), ...(shell !== undefined ? { shell } : {}), cwd };
  }

  /** `call` is a write_stdin on `session`. */
  polled(call: TranscriptCall, session: string): void {
    this.sessions.follows(call, session);
  }

  /** `call`, a poll the user interrupted, is its session's last piece; false where it polls no session open. */
  interrupted(call: TranscriptCall): boolean {
    return this.sessions.interrupted(call);
  }

  /** `call`'s output as read: a session's start, one of its later pieces, or neither. */
  output(call: TranscriptCall, output: CodexOutput): void {
    const { follower, group: session } = this.sessions.followed(call);
    if (session !== undefined && (output.running || output.returncode !== undefined)) {
      this.sessions.add(session, call, !output.running);
      if (!output.running) session.ended = true;
    } else if (!follower && output.running && output.sessionId !== undefined) {
      this.sessions.start({ id: output.sessionId, pieces: [call], ended: false });
    }
  }

  /** `calls` with each session's pieces joined into the call that started it, and its polls taken out. */
  end(calls: TranscriptCall[]): TranscriptCall[] {
    return this.sessions.end(calls, join);
  }
}

function join(session: Session): void {
  const [start, ...polls] = session.pieces as [TranscriptCall, ...TranscriptCall[]];
  // exec_command_end, where the log has it, carries the start's call id and says how the process ended, whether
  // or not the model polled that far.
  const logged = start.returncode !== undefined ? `; the log's exec_command_end says it exited with code ${start.returncode}` : "";
  if (polls.length === 0) {
    if (logged !== "") start.unverifiable = `still running when its output was taken, and never polled${logged}`;
    return;
  }
  const last = polls[polls.length - 1]!;
  const came = `${session.pieces.length} pieces of session ${session.id} (its write_stdin ${polls.length === 1 ? "poll" : "polls"} at ${linesText(polls)})`;
  // Each piece as the model got it, before they are joined.
  const cut = joinPieces(session.pieces as [TranscriptCall, ...TranscriptCall[]]);
  if (session.interruptedAt !== undefined) {
    start.unverifiable = `interrupted by the user at its poll at line ${session.interruptedAt.line ?? "?"}: it got ${came}${logged}`;
  } else if (session.ended) {
    start.returncode = last.returncode!;
    start.unverifiable = null;
  } else {
    start.unverifiable = `still running when the model last looked: it got ${came}, none with the exit code${logged}`;
  }
  if (cut.length > 0) {
    start.clipNote = `the output came in ${came}, each cut on its own to its call's max_output_tokens: Codex cut ${cutText(cut)}`;
  }
}
