// toolspan's own stdout and stderr at exit.

/** Settles once everything queued on `stream` has been handed on: process.exit would drop the queue. */
export function flushed(stream: NodeJS.WriteStream): Promise<void> {
  if (stream.writableLength === 0 || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.write("", () => resolve());
    stream.once("error", () => resolve());
  });
}
