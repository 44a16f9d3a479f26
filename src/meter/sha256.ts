// One spelling of "sha256 as lowercase hex" for every hash the contract records.
import * as crypto from "node:crypto";
import { createHash, type Hash } from "node:crypto";

// crypto.hash (Node 20.12+) skips the Hash object, which matters where it runs once per span; older 20.x falls back.
// Read off the namespace: @types/node 20 does not declare it.
const oneShot = (crypto as { hash?: (algorithm: string, data: string) => string }).hash;

export function sha256Hex(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** The sha256 of a text's UTF-8 bytes. */
export const sha256OfText = oneShot
  ? (text: string): string => oneShot("sha256", text)
  : (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

export function newSha256(): Hash {
  return createHash("sha256");
}
