// A worker thread: lints the byte ranges the main thread sends, one at a time.
import { parentPort } from "node:worker_threads";
import { lintRange, lintRangeSync, type RangeResult, type RangeTask } from "./lint-range.js";

parentPort!.on("message", (message: { task: RangeTask }) => {
  // A range of a regular file has a finite end; a pipe or device is read as a stream.
  const running = Number.isFinite(message.task.end)
    ? new Promise<RangeResult>((resolve) => resolve(lintRangeSync(message.task)))
    : lintRange(message.task);
  running.then(
    (result) => parentPort!.postMessage({ result }),
    (error: unknown) => parentPort!.postMessage({ error: (error as NodeJS.ErrnoException).code ?? String(error) }),
  );
});
