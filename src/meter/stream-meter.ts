// The stream meter: one per stream, fed chunks of any size, constant memory; the figures a span records.
import type { Hash } from "node:crypto";
import { DEFAULT_HASH_WINDOW, DEFAULT_PREVIEW_CHARS } from "../contract/constants.js";
import type { Encoding, KeepPolicy } from "../contract/span.js";
import { DeferredKeeper, headShare, Keeper, type SettledKeep } from "./keep.js";
import { PrefixWindow } from "./prefix-window.js";
import { buildPreview, previewPrefixBytes } from "./preview.js";
import { REDACTION_LOOKAHEAD_CHARS, redactPreview } from "../redact/redact-text.js";
import { NORMALIZE_MAX_BYTES, NormalizedHash } from "../meter/normalize.js";
import type { RedactRule } from "../redact/rules.js";
import { newSha256, sha256Hex } from "./sha256.js";
import { TailWindow } from "./tail-window.js";
import { Utf8Check } from "./utf8-check.js";

export interface StreamMeterOptions {
  /** Bytes kept; null keeps everything. */
  cap: number | null;
  /** Which part of a clipped stream to keep (default `head`). */
  keep?: KeepPolicy;
  /** Bytes covered by the head and tail hashes (default 256). */
  hashWindow?: number;
  /** Preview limit in characters (default 512). */
  previewChars?: number;
  /** Secrets these rules find are replaced in the preview (default none; runTool passes the built-in rules). */
  redact?: readonly RedactRule[];
  /** Receives the kept bytes in order. Without it the meter gathers them into `kept` of the result. */
  onKept?: (chunk: Buffer) => void;
  /** Bytes of the cap a clipped stream's trailer (a clip marker) may take: the kept bytes shrink so that both fit the
   * cap, and the measure's cap says how many of the stream's were kept. 0 (default): the trailer comes on top. */
  trailerReserve?: number;
  /** Decide the cap after the stream ends (`settle`, then `end`, then `release`): the first and last `maxCap` bytes
   * are held until then, so nothing is handed on before `release`. `cap` and `keep` above are then ignored. */
  deferred?: { maxCap: number };
  /** The normalised hash is given up past this many bytes (default NORMALIZE_MAX_BYTES; Infinity: never). */
  normalizeMaxBytes?: number;
}

/** What a meter measured over one whole stream. Names mirror the contract's `{stream}_{field}` keys. */
export interface StreamMeasure {
  bytes: number;
  cap: number | null;
  truncated: boolean;
  keep: KeepPolicy;
  /** Whole-stream hash when not clipped, else null. */
  sha256: string | null;
  /** Whole-stream hash, always. */
  streamSha256: string;
  /** Whole-stream hash after normalising run-to-run noise (src/meter/normalize.ts); null when binary or too long. */
  normalizedSha256: string | null;
  headSha256: string | null;
  tailSha256: string | null;
  /** Hash of exactly the bytes handed on: what toolspan added (a marker, a notice) included. */
  keptSha256: string;
  /** Bytes of the stream that were kept (what toolspan added is not counted here). */
  keptBytes: number;
  /** Bytes toolspan added to what it handed on: a clip marker or a notice; counted in `keptSha256`. */
  addedBytes: number;
  encoding: Encoding;
  preview: string;
  /** Secrets replaced in the preview. */
  redactions: number;
  hashWindow: number;
  previewChars: number;
  /** The kept bytes, when no `onKept` took them. */
  kept: Buffer | null;
}

/** Measures one stream. Call `write` for each chunk (do not change a chunk after writing it), then `end` once. */
export class StreamMeter {
  private cap: number | null;
  private keep: KeepPolicy;
  private readonly hashWindow: number;
  private readonly previewChars: number;
  private readonly redact: readonly RedactRule[];
  private readonly streamHash = newSha256();
  private readonly normalizedHash: NormalizedHash;
  private readonly keptHash: Hash | null;
  private readonly head: PrefixWindow;
  private readonly tail: TailWindow;
  private readonly utf8 = new Utf8Check();
  private readonly previewPrefix: PrefixWindow;
  private readonly keeper: Keeper | null;
  private readonly trailerReserve: number;
  private readonly deferred: DeferredKeeper | null;
  private settled = false;
  private held: Buffer[] | null = null;
  private readonly gathered: Buffer[] | null;
  private readonly sink: ((chunk: Buffer) => void) | null;
  private bytes = 0;
  private keptBytes = 0;
  private ended = false;

  constructor(options: StreamMeterOptions) {
    this.cap = options.cap;
    this.keep = options.keep ?? "head";
    this.hashWindow = options.hashWindow ?? DEFAULT_HASH_WINDOW;
    this.previewChars = options.previewChars ?? DEFAULT_PREVIEW_CHARS;
    assertCount("cap", this.cap ?? 0, 0);
    assertCount("hashWindow", this.hashWindow, 1);
    assertCount("previewChars", this.previewChars, 0);
    // Without a cap the kept bytes are the stream: one hash pass serves both.
    this.keptHash = this.cap === null ? null : newSha256();
    this.normalizedHash = new NormalizedHash(options.normalizeMaxBytes ?? NORMALIZE_MAX_BYTES);
    this.head = new PrefixWindow(this.hashWindow);
    this.tail = new TailWindow(this.hashWindow);
    this.redact = options.redact ?? [];
    this.previewPrefix = new PrefixWindow(previewPrefixBytes(this.windowChars()));
    this.gathered = options.onKept ? null : [];
    this.sink = options.onKept ?? null;
    this.trailerReserve = options.trailerReserve ?? 0;
    if (options.deferred) {
      assertCount("deferred.maxCap", options.deferred.maxCap, 0);
      this.deferred = new DeferredKeeper(options.deferred.maxCap);
      this.keeper = null;
      return;
    }
    this.deferred = null;
    this.keeper = new Keeper(
      this.cap,
      this.keep,
      (chunk) => {
        this.noteKept(chunk);
        this.keptHash?.update(chunk);
        this.handOn(chunk);
      },
      this.trailerReserve,
    );
  }

  /** Bytes written so far. */
  get bytesSeen(): number {
    return this.bytes;
  }

  /** In deferred mode, before `end`: the cap and policy to apply, now that the stream's end is known. */
  settle(settled: SettledKeep): void {
    if (!this.deferred) throw new Error("StreamMeter: settle without deferred");
    if (this.ended) throw new Error("StreamMeter: settle after end");
    assertCount("cap", settled.cap, 0);
    this.cap = settled.cap;
    this.keep = settled.keep;
    this.settled = true;
  }

  /** In deferred mode, after `end`: hands on `leader`, the kept bytes, then `trailer`, and returns the hash of all
   * of them with the count of bytes added, for the measure `end` returned. */
  release(leader: Uint8Array | null, trailer: Uint8Array | null): { keptSha256: string; addedBytes: number } {
    if (this.held === null) throw new Error("StreamMeter: release before end, or twice");
    const parts = [leader, ...this.held, trailer].filter((part): part is Uint8Array => part !== null && part.length > 0);
    this.held = null;
    const hash = newSha256();
    for (const part of parts) {
      const bytes = Buffer.from(part.buffer, part.byteOffset, part.length);
      hash.update(bytes);
      this.handOn(bytes);
    }
    return { keptSha256: hash.digest("hex"), addedBytes: (leader?.length ?? 0) + (trailer?.length ?? 0) };
  }

  private noteKept(chunk: Buffer): void {
    this.keptBytes += chunk.length;
    if (!this.previewPrefix.full) this.previewPrefix.write(chunk);
  }

  write(chunk: Buffer): void {
    if (this.ended) throw new Error("StreamMeter: write after end");
    if (chunk.length === 0) return;
    this.bytes += chunk.length;
    this.streamHash.update(chunk);
    this.normalizedHash.write(chunk);
    if (!this.head.full) this.head.write(chunk);
    this.tail.write(chunk);
    this.utf8.write(chunk);
    if (this.deferred) this.deferred.write(chunk);
    else this.keeper!.write(chunk);
  }

  /**
   * Finishes the stream. `trailerFor`, given the figures, may return bytes to hand on after the kept ones
   * (a clip marker): they are delivered and covered by `keptSha256`, since the model receives them too.
   */
  end(trailerFor?: (measure: StreamMeasure) => Uint8Array | null): StreamMeasure {
    if (this.ended) throw new Error("StreamMeter: end called twice");
    if (this.deferred && !this.settled) throw new Error("StreamMeter: end before settle in deferred mode");
    if (this.deferred && trailerFor) throw new Error("StreamMeter: deferred mode adds bytes with release, not end");
    this.ended = true;
    // Without a cap the kept hash is the stream hash: a trailer would extend a copy of it.
    const keptHasher = this.keptHash ?? (trailerFor ? this.streamHash.copy() : null);
    const streamSha256 = this.streamHash.digest("hex");
    if (this.deferred) {
      this.held = this.deferred.kept({ cap: this.cap!, keep: this.keep });
      for (const chunk of this.held) this.noteKept(chunk);
    } else this.cap = this.keeper!.end(this.trailerRoom(trailerFor, streamSha256));
    const truncated = this.cap !== null && this.bytes > this.cap;
    const encoding = this.utf8.result();
    const normalizedSha256 = this.normalizedHash.digest();
    const empty = this.bytes === 0;
    const previewSource = this.previewPrefix.contents();
    const { preview, redactions } =
      encoding === "binary"
        ? { preview: "", redactions: 0 }
        : redactPreview(
            buildPreview(previewSource, previewSource.length === this.keptBytes, this.windowChars()),
            this.previewChars,
            this.keptBytes,
            this.redact,
            truncated ? this.seams(previewSource) : [],
          );
    const measure: StreamMeasure = {
      bytes: this.bytes,
      cap: this.cap,
      truncated,
      keep: this.keep,
      sha256: truncated ? null : streamSha256,
      streamSha256,
      normalizedSha256: encoding === "binary" ? null : normalizedSha256,
      headSha256: empty ? null : sha256Hex(this.head.contents()),
      tailSha256: empty ? null : sha256Hex(this.tail.contents()),
      keptSha256: this.held ? sha256Hex(Buffer.concat(this.held)) : this.keptHash ? this.keptHash.copy().digest("hex") : streamSha256,
      keptBytes: this.keptBytes,
      addedBytes: 0,
      encoding,
      preview,
      redactions,
      hashWindow: this.hashWindow,
      previewChars: this.previewChars,
      kept: null,
    };
    const trailer = trailerFor?.(measure) ?? null;
    if (trailer !== null && trailer.length > 0) {
      const bytes = Buffer.from(trailer);
      this.handOn(bytes);
      measure.keptSha256 = keptHasher!.update(bytes).digest("hex");
      measure.addedBytes = bytes.length;
    }
    measure.kept = this.gathered ? Buffer.concat(this.gathered) : null;
    return measure;
  }

  // The bytes a clipped stream's trailer will take within the cap, when a reserve was asked for: the trailer written
  // as if all the cap were kept (the longest it can be), and one more for the newline that may come before it.
  private trailerRoom(trailerFor: ((measure: StreamMeasure) => Uint8Array | null) | undefined, streamSha256: string): number {
    if (this.trailerReserve === 0 || !trailerFor || this.cap === null || this.bytes <= this.cap) return 0;
    const widest = { bytes: this.bytes, cap: this.cap, truncated: true, keep: this.keep, streamSha256, keptBytes: this.cap } as StreamMeasure;
    const trailer = trailerFor(widest);
    return trailer === null ? 0 : trailer.length + 1;
  }

  // Redaction reads past the preview limit, so a secret the limit cuts is recognised whole.
  private windowChars(): number {
    return this.redact.length > 0 && this.previewChars > 0 ? this.previewChars + REDACTION_LOOKAHEAD_CHARS : this.previewChars;
  }

  // Where a kept part starts that the cap cut out of the stream: the start of a tail, the tail of head+tail.
  private seams(previewSource: Buffer): number[] {
    if (this.redact.length === 0 || this.keep === "head") return [];
    const head = headShare(this.cap!, this.keep);
    if (head === 0) return [0];
    return head < previewSource.length ? [buildPreview(previewSource.subarray(0, head), true, this.windowChars()).length] : [];
  }

  // Kept bytes and a trailer go the same way: to the caller's sink, or gathered for the result.
  private handOn(chunk: Buffer): void {
    if (this.sink) this.sink(chunk);
    else this.gathered!.push(chunk);
  }
}

function assertCount(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`StreamMeter: ${name} must be an integer >= ${min}, got ${value}`);
  }
}

/** Measures a whole buffer at once: the meter's results for a stream that is already in memory. */
export function measureBuffer(data: Buffer, options: Omit<StreamMeterOptions, "onKept">): StreamMeasure {
  const meter = new StreamMeter(options);
  meter.write(data);
  return meter.end();
}
