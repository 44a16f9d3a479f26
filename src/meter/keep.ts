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

/** Streams the bytes a cap keeps to `emit`: head bytes as they arrive, tail bytes (held in a ring) on `end`. With a
 * `reserve`, the last head bytes that a trailer of up to `reserve` bytes would displace are held back too, so that a
 * clipped stream's kept bytes and its trailer (a clip marker) fit within the cap together. */
export class Keeper {
  private readonly headLimit: number;
  private readonly heldLimit: number;
  private readonly tail: TailWindow | null;
  private readonly held: Buffer[] = [];
  private headSeen = 0;
  private seen = 0;

  constructor(
    private readonly cap: number | null,
    private readonly keep: KeepPolicy,
    private readonly emit: (chunk: Buffer) => void,
    reserve = 0,
  ) {
    this.headLimit = headShare(cap, keep);
    const tailShare = cap === null ? 0 : cap - this.headLimit;
    this.tail = tailShare > 0 ? new TailWindow(tailShare) : null;
    // The head bytes a trailer of `reserve` bytes would take the place of: the head's share shrinks with the cap.
    this.heldLimit = cap === null || reserve === 0 ? 0 : this.headLimit - headShare(Math.max(0, cap - reserve), keep);
  }

  write(chunk: Buffer): void {
    this.seen += chunk.length;
    let rest = chunk;
    if (this.headSeen < this.headLimit) {
      const take = Math.min(chunk.length, this.headLimit - this.headSeen);
      const sendable = Math.max(0, Math.min(take, this.headLimit - this.heldLimit - this.headSeen));
      if (sendable > 0) this.emit(sendable === chunk.length ? chunk : chunk.subarray(0, sendable));
      if (take > sendable) this.held.push(Buffer.from(chunk.subarray(sendable, take)));
      this.headSeen += take;
      rest = chunk.subarray(take);
    }
    if (rest.length > 0 && this.tail) this.tail.write(rest);
  }

  /** Hands on the rest of the kept bytes and returns the cap they were kept under: the cap, or, for a clipped stream
   * whose `trailer` bytes fit the reserve, the cap less the trailer, so that both together fit the cap. */
  end(trailer = 0): number | null {
    const clipped = this.cap !== null && this.seen > this.cap;
    const shrink = clipped && trailer > 0 && trailer <= this.cap! && this.headLimit - headShare(this.cap! - trailer, this.keep) <= this.heldLimit;
    const cap = shrink ? this.cap! - trailer : this.cap;
    const headBytes = cap === null ? Infinity : headShare(cap, this.keep);
    const held = Buffer.concat(this.held);
    const heldKept = held.subarray(0, Math.max(0, Math.min(held.length, headBytes - (this.headLimit - this.heldLimit))));
    if (heldKept.length > 0) this.emit(heldKept);
    if (this.tail) {
      const tail = this.tail.contents();
      const tailBytes = cap === null ? tail.length : Math.min(tail.length, cap - Math.min(headBytes, cap));
      if (tailBytes > 0) this.emit(tail.subarray(tail.length - tailBytes));
    }
    return cap;
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
