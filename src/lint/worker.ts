// A worker thread: lints the byte ranges the main thread sends, one at a time.
import { parentPort } from "node:worker_threads";
import { lintRange, lintRangeSync, type RangeResult, type RangeTask } from "./lint-range.js";

parentPort!.on("message", (message: { id: number; task: RangeTask }) => {
  // A range of a regular file has a finite end; a pipe or device is read as a stream.
  const running = Number.isFinite(message.task.end)
    ? new Promise<RangeResult>((resolve) => resolve(lintRangeSync(message.task)))
    : lintRange(message.task);
  running.then(
    (result) => parentPort!.postMessage({ id: message.id, result }),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: (error as NodeJS.ErrnoException).code ?? String(error) }),
  );
});
