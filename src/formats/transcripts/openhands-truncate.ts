// The OpenHands SDK's maybe_truncate (openhands-sdk/openhands/sdk/utils/truncate.py, read at 611629e6), ported
// so a text an event holds whole can be cut as the SDK cut it on its way to the model: the same head, notice and
// tail, so the span's figures are exact. The property test runs the SDK's own file against this one.
import { createHash } from "node:crypto";

/** DEFAULT_TRUNCATE_NOTICE: 113 characters. */
export const SDK_NOTICE = "<response clipped><NOTE>Due to the max output limit, only part of the full response has been shown to you.</NOTE>";

/** The copy maybe_truncate made, and the parts of the text it kept around its notice. */
export interface SdkCut {
  copy: string;
  head: string;
  tail: string;
}

/**
 * maybe_truncate(content, limit, save_dir=saveDir, tool_prefix=toolPrefix), counting by code points as Python
 * does; "fits" where the text is within the limit. With a save directory the notice names the file the SDK
 * saved the whole text to (and, where that write failed, the SDK fell back to the plain notice: the event does
 * not say so).
 */
export function sdkTruncate(content: string, limit: number, saveDir: string | null = null, toolPrefix = "output"): SdkCut | "fits" {
  const points = Array.from(content);
  if (limit <= 0 || points.length <= limit) return "fits";
  // Python's limits below are never met by the SDK's (30,000 and 50,000 against a notice of a few hundred), but
  // the port keeps them: the notice alone, cut to the limit.
  if (SDK_NOTICE.length >= limit) return onlyNotice(SDK_NOTICE, limit);
  const available = limit - SDK_NOTICE.length;
  const proposedHead = Math.floor(available / 2) + (available % 2);
  const notice = saveDir === null ? SDK_NOTICE : savedNotice(content, saveDir, toolPrefix, pythonLineCount(points.slice(0, proposedHead).join("")) + 1);
  const noticeLength = Array.from(notice).length;
  if (noticeLength >= limit) return onlyNotice(notice, limit);
  const remaining = limit - noticeLength;
  const headLength = Math.min(proposedHead, remaining);
  const tailLength = remaining - headLength;
  const head = points.slice(0, headLength).join("");
  const tail = tailLength > 0 ? points.slice(points.length - tailLength).join("") : "";
  return { copy: `${head}${notice}${tail}`, head, tail };
}

const onlyNotice = (notice: string, limit: number): SdkCut => ({ copy: Array.from(notice).slice(0, limit).join(""), head: "", tail: "" });

// DEFAULT_TRUNCATE_NOTICE_WITH_PERSIST, naming the file _save_full_content wrote: <dir>/<prefix>_output_<the first
// 8 hex digits of the text's sha256>.txt, as str(Path(dir) / name) writes it.
function savedNotice(content: string, saveDir: string, toolPrefix: string, lineNumber: number): string {
  const hash = createHash("sha256").update(content, "utf8").digest("hex").slice(0, 8);
  const path = pythonPathJoin(saveDir, `${toolPrefix}_output_${hash}.txt`);
  return (
    "<response clipped><NOTE>Due to the max output limit, only part of the full response has been shown to you. " +
    `The complete output has been saved to ${path} - you can use other tools to view the full content (truncated part starts around line ${lineNumber}).</NOTE>`
  );
}

// pathlib's PurePosixPath: empty and "." parts dropped, one leading slash kept (two kept as two, as POSIX allows).
function pythonPathJoin(dir: string, name: string): string {
  const root = dir.startsWith("//") && !dir.startsWith("///") ? "//" : dir.startsWith("/") ? "/" : "";
  const parts = [...dir.split("/"), name].filter((part) => part !== "" && part !== ".");
  return `${root}${parts.join("/")}`;
}

// The line boundaries of Python's str.splitlines: \r\n is one.
const BREAK = String.raw`\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]`;
const LINE_BREAKS = new RegExp(BREAK, "g");
const LAST_BREAK = new RegExp(`(?:${BREAK})$`);

/** len(text.splitlines()): a last line without its break counts; a break at the end opens no line. */
export function pythonLineCount(text: string): number {
  if (text === "") return 0;
  const breaks = text.match(LINE_BREAKS)?.length ?? 0;
  return breaks + (LAST_BREAK.test(text) ? 0 : 1);
}
