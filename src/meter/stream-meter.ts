// The stream meter: one per stream, fed chunks of any size, constant memory; the figures a span records.
import type { Hash } from "node:crypto";
import { DEFAULT_HASH_WINDOW, DEFAULT_PREVIEW_CHARS } from "../contract/constants.js";
import type { Encoding, KeepPolicy } from "../contract/span.js";
import { headShare, Keeper } from "./keep.js";
import { PrefixWindow } from "./prefix-window.js";
import { buildPreview, previewPrefixBytes } from "./preview.js";
import { REDACTION_LOOKAHEAD_CHARS, redactPreview } from "../redact/redact-text.js";
import { NORMALIZE_MAX_BYTES, NormalizedHash } from "../rerun/normalize.js";
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
  /** Whole-stream hash after normalising run-to-run noise (src/rerun/normalize.ts); null when binary or too long. */
  normalizedSha256: string | null;
  headSha256: string | null;
  tailSha256: string | null;
  /** Hash of exactly the kept bytes. */
  keptSha256: string;
  keptBytes: number;
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
  private readonly cap: number | null;
  private readonly keep: KeepPolicy;
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
  private readonly keeper: Keeper;
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
    this.keeper = new Keeper(this.cap, this.keep, (chunk) => {
      this.keptBytes += chunk.length;
      this.keptHash?.update(chunk);
      if (!this.previewPrefix.full) this.previewPrefix.write(chunk);
      this.handOn(chunk);
    });
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
    this.keeper.write(chunk);
  }

  /**
   * Finishes the stream. `trailerFor`, given the figures, may return bytes to hand on after the kept ones
   * (a clip marker): they are delivered and covered by `keptSha256`, since the model receives them too.
   */
  end(trailerFor?: (measure: StreamMeasure) => Uint8Array | null): StreamMeasure {
    if (this.ended) throw new Error("StreamMeter: end called twice");
    this.ended = true;
    this.keeper.end();
    // Without a cap the kept hash is the stream hash: a trailer would extend a copy of it.
    const keptHasher = this.keptHash ?? (trailerFor ? this.streamHash.copy() : null);
    const streamSha256 = this.streamHash.digest("hex");
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
      keptSha256: this.keptHash ? this.keptHash.copy().digest("hex") : streamSha256,
      keptBytes: this.keptBytes,
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
    }
    measure.kept = this.gathered ? Buffer.concat(this.gathered) : null;
    return measure;
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
