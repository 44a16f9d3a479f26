// sha256 and length of a file, read as a stream: a blob of any size is verified in constant memory.
import { createReadStream } from "node:fs";
import { newSha256 } from "../meter/sha256.js";

/** The file's sha256 (lowercase hex) and its length in bytes; `onChunk` sees the bytes as they are read, so a
 * caller that needs them too reads the file once. */
export async function hashFile(path: string, onChunk?: (chunk: Buffer) => void): Promise<{ sha256: string; bytes: number }> {
  const hash = newSha256();
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    onChunk?.(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest("hex"), bytes };
}
