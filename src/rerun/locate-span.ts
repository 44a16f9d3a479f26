// Finds the span a rerun is about (FILE:LINE or FILE with a span id) and checks it can be trusted enough to run.
import { isAbsolute } from "node:path";
import { isTranscriptSpan, keyTypesFor, spanArgv } from "../contract/transcript-span.js";
import { readDocument } from "../formats/json-document.js";
import { readLines, STOP } from "../formats/jsonl-lines.js";
import { spanLines } from "../lint/lint-document.js";
import { isOtlpRequest, spansFromRequest } from "../formats/otlp/spans-from-line.js";
import type { SpanObject } from "../contract/span-fields.js";
import { RerunRefused } from "./rerun-refused.js";

/** Where the span is: a line of a run file, or the span with this `span_id` in it. */
export type SpanRef = { path: string; line: number } | { path: string; spanId: string };

/** A span found in a run file, with the two keys a rerun executes checked for type. */
export interface LocatedSpan {
  /** The run file. */
  path: string;
  /** Its line, from 1. */
  line: number;
  /** The record as parsed: untrusted except for `argv` and `cwd`, and keys of the wrong type are refused. */
  span: SpanObject;
  /** A non-empty array of strings, none holding a NUL. */
  argv: string[];
  /** An absolute path. */
  cwd: string;
  /** What the new span's `rerun_of` says: the old `span_id`, or `FILE:LINE` when it has none. */
  rerunOf: string;
}

/** Reads `FILE:LINE` (the last colon splits, so a file name may hold colons); with `spanId`, the text is FILE. */
export function parseSpanRef(text: string, spanId?: string): SpanRef {
  const ref = refOf(text, spanId);
  // The file is read more than once (is it one document? then the span), and a pipe can be read only once.
  if (ref.path === "-") throw new RerunRefused("badReference", "a span is found in a run file, not in standard input: give the file's path");
  return ref;
}

function refOf(text: string, spanId: string | undefined): SpanRef {
  if (spanId !== undefined) {
    if (spanId === "") throw new RerunRefused("badReference", "--span takes a non-empty span id");
    return { path: text, spanId };
  }
  const match = /^(.+):(\d+)$/.exec(text);
  const line = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(line) || line < 1) {
    throw new RerunRefused("badReference", `'${text}' is not FILE:LINE (line from 1); or give FILE --span ID`);
  }
  return { path: match[1]!, line };
}

const where = (path: string, line: number): string => `${path}:${line}`;

// The tool spans a parsed line holds: a toolspan record is one; an OTLP request holds one per span that carries
// a toolspan record (span_type "tool").
function toolRecords(value: unknown): SpanObject[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
  const object = value as SpanObject;
  if (object.span_type === "tool") return [object];
  if (object.span_type !== undefined || !isOtlpRequest(object)) return [];
  return spansFromRequest(object).flatMap((span) => (span.record?.span_type === "tool" ? [span.record as SpanObject] : []));
}

function parseLine(path: string, line: number, text: string): SpanObject {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RerunRefused("notJson", `${where(path, line)}: the line is not JSON`);
  }
  const records = toolRecords(value);
  if (records.length === 0) throw new RerunRefused("notToolSpan", `${where(path, line)}: not a tool span (span_type is not "tool")`);
  if (records.length > 1) {
    throw new RerunRefused("idAmbiguous", `${where(path, line)}: an OTLP line with ${records.length} tool spans; name one with FILE --span ID`);
  }
  return records[0]!;
}

/** What is wrong with a span's types for a rerun: argv and cwd as it will execute them, and every contract key
 * present with the type the contract gives it (a trace file is untrusted input). Empty when it may run. */
export function spanProblems(span: SpanObject): string[] {
  const problems: string[] = [];
  // A transcript span's command line runs as `[shell, "-c", command]`; its unknown byte counts may be null.
  const argv = spanArgv(span);
  const { cwd } = span;
  if (argv === null && span.argv === undefined && isTranscriptSpan(span)) {
    problems.push("the transcript recorded no argv and no shell command line (source.command with source.shell) to run");
  } else if (argv === null || argv.length === 0) {
    problems.push("'argv' must be a non-empty array of strings");
  } else if (argv[0] === "" || argv.some((item: string) => item.includes("\0"))) {
    problems.push("'argv' must name a program and hold no NUL character");
  }
  if (typeof cwd !== "string") problems.push("'cwd' must be a string");
  else if (!isAbsolute(cwd) || cwd.includes("\0")) problems.push("'cwd' must be an absolute path");
  for (const [key, type] of Object.entries(keyTypesFor(span))) {
    if (key === "argv" || key === "cwd") continue;
    const value = span[key];
    if (value !== undefined && !type.test(value)) problems.push(`'${key}' must be ${type.expected}`);
  }
  return problems;
}

function located(path: string, line: number, span: SpanObject): LocatedSpan {
  const problems = spanProblems(span);
  if (problems.length > 0) {
    throw new RerunRefused("badSpan", `${where(path, line)}: will not rerun a span with bad types: ${problems.join("; ")}`);
  }
  const spanId = span.span_id;
  return {
    path,
    line,
    span,
    argv: [...spanArgv(span)!],
    cwd: span.cwd as string,
    rerunOf: typeof spanId === "string" && spanId !== "" ? spanId : where(path, line),
  };
}

// The tool spans of a pretty-printed document (an OTLP example file, an indented record), each at the line
// lint and triage name: an OTLP span's spanId line, a record's first line. Null when the file is JSON Lines.
async function documentSpans(path: string): Promise<{ line: number; span: SpanObject }[] | null> {
  const document = await readDocument(path);
  if (document === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(document.lines.join("\n"));
  } catch {
    return null;
  }
  if (isOtlpRequest(value)) {
    const lineOf = spanLines(document.lines, document.first);
    return spansFromRequest(value as SpanObject).flatMap((span) =>
      span.record?.span_type === "tool" ? [{ line: lineOf(span), span: span.record as SpanObject }] : [],
    );
  }
  return toolRecords(value).map((span) => ({ line: document.first, span }));
}

async function atLine(path: string, line: number): Promise<LocatedSpan> {
  const found = (await locateLines(path, [line])).get(line)!;
  if (found instanceof RerunRefused) throw found;
  return found;
}

/** Finds and checks the spans at each of `lines` in one read of the file (debug's loop asks for every clipped span:
 * a read per span made it quadratic). Each line maps to its span or to the RerunRefused saying why it cannot be
 * rerun; rejects with UnreadableInput when the file cannot be read. */
export async function locateLines(path: string, lines: readonly number[]): Promise<Map<number, LocatedSpan | RerunRefused>> {
  const results = new Map<number, LocatedSpan | RerunRefused>();
  const attempt = (line: number, locate: () => LocatedSpan): void => {
    try {
      results.set(line, locate());
    } catch (error) {
      if (!(error instanceof RerunRefused)) throw error;
      results.set(line, error);
    }
  };
  const inDocument = await documentSpans(path);
  if (inDocument !== null) {
    for (const line of lines) {
      attempt(line, () => {
        const here = inDocument.filter((found) => found.line === line);
        if (here.length === 0) {
          const starts = inDocument.map((found) => found.line).join(", ") || "none";
          throw new RerunRefused("notToolSpan", `${where(path, line)}: no tool span of this document starts here (its tool spans are on lines ${starts})`);
        }
        if (here.length > 1) throw new RerunRefused("idAmbiguous", `${where(path, line)}: ${here.length} tool spans; name one with FILE --span ID`);
        return located(path, line, here[0]!.span);
      });
    }
    return results;
  }
  const wanted = new Set(lines);
  const last = Math.max(0, ...lines);
  const texts = new Map<number, string>();
  let count = 0;
  await readLines(path, (text, number) => {
    count = number;
    if (wanted.has(number)) texts.set(number, text);
    return number >= last ? STOP : undefined;
  });
  for (const line of lines) {
    attempt(line, () => {
      const text = texts.get(line);
      if (text === undefined) throw new RerunRefused("noSuchLine", `${where(path, line)}: no such line (the file has ${count})`);
      return located(path, line, parseLine(path, line, text));
    });
  }
  return results;
}

async function withId(path: string, spanId: string): Promise<LocatedSpan> {
  const inDocument = await documentSpans(path);
  const matches: { line: number; span: SpanObject }[] = inDocument?.filter((found) => found.span.span_id === spanId) ?? [];
  if (inDocument === null) await readLines(path, (text, line) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof value === "object" && value !== null && (value as SpanObject).span_id === spanId) {
      matches.push({ line, span: value as SpanObject });
    } else {
      for (const record of toolRecords(value)) if (record.span_id === spanId) matches.push({ line, span: record });
    }
  });
  if (matches.length === 0) throw new RerunRefused("idNotFound", `${path}: no span has span_id '${spanId}'`);
  if (matches.length > 1) {
    const lines = matches.map((match) => match.line).join(", ");
    throw new RerunRefused("idAmbiguous", `${path}: span_id '${spanId}' is on lines ${lines}; name one as FILE:LINE`);
  }
  const [{ line, span }] = matches as [{ line: number; span: SpanObject }];
  if (span.span_type !== "tool") throw new RerunRefused("notToolSpan", `${where(path, line)}: not a tool span (span_type is not "tool")`);
  return located(path, line, span);
}

/** Finds and checks the span; rejects with RerunRefused, or UnreadableInput when the file cannot be read. */
export function locateSpan(ref: SpanRef): Promise<LocatedSpan> {
  return "line" in ref ? atLine(ref.path, ref.line) : withId(ref.path, ref.spanId);
}
