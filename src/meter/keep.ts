// Applies a cap and a keep policy: hands on the kept bytes in stream order, the head at once, the tail at the end.
import type { KeepPolicy } from "../contract/span.js";
import { PrefixWindow } from "./prefix-window.js";
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

/** What a deferred keep settles on once the stream has ended: the cap and which part of the stream it keeps. */
export interface SettledKeep {
  cap: number;
  keep: KeepPolicy;
}

/** Holds the first and last `maxCap` bytes, so any cap up to `maxCap` and any policy can be applied after the stream
 * has ended (a harness whose own cap depends on the exit status). Memory is bounded by 2 × `maxCap`. */
export class DeferredKeeper {
  private readonly head: PrefixWindow;
  private readonly tail: TailWindow;
  private seen = 0;

  constructor(readonly maxCap: number) {
    this.head = new PrefixWindow(maxCap);
    this.tail = new TailWindow(maxCap);
  }

  write(chunk: Buffer): void {
    this.seen += chunk.length;
    if (!this.head.full) this.head.write(chunk);
    this.tail.write(chunk);
  }

  /** The kept bytes under `settled`, in stream order: the whole stream when it fits the cap. */
  kept(settled: SettledKeep): Buffer[] {
    if (settled.cap > this.maxCap) throw new RangeError(`DeferredKeeper: cap ${settled.cap} is over maxCap ${this.maxCap}`);
    if (this.seen <= settled.cap) return [this.head.contents()];
    const headBytes = headShare(settled.cap, settled.keep);
    const tail = this.tail.contents();
    return [this.head.contents().subarray(0, headBytes), tail.subarray(tail.length - (settled.cap - headBytes))];
  }
}
