// Where a blob lives in a store, and how a span names it: content-addressed by the stream's sha256.
import { randomBytes } from "node:crypto";
import { join } from "node:path";

/** `sha256:<hex>`, as `{stream}_blob` says it. */
export const blobName = (sha256: string): string => `sha256:${sha256}`;

/** The hex of a `sha256:<hex>` blob name; null for anything else (a span is untrusted input). */
export function blobHex(name: unknown): string | null {
  return typeof name === "string" && /^sha256:[0-9a-f]{64}$/.test(name) ? name.slice(7) : null;
}

/** `DIR/sha256/ab/cdef…`: two characters of fan-out keep folders small. */
export const blobPath = (dir: string, sha256: string): string => join(dir, "sha256", sha256.slice(0, 2), sha256.slice(2));

/** Where streams are written while they are read, before they are complete and renamed into place. */
export const tempDir = (dir: string): string => join(dir, "tmp");

/** A fresh name for a temporary file in the store's tmp folder. */
export const newTempName = (): string => `${randomBytes(12).toString("hex")}.part`;

/** Whether a name in the tmp folder is one newTempName gave: gc removes those and nothing else there. */
export const isTempName = (name: string): boolean => /^[0-9a-f]{24}\.part$/.test(name);
