// A worker thread: lints the byte ranges the main thread sends, one at a time.
import { parentPort } from "node:worker_threads";
import { lintRange, type RangeTask } from "./lint-range.js";

parentPort!.on("message", (message: { id: number; task: RangeTask }) => {
  lintRange(message.task).then(
    (result) => parentPort!.postMessage({ id: message.id, result }),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: (error as NodeJS.ErrnoException).code ?? String(error) }),
  );
});
