// Progress notifications for a long call, when the client sent a progressToken: one every PROGRESS_EVERY_SECONDS
// with the seconds elapsed (always rising, as MCP requires), the timeout as the total, and what is going on.
import { PROGRESS_EVERY_SECONDS } from "./limits.js";
import type { ToolContext } from "./tool.js";

/** Starts the notifications; `message` says what is going on at each. Returns the stop. */
export function reportProgress(context: ToolContext, totalSeconds: number | null, message: (elapsedSeconds: number) => string): () => void {
  const send = context.progress;
  if (send === null) return () => {};
  const started = Date.now();
  const timer = setInterval(() => {
    const elapsed = (Date.now() - started) / 1000;
    send(elapsed, totalSeconds, message(elapsed));
  }, PROGRESS_EVERY_SECONDS * 1000);
  return () => clearInterval(timer);
}
