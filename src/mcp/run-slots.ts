// The server-wide limit on commands running at once: a call past it waits for a free slot, in order, and a call
// cancelled while it waits leaves the queue without ever running.

/** A counting semaphore whose waits can be aborted. */
export class RunSlots {
  private used = 0;
  private readonly waiting: { take: () => void; signal: AbortSignal; abandon: () => void }[] = [];

  constructor(readonly size: number) {}

  /** Commands running now. */
  get running(): number {
    return this.used;
  }

  /** Calls waiting for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Resolves with the release of a slot once one is free; rejects with the signal's reason if it aborts first. */
  acquire(signal: AbortSignal): Promise<() => void> {
    if (signal.aborted) return Promise.reject(signal.reason);
    const release = (): void => {
      this.used--;
      this.next();
    };
    if (this.used < this.size) {
      this.used++;
      return Promise.resolve(once(release));
    }
    return new Promise((resolve, reject) => {
      const entry = {
        signal,
        take: () => {
          signal.removeEventListener("abort", entry.abandon);
          this.used++;
          resolve(once(release));
        },
        abandon: () => {
          const at = this.waiting.indexOf(entry);
          if (at !== -1) this.waiting.splice(at, 1);
          reject(signal.reason);
        },
      };
      signal.addEventListener("abort", entry.abandon, { once: true });
      this.waiting.push(entry);
    });
  }

  private next(): void {
    if (this.used < this.size) this.waiting.shift()?.take();
  }
}

// A release that counts once however often it is called.
function once(release: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    release();
  };
}
