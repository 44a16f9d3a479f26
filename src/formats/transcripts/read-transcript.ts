// Reads one transcript file: sniffs its format from the content, then streams a line-based one line by line
// and parses a whole-document one under a size limit. The only part of the readers that touches the disk.
import { createHash } from "node:crypto";
import { open, readdir, readFile, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { readLines, refuseNonRegular, unreadableInput } from "../jsonl-lines.js";
import type { TranscriptFormat, TranscriptRead, TranscriptReader } from "./call.js";
import { detectDocument, detectLines, type SniffedRecord } from "./detect.js";
import { parseObjectLine, TEXT_LINE } from "./json-values.js";
import { TRANSCRIPT_FORMATS } from "./formats.js";
import { isSdkEvent, readOpenHandsSdk } from "./openhands-sdk.js";
import { isSqliteHeader, SQLITE_DATABASE, unsupportedReason } from "./unsupported.js";
import { ToolspanError } from "../../util/errors.js";
import { shortened } from "../../util/code-points.js";

/** Whole-document transcripts (OpenHands, SWE-agent, mini-swe-agent), and an events directory's files together,
 * larger than this are refused. */
export const DOCUMENT_LIMIT_BYTES = 256 * 1024 * 1024;

const SNIFF_BYTES = 1 << 16;

/** A file that is readable but is no transcript audit knows; `reason` says what was found. */
export class UnrecognisedTranscript extends ToolspanError {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = "UnrecognisedTranscript";
  }
}

/** Reads `path`; rejects with UnreadableInput or UnrecognisedTranscript. */
export async function readTranscript(path: string): Promise<TranscriptRead> {
  // Before the sniff's open, which would wait forever on a FIFO without a writer.
  refuseNonRegular(path);
  if (await isDirectory(path)) return readEventsDirectory(path);
  const head = await sniff(path);
  // Not JSON at all, so its parse error would say nothing of it: some harnesses keep their sessions in SQLite.
  if (isSqliteHeader(head.text)) throw new UnrecognisedTranscript(path, unsupportedReason(SQLITE_DATABASE));
  if (head.encoding !== null) {
    const saved = head.encoding === "UTF-16" ? " (as Windows PowerShell's > saves it)" : "";
    throw new UnrecognisedTranscript(path, `${head.encoding} text${saved}: audit reads UTF-8; convert it first (iconv -f ${head.encoding} -t UTF-8)`);
  }
  if (head.whole && head.text.trim() === "") throw new UnrecognisedTranscript(path, "an empty or blank file: no transcript in it");
  // An evaluation instance holds a whole run's history: its first line is often longer than the sniff, and then
  // only its start tells it.
  if (!head.whole && !head.text.includes("\n") && EVALUATION_START.test(head.text)) return streamLines(path, lineReader("openhands"));
  // So may an OpenHands V1 event (a system prompt, a full state update): its envelope comes first. A file of that
  // one line alone is an event file, read as the document it is (and refused by name, with the way out).
  if (!head.whole && !head.text.includes("\n") && SDK_EVENT_START.test(head.text)) {
    return (await hasSecondLine(path)) ? streamLines(path, lineReader("openhands-sdk")) : readDocument(path);
  }
  const records = sniffedRecords(head.text, head.whole);
  const detection = detectLines(records);
  if (detection && "reason" in detection) throw new UnrecognisedTranscript(path, detection.reason);
  // An OpenHands V1 event file is one compact line: read as the document it is, it is refused by name, with the way out.
  if (detection?.format === "openhands-sdk" && head.whole && !head.text.trim().includes("\n")) return readDocument(path);
  if (detection) return streamLines(path, lineReader(detection.format));
  return readDocument(path, records);
}

// JSON lines no harness wrote that audit knows: their first record's keys, which say more than the parse error of
// the file taken as one document. Keys are the file's: cut short, and escaped where the reason is printed.
function unknownLinesReason(records: readonly SniffedRecord[]): string {
  const keys = Object.keys(records[0]!.record).slice(0, 6).map((key) => shortened(key));
  return `not a recognised transcript: JSON lines of no harness audit reads or knows (the first record's keys: ${keys.join(", ") || "none"})`;
}

// OpenHands writes an instance's keys in EvaluationOutput's order: instance_id first (history comes after the
// test result, which holds the whole patch); its resolver's in ResolverOutput's: the issue first, owner its first;
// mid-2024 benchmarks other than SWE-bench an `id`, then the instance.
const EVALUATION_START =
  /^\{\s{0,4}(?:"instance_id"\s{0,4}:|"issue"\s{0,4}:\s{0,4}\{\s{0,4}"owner"\s{0,4}:|"id"\s{0,4}:\s{0,4}(?:"[^"\\]{0,200}"|\d{1,20})\s{0,4},\s{0,4}"instance"\s{0,4}:\s{0,4}\{)/;

// The SDK's event envelope as pydantic writes it, its fields in the base Event's order (openhands-sdk event/base.py).
const SDK_EVENT_START = /^\{"id":"[^"\\]{1,100}","timestamp":"[^"\\]{1,40}","source":"(?:agent|user|environment|hook)",/;

// Detection names only formats that have a line reader for line-based content.
const lineReader = (format: TranscriptFormat): TranscriptReader => TRANSCRIPT_FORMATS[format].lineReader!();

const isDirectory = (path: string): Promise<boolean> => stat(path).then(
  (info) => info.isDirectory(),
  () => false,
);

// The file name an OpenHands V1 conversation gives each event (openhands-sdk conversation/persistence_const.py,
// EVENT_NAME_RE): its index, at least 5 digits, then the event's id.
const EVENT_FILE = /^event-(\d{5,})-[0-9a-fA-F-]{8,}\.json$/;

// An OpenHands V1 conversation as the SDK keeps it: its events directory, or the conversation's directory that
// holds one, read in the order of the files' indexes. The conversation's id is its directory's name.
async function readEventsDirectory(path: string): Promise<TranscriptRead> {
  const { dir, texts } = await readEventFiles(path);
  const content = createHash("sha256");
  const events = texts.map((text) => {
    content.update(text).update("\n");
    const event = parseObjectLine(text);
    // A file that is not an object is skipped by the reader, which says so at its place.
    return typeof event === "string" ? null : event;
  });
  // Read, files that each are skipped would have the directory called clean with no call in it.
  if (!events.some(isSdkEvent)) throw new UnrecognisedTranscript(path, `${texts.length} event files, but none holds an OpenHands V1 event ({kind, id, timestamp, source})`);
  const conversation = basename(resolve(dir)) === "events" ? dirname(resolve(dir)) : resolve(dir);
  return { ...readOpenHandsSdk(events, basename(conversation)), contentSha256: content.digest("hex") };
}

// The texts of the event files in `path` or in its events/, in the order of their indexes. Only the disk's errors
// become "cannot read": a bug in reading the events after is not dressed as bad input.
async function readEventFiles(path: string): Promise<{ dir: string; texts: string[] }> {
  try {
    let dir = path;
    let names = await readdir(dir);
    if (!names.some((name) => EVENT_FILE.test(name)) && names.includes("events")) {
      dir = join(path, "events");
      names = await readdir(dir);
    }
    const files = names.flatMap((name) => {
      const index = EVENT_FILE.exec(name)?.[1];
      return index === undefined ? [] : [{ name, index: Number(index) }];
    });
    if (files.length === 0) throw new UnrecognisedTranscript(path, "a directory with no OpenHands V1 event files (event-NNNNN-<id>.json) in it or in its events/");
    files.sort((a, b) => a.index - b.index);
    let size = 0;
    for (const { name } of files) {
      const info = await stat(join(dir, name));
      // A FIFO or device named like an event would block the read forever or never end.
      if (!info.isFile()) throw new UnrecognisedTranscript(path, `${name} is not a regular file`);
      size += info.size;
    }
    if (size > DOCUMENT_LIMIT_BYTES) throw new UnrecognisedTranscript(path, `${size} bytes of events: a directory of events is read only up to 256 MiB`);
    const texts: string[] = [];
    for (const { name } of files) texts.push(await readFile(join(dir, name), "utf8"));
    return { dir, texts };
  } catch (error) {
    if (error instanceof UnrecognisedTranscript) throw error;
    throw unreadableInput(path, error);
  }
}

// Whether anything but white space follows the first line, read in chunks: that line may be of any length.
async function hasSecondLine(path: string): Promise<boolean> {
  try {
    const handle = await open(path, "r");
    try {
      const buffer = Buffer.alloc(1 << 20);
      let newline = false;
      for (let position = 0; ; ) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
        if (bytesRead === 0) return false;
        const chunk = buffer.subarray(0, bytesRead);
        const from = newline ? 0 : chunk.indexOf(0x0a) + 1;
        if (from > 0 || newline) {
          newline = true;
          if (/\S/.test(chunk.subarray(from).toString("latin1"))) return true;
        }
        position += bytesRead;
      }
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw unreadableInput(path, error);
  }
}

// UTF-16 text, as Windows PowerShell's `>` saves a transcript: its byte-order mark, or JSON's opening { or [ with a
// zero byte beside it (no UTF-8 transcript holds a zero byte there).
// A blank line or a space may come first too.
const OPENING = new Set([0x7b, 0x5b, 0x20, 0x09, 0x0a, 0x0d]);
const isUtf16 = (bytes: Buffer): boolean =>
  bytes.length >= 2 &&
  ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff) || (OPENING.has(bytes[0]!) && bytes[1] === 0) || (bytes[0] === 0 && OPENING.has(bytes[1]!)));
// UTF-32's byte-order marks, whose little-endian one opens as UTF-16's does.
const isUtf32 = (bytes: Buffer): boolean =>
  bytes.length >= 4 && ((bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0) || (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff));

async function sniff(path: string): Promise<{ text: string; whole: boolean; encoding: "UTF-16" | "UTF-32" | null }> {
  try {
    const handle = await open(path, "r");
    try {
      const buffer = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
      const bytes = buffer.subarray(0, bytesRead);
      const encoding = isUtf32(bytes) ? "UTF-32" : isUtf16(bytes) ? "UTF-16" : null;
      return { text: bytes.toString("utf8").replace(/^\uFEFF/, ""), whole: bytesRead < SNIFF_BYTES, encoding };
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw unreadableInput(path, error);
  }
}

// Lines of text a program printed above its JSON lines, passed over before the first record: the OpenHands CLI's
// `--headless --json` prints its terminal warnings and "✓ Agent initialized" above the events on the same stdout.
// A line opening as an object or a list does (a document's first line) is never such text.
const LEADING_TEXT_LINES = 64;

// The records of the complete lines in the sniffed bytes, from the first non-empty line (a first line longer than
// the sniff is a document's), while they parse as objects: the first that does not ends the list.
function sniffedRecords(head: string, whole: boolean): SniffedRecord[] {
  const records: SniffedRecord[] = [];
  let offset = 0;
  let leadingText = 0;
  for (let line = 1; offset < head.length; line++) {
    let end = head.indexOf("\n", offset);
    if (end === -1 && !whole) break;
    if (end === -1) end = head.length;
    const text = head.slice(offset, end).replace(/\r$/, "");
    offset = end + 1;
    if (text.trim() === "") continue;
    const record = parseObjectLine(text);
    if (typeof record === "string") {
      if (records.length === 0 && leadingText < LEADING_TEXT_LINES && record === TEXT_LINE) {
        leadingText++;
        continue;
      }
      break;
    }
    records.push({ record, line });
  }
  return records;
}

async function streamLines(path: string, reader: TranscriptReader): Promise<TranscriptRead> {
  const content = createHash("sha256");
  await readLines(path, (text, line) => {
    content.update(text).update("\n");
    reader.line(text, line);
  });
  return { ...reader.end(), contentSha256: content.digest("hex") };
}

async function readDocument(path: string, lines: readonly SniffedRecord[] = []): Promise<TranscriptRead> {
  let text: string;
  try {
    const { size } = await stat(path);
    if (size > DOCUMENT_LIMIT_BYTES) {
      throw new UnrecognisedTranscript(path, `${size} bytes: a whole-document transcript is read only up to 256 MiB`);
    }
    text = (await readFile(path, "utf8")).replace(/^\uFEFF/, "");
  } catch (error) {
    if (error instanceof UnrecognisedTranscript) throw error;
    throw unreadableInput(path, error);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    // A first line that parsed as an object, in a file that is not one document, is the first of JSON lines.
    if (lines.length > 0) throw new UnrecognisedTranscript(path, unknownLinesReason(lines));
    throw new UnrecognisedTranscript(path, `not a recognised transcript: neither JSON lines of a known harness nor one JSON document (${(error as Error).message})`);
  }
  const detection = detectDocument(doc);
  if ("reason" in detection) throw new UnrecognisedTranscript(path, detection.reason);
  // Detection names only formats that read whole documents for a document.
  const read = TRANSCRIPT_FORMATS[detection.format].readDocument!(doc);
  return { ...read, contentSha256: createHash("sha256").update(text).digest("hex") };
}
