// The idle limit and the stall grace wait for the command's silence. A pipe paused because toolspan's consumer is
// slow is not that: the command may be blocked writing into it. So no time with a pipe paused counts.

/** How many of the command's pipes are paused for a slow consumer; quiet timers hold while any is. */
export class PausedPipes {
  private count = 0;
  private readonly listeners = new Set<(held: boolean) => void>();

  /** Some pipe is paused now. */
  get held(): boolean {
    return this.count > 0;
  }

  pause(): void {
    if (this.count++ === 0) this.tell(true);
  }

  resume(): void {
    if (--this.count === 0) this.tell(false);
  }

  /** Calls `listener` when the first pipe pauses (true) and when the last resumes (false); returns the call that
   * stops it. */
  watch(listener: (held: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private tell(held: boolean): void {
    for (const listener of this.listeners) listener(held);
  }
}

/** A started quiet timer: `touch` is activity (the count starts again), `clear` means it never fires. */
export interface QuietTimer {
  touch(): void;
  clear(): void;
}

/** Calls `onQuiet` once, after `ms` with no `touch` and no pipe paused; the count starts again when a pause ends. */
export function quietTimer(ms: number, onQuiet: () => void, paused: PausedPipes): QuietTimer {
  let timer: NodeJS.Timeout | null = null;
  let live = true;
  const disarm = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const arm = (): void => {
    disarm();
    if (live && !paused.held) timer = setTimeout(fire, ms);
  };
  const unwatch = paused.watch((held) => (held ? disarm() : arm()));
  const clear = (): void => {
    live = false;
    disarm();
    unwatch();
  };
  const fire = (): void => {
    clear();
    onQuiet();
  };
  arm();
  return { touch: arm, clear };
}
