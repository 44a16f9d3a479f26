// Appends records to a run file so that concurrent writers never interleave or tear a line.
import { closeSync, fstatSync, ftruncateSync, openSync, readSync, writeSync } from "node:fs";
import { ToolspanError } from "../util/errors.js";

/** A record that could not be appended; the file was left as it was. */
export class AppendFailed extends ToolspanError {
  constructor(readonly path: string, readonly code: string) {
    super(`${path}: cannot append (${code}); the file is left as it was`);
  }
}

// How long a last line that does not end must stay as it is before it counts as torn by a writer that died. Another
// writer's write(2) in progress shows as such a line too: the file grows a page at a time while it copies, and
// fstat and pread do not wait for it. A live write changes the size within microseconds; a dead writer's never.
// (Taking a live write for a torn line costs an empty line; taking a torn line for a live one would glue the record
// to it, so a line that is still torn at the limit is ended.)
const SETTLED_MS = 50;
const SETTLE_LIMIT_MS = 1000;
const pause = new Int32Array(new SharedArrayBuffer(4));

/** A run file opened for appending before the command runs, so a bad path fails before anything executes. */
export class RunFile {
  private constructor(private readonly fd: number, readonly path: string) {}

  /** Opens (creating if needed) with O_APPEND: each record lands at the end whatever other writers do. */
  static open(path: string): RunFile {
    // Read access too, to see a torn last line; a file we may only write to is still appended to.
    try {
      return new RunFile(openSync(path, "a+", 0o644), path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EACCES") throw error;
      return new RunFile(openSync(path, "a", 0o644), path);
    }
  }

  /** One write(2) per record: on a local file system an O_APPEND write of one buffer is never split. A write that
   * fails part-way (a full file system) is cut off again, so no torn line is left for the next record to be glued
   * to; the AppendFailed it throws says so. */
  append(line: string): void {
    const record = line.endsWith("\n") ? line : `${line}\n`;
    // A line torn by an older writer is ended first, so this record still starts a line of its own.
    const data = Buffer.from(this.endsTorn() ? `\n${record}` : record, "utf8");
    let written: number;
    try {
      written = writeSync(this.fd, data, 0, data.length);
    } catch (error) {
      throw new AppendFailed(this.path, (error as NodeJS.ErrnoException).code ?? "EIO");
    }
    if (written === data.length) return;
    // With O_APPEND the short write is the file's last `written` bytes (unless another writer got in after it).
    try {
      ftruncateSync(this.fd, fstatSync(this.fd).size - written);
    } catch {
      // The cut failed too: the error below still stands, and says what was asked.
    }
    throw new AppendFailed(this.path, `short write, ${written} of ${data.length} bytes: is the file system full?`);
  }

  // Whether the file's last line was left unended by a writer that died (not one still writing).
  private endsTorn(): boolean {
    let seen = this.tail();
    if (seen === null || !seen.torn) return false;
    const started = Date.now();
    let changed = started;
    while (Date.now() - changed < SETTLED_MS && Date.now() - started < SETTLE_LIMIT_MS) {
      Atomics.wait(pause, 0, 0, 1);
      const now = this.tail();
      if (now === null || !now.torn) return false;
      if (now.size !== seen.size) [seen, changed] = [now, Date.now()];
    }
    return true;
  }

  // The file's size and whether its last byte ends a line; null when it cannot be read (opened write-only).
  private tail(): { size: number; torn: boolean } | null {
    try {
      const size = fstatSync(this.fd).size;
      if (size === 0) return { size, torn: false };
      const last = Buffer.alloc(1);
      return { size, torn: readSync(this.fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a };
    } catch {
      return null;
    }
  }

  close(): void {
    closeSync(this.fd);
  }
}
