// Codex's unified exec (0.12x): a command still running when its yield time is up answers "Process running with
// session ID N", and the model polls that session with write_stdin {session_id: N} for the rest, a chunk a call,
// until one says "Process exited with code C". A poll names no command: it is given its session's, so a clipped
// chunk says which command it came from; a running chunk whose session was polled later says where the rest went.
import type { CallStart } from "./call-log.js";
import type { TranscriptCall } from "./call.js";

/** What a poll takes from the call that started its session. */
export type SessionCommand = Pick<CallStart, "argv" | "command" | "shell" | "cwd">;

export class ExecSessions {
  private readonly commands = new Map<string, SessionCommand>();
  private readonly running: { call: TranscriptCall; session: string }[] = [];
  private readonly lastPoll = new Map<string, number>();

  /** `call`'s result says its process still runs on `session`; the first such call started the session. */
  stillRunning(call: TranscriptCall, session: string): void {
    if (!this.commands.has(session)) {
      const { argv, command, shell, cwd } = call;
      this.commands.set(session, { ...(argv ? { argv } : {}), ...(command !== undefined ? { command } : {}), ...(shell !== undefined ? { shell } : {}), cwd });
    }
    this.running.push({ call, session });
  }

  /** A write_stdin call on `session` at `line`: the session's command, where its start was seen. */
  poll(session: string, line: number): SessionCommand | undefined {
    this.lastPoll.set(session, line);
    return this.commands.get(session);
  }

  /** Says, for each running chunk whose session was polled after it, where the rest of its output went. */
  end(): void {
    for (const { call, session } of this.running) {
      const last = this.lastPoll.get(session);
      if (last === undefined || call.line === null || last <= call.line || call.unverifiable === null) continue;
      call.unverifiable = `still running when its output was taken: the rest came in write_stdin polls of session ${session} (the last at line ${last})`;
    }
  }
}
