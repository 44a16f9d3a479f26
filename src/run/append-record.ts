// Appends records to a run file so that concurrent writers never interleave or tear a line.
import { closeSync, openSync, writeSync } from "node:fs";

/** A run file opened for appending before the command runs, so a bad path fails before anything executes. */
export class RunFile {
  private constructor(private readonly fd: number, readonly path: string) {}

  /** Opens (creating if needed) with O_APPEND: each record lands at the end whatever other writers do. */
  static open(path: string): RunFile {
    return new RunFile(openSync(path, "a", 0o644), path);
  }

  /** One write(2) per record: on a local file system an O_APPEND write of one buffer is never split. */
  append(line: string): void {
    const data = Buffer.from(line.endsWith("\n") ? line : `${line}\n`, "utf8");
    const written = writeSync(this.fd, data, 0, data.length);
    if (written !== data.length) {
      throw new Error(`short write to ${this.path}: ${written} of ${data.length} bytes`);
    }
  }

  close(): void {
    closeSync(this.fd);
  }
}
