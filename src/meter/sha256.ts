// One spelling of "sha256 as lowercase hex" for every hash the contract records.
import { createHash, type Hash } from "node:crypto";

export function sha256Hex(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

export function newSha256(): Hash {
  return createHash("sha256");
}
