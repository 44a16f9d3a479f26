// What the hostile-fixture tests assert of everything a command printed: nothing a terminal would act on.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { repoPath } from "./repo.js";

// C0 but tab and newline, DEL, C1, the line and paragraph separators and the bidi controls, as code points.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/u;

/** Fails, naming the stream and the first offending character, if `bytes` holds anything UNSAFE matches, or bytes
 * that are not UTF-8 (a lone 0x9b byte is a CSI to an 8-bit terminal). */
export function assertTerminalSafe(bytes: Buffer, what: string): void {
  const text = bytes.toString("utf8");
  assert.ok(Buffer.from(text, "utf8").equals(bytes), `${what} is not valid UTF-8`);
  const found = UNSAFE.exec(text);
  if (found) assert.fail(`${what} holds U+${found[0].codePointAt(0)!.toString(16).padStart(4, "0")} at ${found.index}: ${JSON.stringify(text.slice(Math.max(0, found.index - 80), found.index + 20))}`);
}

/** The path of a file under test/fixtures/hostile. */
export const hostilePath = (name: string): string => repoPath(`test/fixtures/hostile/${name}`);

/** A hostile fixture's text. */
export const hostileText = (name: string): string => readFileSync(hostilePath(name), "utf8");
