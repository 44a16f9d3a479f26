// Writing to a stream whose reader may be slow or gone, without queueing without bound.

/** Writes `data`; when the stream's queue is full, the returned promise settles once it drains (or the
 * reader is gone), so a caller can stop producing instead of queueing without bound. */
export function writeWithBackpressure(stream: NodeJS.WritableStream & { destroyed?: boolean }, data: Buffer | string): Promise<void> | undefined {
  if (stream.write(data) || stream.destroyed) return undefined;
  return new Promise((resolve) => {
    const done = (): void => {
      stream.off("drain", done).off("error", done).off("close", done);
      resolve();
    };
    stream.on("drain", done).on("error", done).on("close", done);
  });
}
