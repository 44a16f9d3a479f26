// Reads the command's stdout and stderr to their end, each into its sink. A sink that returns a promise pauses its
// pipe until the promise settles, so a slow consumer holds the command back instead of filling memory.
import type { Readable } from "node:stream";
import type { StreamName } from "../contract/span.js";
import { quietTimer, type PausedPipes } from "./quiet-timer.js";

/** Takes one chunk of a pipe; a returned promise pauses reading that pipe until it settles. */
export type Sink = (chunk: Buffer) => void | Promise<void>;

/** The drain of one command's pipes. */
export interface StreamDrain {
  /** Stops reading one pipe and closes it (its reader went away). */
  destroy(stream: StreamName): void;
  /** Once the command has exited: resolves false when both pipes have closed, or true when a descendant held one
   * open for `graceMs` in which no pipe was paused; both are then closed and what was read is all there is. */
  settle(graceMs: number): Promise<boolean>;
}

/** Starts reading both pipes; `onChunk` runs for every chunk, before its sink. */
export function drainStreams(
  pipes: Record<StreamName, Readable>,
  sinks: Record<StreamName, Sink>,
  paused: PausedPipes,
  onChunk: () => void,
): StreamDrain {
  let open = 2;
  let settled = false;
  let allClosed: (() => void) | null = null;

  const read = (pipe: Readable, sink: Sink): void => {
    let isOpen = true;
    const closed = (): void => {
      if (!isOpen) return;
      isOpen = false;
      if (--open === 0) allClosed?.();
    };
    pipe.on("data", (chunk: Buffer) => {
      if (settled) return;
      onChunk();
      const wait = sink(chunk);
      if (!wait) return;
      paused.pause();
      pipe.pause();
      const resume = (): void => {
        paused.resume();
        if (!settled) pipe.resume();
      };
      wait.then(resume, resume);
    });
    pipe.on("end", closed);
    pipe.on("close", closed);
    pipe.on("error", closed);
  };
  read(pipes.stdout, sinks.stdout);
  read(pipes.stderr, sinks.stderr);

  return {
    destroy: (stream) => void pipes[stream].destroy(),
    settle: (graceMs) =>
      new Promise((resolve) => {
        const end = (stalled: boolean): void => {
          settled = true;
          resolve(stalled);
        };
        if (open === 0) return end(false);
        const grace = quietTimer(
          graceMs,
          () => {
            end(true);
            pipes.stdout.destroy();
            pipes.stderr.destroy();
          },
          paused,
        );
        allClosed = () => {
          grace.clear();
          end(false);
        };
      }),
  };
}
