// Cuts a file into byte ranges that start at line starts, so workers can lint them independently.
import { open } from "node:fs/promises";
import { opensDocument } from "../formats/json-document.js";

/** Range boundaries [0, b1, ..., size]: each boundary but the ends sits just after a newline. */
export async function planRanges(path: string, size: number, rangeBytes: number): Promise<number[]> {
  const bounds = [0];
  if (size <= rangeBytes) return [0, size];
  const handle = await open(path, "r");
  try {
    const probe = Buffer.alloc(64 * 1024);
    // One pretty-printed document must be linted whole: a cut would leave halves that parse as nothing.
    const { bytesRead: headBytes } = await handle.read(probe, 0, probe.length, 0);
    const firstLine = probe.subarray(0, headBytes).toString("utf8").replace(/^\uFEFF/, "").split("\n").find((line) => line.trim() !== "");
    if (firstLine !== undefined && opensDocument(firstLine)) return [0, size];
    let cursor = rangeBytes;
    while (cursor < size) {
      // Walk forward to the next newline; a multi-MB line just makes this range longer.
      let boundary = -1;
      for (let at = cursor; at < size && boundary === -1; at += probe.length) {
        const { bytesRead } = await handle.read(probe, 0, probe.length, at);
        if (bytesRead === 0) break;
        const newline = probe.subarray(0, bytesRead).indexOf(0x0a);
        if (newline !== -1) boundary = at + newline + 1;
      }
      if (boundary === -1 || boundary >= size) break;
      bounds.push(boundary);
      cursor = boundary + rangeBytes;
    }
  } finally {
    await handle.close();
  }
  bounds.push(size);
  return bounds;
}
