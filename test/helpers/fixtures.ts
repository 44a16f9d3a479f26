// The fixture programs in test/fixtures/bin/, run with this very node so no test depends on another interpreter.
import { createHash } from "node:crypto";
import { repoPath } from "./repo.js";

/** The absolute path of a fixture program, e.g. `fixturePath("emit.mjs")`. */
export function fixturePath(name: string): string {
  return repoPath(`test/fixtures/bin/${name}`);
}

/** An argv that runs a fixture program with node. */
export function nodeFixture(name: string, ...args: string[]): string[] {
  return [process.execPath, fixturePath(name), ...args];
}

/** The bytes `emit.mjs` writes for N bytes of PATTERN: the pattern's UTF-8 bytes repeated, cut at N. */
export function patternBytes(n: number, pattern: string): Buffer {
  return n === 0 ? Buffer.alloc(0) : Buffer.alloc(n, pattern);
}

/** sha256 of N bytes of PATTERN computed in slices, for streams too large to hold in memory. */
export function patternSha256(n: number, pattern: string): string {
  const hash = createHash("sha256");
  // Independent of emit.mjs's chunking: slices are whole repetitions of a fixed 4096-repetition block.
  const block = Buffer.alloc(Buffer.byteLength(pattern) * 4096, pattern);
  for (let left = n; left > 0; ) {
    const take = Math.min(left, block.length);
    hash.update(block.subarray(0, take));
    left -= take;
  }
  return hash.digest("hex");
}

/** The bytes `binary.mjs COUNT` writes: 0x00..0xff, COUNT times. */
export function allByteValues(count = 1): Buffer {
  const once = Buffer.from(Array.from({ length: 256 }, (_, byte) => byte));
  return Buffer.concat(Array.from({ length: count }, () => once));
}

/** sha256 in lowercase hex, computed here rather than by the code under test. */
export function sha256(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}
