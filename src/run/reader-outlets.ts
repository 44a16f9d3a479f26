// wrap's own stdout and stderr as the readers of the kept bytes: what each took, and which went away first.
import { spawn } from "node:child_process";
import { fstatSync } from "node:fs";
import type { StreamName } from "../contract/span.js";
import { waitForDrain } from "../util/backpressure.js";

/** What runTool needs to know of the readers its kept bytes go to (RunToolOptions.readers). */
export interface ReaderWatch {
  /** Settles with the first stream whose reader went away (EPIPE or any write error); never, if none does. */
  gone: Promise<StreamName>;
  /** Kept bytes written into `stream` without error so far. */
  delivered(stream: StreamName): number;
  /** Settles once every write handed on so far has completed or failed, so a reader that went away while the
   * last bytes were written is known before the span is built. */
  flushed(): Promise<void>;
}

type Writable = NodeJS.WritableStream & { destroyed?: boolean; write(data: Buffer, callback: (error?: Error | null) => void): boolean };

// One reader: counts the bytes its writes completed, and stops writing once it has gone.
class Outlet {
  delivered = 0;
  gone = false;
  private pending = 0;
  private idle: (() => void)[] = [];

  constructor(private readonly stream: Writable, onGone: () => void) {
    stream.on("error", () => this.leave(onGone));
  }

  /** The reader is gone: nothing more is written to it. */
  leave(onGone: () => void): void {
    if (this.gone) return;
    this.gone = true;
    onGone();
  }

  write(chunk: Buffer): Promise<void> | undefined {
    if (this.gone || this.stream.destroyed) return undefined;
    this.pending++;
    const written = this.stream.write(chunk, (error) => {
      if (!error) this.delivered += chunk.length;
      if (--this.pending === 0) for (const resolve of this.idle.splice(0)) resolve();
    });
    return written ? undefined : waitForDrain(this.stream);
  }

  flushed(): Promise<void> {
    return this.pending === 0 ? Promise.resolve() : new Promise((resolve) => this.idle.push(resolve));
  }
}

// Node cannot poll a write-only pipe, so a reader that leaves while nothing is being written (past the cap, in
// `wrap -- yes | head -1`) would go unseen. Perl can: the write end of a pipe polls POLLERR once no reader is left
// (a socket's, POLLHUP). The probe holds only write ends, and leaves when toolspan's pipe to it closes, so it never
// keeps a reader waiting for EOF after toolspan has gone. Exit 3: stdout's reader left; 4: stderr's.
const PROBE = `use IO::Poll qw(POLLIN POLLERR); my $p = IO::Poll->new; $p->mask(\\*STDIN => POLLIN);
$p->mask(\\*STDOUT => POLLERR) if $ARGV[0]; $p->mask(\\*STDERR => POLLERR) if $ARGV[1];
1 until $p->poll > 0; exit 3 if $p->events(\\*STDOUT); exit 4 if $p->events(\\*STDERR); exit 0;`;

const isPipe = (fd: number): boolean => {
  try {
    const stat = fstatSync(fd);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
};

// Starts the probe on whichever of fds 1 and 2 is a pipe or socket; without perl, a reader is seen leaving at the
// next write only. Returns the call that stops it.
function probeReaders(fds: Record<StreamName, number>, onGone: (stream: StreamName) => void): () => void {
  const watched = { stdout: isPipe(fds.stdout), stderr: isPipe(fds.stderr) };
  if (!watched.stdout && !watched.stderr) return () => {};
  const probe = spawn("perl", ["-e", PROBE, watched.stdout ? "1" : "", watched.stderr ? "1" : ""], {
    stdio: ["pipe", fds.stdout, fds.stderr],
  });
  probe.on("error", () => {});
  probe.on("exit", (code) => {
    if (code === 3) onGone("stdout");
    if (code === 4) onGone("stderr");
  });
  probe.unref();
  (probe.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return () => {
    probe.removeAllListeners("exit");
    probe.kill();
  };
}

/** Outlets for wrap's pass-through: `write` for each stream, and the watch runTool reads. */
export function readerOutlets(
  streams: Record<StreamName, Writable>,
  fds: Record<StreamName, number> | null,
): {
  write: Record<StreamName, (chunk: Buffer) => Promise<void> | undefined>;
  watch: ReaderWatch;
  close: () => void;
} {
  let announce: (stream: StreamName) => void = () => {};
  const gone = new Promise<StreamName>((resolve) => (announce = resolve));
  const stdout = new Outlet(streams.stdout, () => announce("stdout"));
  const stderr = new Outlet(streams.stderr, () => announce("stderr"));
  const outlets = { stdout, stderr };
  const close = fds ? probeReaders(fds, (stream) => outlets[stream].leave(() => announce(stream))) : () => {};
  return {
    close,
    write: { stdout: (chunk) => stdout.write(chunk), stderr: (chunk) => stderr.write(chunk) },
    watch: {
      gone,
      delivered: (stream) => outlets[stream].delivered,
      flushed: () => Promise.all([stdout.flushed(), stderr.flushed()]).then(() => {}),
    },
  };
}
