// A whole stream written to a file as it arrives, at the pace the disk takes it: constant memory, any size.
import { createWriteStream, type WriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { writeWithBackpressure } from "../util/backpressure.js";

/** A file a rerun's stream goes into; `write` is a runTool sink (a returned promise pauses the command's pipe). */
export class StreamFile {
  private readonly out: WriteStream;
  private failure: Error | null = null;

  /** Creates `path`, which must not exist yet (a rerun never overwrites a file). */
  constructor(readonly path: string) {
    this.out = createWriteStream(path, { flags: "wx", mode: 0o600 });
    this.out.on("error", (error) => {
      this.failure ??= error;
    });
  }

  write = (chunk: Buffer): Promise<void> | undefined => (this.failure ? undefined : writeWithBackpressure(this.out, chunk));

  /** Stops writing and removes the file: what was written is not wanted (a blob past its size limit). */
  async discard(): Promise<void> {
    this.failure ??= new Error("discarded");
    this.out.destroy();
    await new Promise<void>((resolve) => (this.out.closed ? resolve() : this.out.once("close", () => resolve())));
    await rm(this.path, { force: true });
  }

  /** Settles once every byte is on disk; rejects when a write failed (a full disk must not pass for a short stream). */
  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      const settle = (): void => (this.failure ? reject(this.failure) : resolve());
      if (this.out.destroyed) settle();
      else this.out.end(settle);
    });
  }
}
