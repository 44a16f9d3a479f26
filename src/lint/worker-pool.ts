// A few worker threads that lint ranges; tasks wait in a queue for a free worker.
import { Worker } from "node:worker_threads";
import type { RangeResult, RangeTask } from "./lint-range.js";

interface Pending {
  task: RangeTask;
  resolve: (result: RangeResult) => void;
  reject: (error: Error) => void;
}

export class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly queue: Pending[] = [];
  private readonly running = new Map<Worker, Pending>();
  private readonly workers: Worker[] = [];

  constructor(size: number) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(new URL("./worker.js", import.meta.url));
      worker.on("message", (message: { result?: RangeResult; error?: string }) => {
        const pending = this.running.get(worker)!;
        this.running.delete(worker);
        if (message.error !== undefined) pending.reject(Object.assign(new Error(message.error), { code: message.error }));
        else pending.resolve(message.result!);
        this.idle.push(worker);
        this.next();
      });
      worker.on("error", (error) => {
        const pending = this.running.get(worker);
        this.running.delete(worker);
        pending?.reject(error);
      });
      this.workers.push(worker);
      this.idle.push(worker);
    }
  }

  run(task: RangeTask): Promise<RangeResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ task, resolve, reject });
      this.next();
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private next(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const pending = this.queue.shift()!;
      this.running.set(worker, pending);
      worker.postMessage({ id: 0, task: pending.task });
    }
  }
}
