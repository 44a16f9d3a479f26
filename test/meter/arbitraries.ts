// Shared fast-check generators for the meter's property tests: streams, chunkings, caps.
import fc from "fast-check";

const utf8 = (s: string): Buffer => Buffer.from(s, "utf8");

/** Byte sequences chosen to sit on the edges of UTF-8 validity. */
export const TRICKY_SEQUENCES: readonly Buffer[] = [
  Buffer.from([0x00]), // NUL
  Buffer.from([0xef, 0xbb, 0xbf]), // BOM
  Buffer.from([0xc3, 0xa9]), // é
  Buffer.from([0xe2, 0x82, 0xac]), // €
  Buffer.from([0xf0, 0x9f, 0x98, 0x80]), // 😀
  Buffer.from([0xf4, 0x8f, 0xbf, 0xbf]), // U+10FFFF
  Buffer.from([0xed, 0x9f, 0xbf]), // U+D7FF, last before the surrogates
  Buffer.from([0xed, 0xa0, 0x80]), // surrogate U+D800
  Buffer.from([0xc0, 0x80]), // overlong NUL
  Buffer.from([0xe0, 0x80, 0x80]), // overlong 3-byte
  Buffer.from([0xf0, 0x80, 0x80, 0x80]), // overlong 4-byte
  Buffer.from([0xf4, 0x90, 0x80, 0x80]), // above U+10FFFF
  Buffer.from([0xf5]), // never valid
  Buffer.from([0xff]),
  Buffer.from([0x80]), // lone continuation
  Buffer.from([0xe2, 0x82]), // truncated 3-byte
  Buffer.from([0xf0, 0x9f, 0x98]), // truncated 4-byte
  Buffer.from([0xc3]), // truncated 2-byte
];

const textBytes = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 60 }).map(utf8),
  fc.string({ unit: "binary", maxLength: 60 }).map(utf8),
  fc.string({ unit: "grapheme-ascii", maxLength: 60 }).map(utf8),
);

const piece = fc.oneof(
  { arbitrary: textBytes, weight: 4 },
  { arbitrary: fc.constantFrom(...TRICKY_SEQUENCES), weight: 3 },
  { arbitrary: fc.uint8Array({ maxLength: 12 }).map((a) => Buffer.from(a)), weight: 1 },
);

/** Streams: arbitrary bytes, valid multi-byte text, and mixtures of text with NULs and broken sequences.
 * Lengths run from empty to a few KiB, so hash windows and preview limits (up to 600) fall on both sides. */
export const streamBytes: fc.Arbitrary<Buffer> = fc.oneof(
  { arbitrary: fc.uint8Array({ maxLength: 40 }).map((a) => Buffer.from(a)), weight: 1 },
  { arbitrary: fc.uint8Array({ maxLength: 1500, size: "large" }).map((a) => Buffer.from(a)), weight: 1 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }).map(utf8), weight: 1 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 800, size: "large" }).map(utf8), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 800, size: "large" }).map(utf8), weight: 2 },
  { arbitrary: fc.array(piece, { maxLength: 40, size: "medium" }).map((parts) => Buffer.concat(parts)), weight: 4 },
  {
    // Valid text only: the preview is compared only for utf-8 streams, so give it plenty of them.
    arbitrary: fc
      .array(fc.oneof(textBytes, fc.constantFrom(...TRICKY_SEQUENCES.slice(1, 7))), { maxLength: 40, size: "medium" })
      .map((parts) => Buffer.concat(parts)),
    weight: 4,
  },
);

/** How to cut a stream, independent of its length: resolved by `chunk`. */
export type ChunkPlan = { mode: "whole" } | { mode: "bytes" } | { mode: "cuts"; cuts: number[]; empties: number[] };

export const chunkPlan: fc.Arbitrary<ChunkPlan> = fc.oneof(
  fc.constant<ChunkPlan>({ mode: "whole" }),
  fc.constant<ChunkPlan>({ mode: "bytes" }),
  fc
    .record({ cuts: fc.array(fc.nat(), { maxLength: 40, size: "medium" }), empties: fc.array(fc.nat(), { maxLength: 3 }) })
    .map((r): ChunkPlan => ({ mode: "cuts", ...r })),
);

/** Splits `data` by the plan into chunks (copies) that concatenate back to `data`; may include empty chunks. */
export function chunk(data: Buffer, plan: ChunkPlan): Buffer[] {
  if (plan.mode === "whole") return [Buffer.from(data)];
  if (plan.mode === "bytes") return Array.from(data, (b) => Buffer.from([b]));
  const points = [0, ...plan.cuts.map((c) => c % (data.length + 1)), data.length];
  points.sort((a, b) => a - b);
  const out: Buffer[] = [];
  for (let i = 0; i + 1 < points.length; i++) out.push(Buffer.from(data.subarray(points[i]!, points[i + 1]!)));
  // Repeated cuts give empty chunks between data; `empties` puts more anywhere, first and last included.
  for (const e of plan.empties) out.splice(e % (out.length + 1), 0, Buffer.alloc(0));
  return out;
}

/** A cap relative to the stream length, resolved by `resolveCap`. */
export type CapPlan = { kind: "null" } | { kind: "abs"; value: number } | { kind: "rel"; offset: number } | { kind: "frac"; frac: number };

export const capPlan: fc.Arbitrary<CapPlan> = fc.oneof(
  fc.constant<CapPlan>({ kind: "null" }),
  fc.constantFrom(0, 1, 2, 3).map((value): CapPlan => ({ kind: "abs", value })),
  fc.integer({ min: 0, max: 20 }).map((value): CapPlan => ({ kind: "abs", value })),
  fc.constantFrom(-1, 0, 1).map((offset): CapPlan => ({ kind: "rel", offset })),
  fc.double({ min: 0, max: 1.2, noNaN: true }).map((frac): CapPlan => ({ kind: "frac", frac })),
);

export function resolveCap(plan: CapPlan, length: number): number | null {
  switch (plan.kind) {
    case "null":
      return null;
    case "abs":
      return plan.value;
    case "rel":
      return Math.max(0, length + plan.offset);
    case "frac":
      return Math.floor(length * plan.frac);
  }
}

export const keepPolicy = fc.constantFrom("head" as const, "tail" as const, "head+tail" as const);

export const hashWindow = fc.oneof(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 1, max: 16 }));

export const previewChars = fc.oneof(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 12 }));

/** fc.assert parameters: `numRuns`, and a time limit so a failing property reports (half-shrunk) within seconds. */
export function runs(numRuns: number): fc.Parameters<unknown> {
  return { numRuns, interruptAfterTimeLimit: 8000 };
}
