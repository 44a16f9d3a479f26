// Applies a cap and a keep policy: hands on the kept bytes in stream order, the head at once, the tail at the end.
import type { KeepPolicy } from "../contract/span.js";
import { TailWindow } from "./tail-window.js";

/** How many of the first bytes a policy keeps; the rest of the cap goes to the tail. head+tail gives the head the odd byte. */
export function headShare(cap: number | null, keep: KeepPolicy): number {
  if (cap === null) return Infinity;
  if (keep === "head") return cap;
  if (keep === "tail") return 0;
  return Math.ceil(cap / 2);
}

/** Streams the bytes a cap keeps to `emit`: head bytes as they arrive, tail bytes (held in a ring) on `end`. */
export class Keeper {
  private readonly headLimit: number;
  private readonly tail: TailWindow | null;
  private headSeen = 0;

  constructor(cap: number | null, keep: KeepPolicy, private readonly emit: (chunk: Buffer) => void) {
    this.headLimit = headShare(cap, keep);
    const tailShare = cap === null ? 0 : cap - this.headLimit;
    this.tail = tailShare > 0 ? new TailWindow(tailShare) : null;
  }

  write(chunk: Buffer): void {
    let rest = chunk;
    if (this.headSeen < this.headLimit) {
      const take = Math.min(chunk.length, this.headLimit - this.headSeen);
      this.headSeen += take;
      this.emit(take === chunk.length ? chunk : chunk.subarray(0, take));
      rest = chunk.subarray(take);
    }
    if (rest.length > 0 && this.tail) this.tail.write(rest);
  }

  end(): void {
    if (!this.tail) return;
    const tail = this.tail.contents();
    if (tail.length > 0) this.emit(tail);
  }
}
