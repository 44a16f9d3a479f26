// Writing to a stream whose reader may be slow or gone, without queueing without bound.

type Stream = NodeJS.WritableStream & { destroyed?: boolean };

/** Settles once `stream` drains, errors or closes: a reader that is gone does not hold the writer forever. */
export function waitForDrain(stream: Stream): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      stream.off("drain", done).off("error", done).off("close", done);
      resolve();
    };
    stream.on("drain", done).on("error", done).on("close", done);
  });
}

/** Writes `data`; when the stream's queue is full, the returned promise settles once it drains (or the
 * reader is gone), so a caller can stop producing instead of queueing without bound. */
export function writeWithBackpressure(stream: Stream, data: Buffer | string): Promise<void> | undefined {
  if (stream.write(data) || stream.destroyed) return undefined;
  return waitForDrain(stream);
}
