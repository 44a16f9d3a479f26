// A call's standard input text as a file descriptor the command reads: written to a private file that is unlinked
// at once, so nothing is left behind whatever happens, and the command reads it at its own pace.
import { closeSync, openSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeFolder } from "../util/make-folder.js";
import { newSpanId } from "../run/ids.js";

/** An open descriptor holding `text` (UTF-8), read from its start, and how to close it once the command is done. */
export function stdinFile(dir: string, text: string): { fd: number; close: () => void } {
  makeFolder(dir, 0o700);
  const path = join(dir, `stdin-${newSpanId()}.txt`);
  writeFileSync(path, text, { mode: 0o600, flag: "wx" });
  try {
    const fd = openSync(path, "r");
    return { fd, close: () => closeSync(fd) };
  } finally {
    unlinkSync(path);
  }
}
