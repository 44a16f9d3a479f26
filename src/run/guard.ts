// A command must not outlive a toolspan that is killed (SIGKILL cannot be caught): a tiny `sh` holds a pipe from
// toolspan and, when it closes without toolspan saying "done", stops the command's process group and leaves the
// record toolspan gave it, so a later reader can see a call that never finished.
import { spawn } from "node:child_process";

// $1: the group; $2: the run file (empty: stderr). The first line on stdin is the record (empty: none): a pipe, not
// an argument, so a long argv fits and `ps` does not show it twice. `read` returns at EOF too, which is how a dead
// toolspan is seen. The record is written before the group is stopped, which may take a second.
const SCRIPT = `IFS= read -r record
read -r word
[ "$word" = done ] && exit 0
if [ -n "$record" ]; then
  if [ -n "$2" ]; then printf '%s\\n' "$record" >> "$2"; else printf '%s\\n' "$record" >&2; fi
fi
kill -TERM -"$1" 2>/dev/null || exit 0
sleep 1
kill -KILL -"$1" 2>/dev/null
exit 0`;

/** What the guard leaves when toolspan dies first: `record` appended to `file` (null: written to stderr). */
export interface UnfinishedTrace {
  record: string;
  file: string | null;
}

/** Starts guarding the group led by `pid`; call the result once toolspan is done with the command. */
export function guardGroup(pid: number, trace: UnfinishedTrace | null): () => void {
  const guard = spawn("sh", ["-c", SCRIPT, "sh", String(pid), trace?.file ?? ""], {
    stdio: ["pipe", "ignore", "inherit"],
    // Its own session: Ctrl-C at a terminal, or a signal to toolspan's group, does not end the guard early.
    detached: true,
  });
  guard.on("error", () => {});
  guard.stdin!.on("error", () => {});
  guard.stdin!.write(`${trace?.record ?? ""}\n`);
  guard.unref();
  (guard.stdin as unknown as { unref?: () => void }).unref?.();
  return () => {
    guard.stdin!.end("done\n");
  };
}
