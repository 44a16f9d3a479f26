// Finds the span a rerun is about (FILE:LINE or FILE with a span id) and checks it can be trusted enough to run.
import { isAbsolute } from "node:path";
import { isTranscriptSpan, keyTypesFor, spanArgv } from "../contract/transcript-span.js";
import type { RunFileItem } from "../formats/run-file/entry.js";
import { STOP } from "../formats/jsonl-lines.js";
import { readRunFile, refuseTooLong } from "../formats/run-file/read.js";
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
  // A rerun reads the span's streams back from the file's store and names the file in rerun_of: a pipe has neither.
  if (ref.path === "-") throw new RerunRefused("badReference", "a span is found in a run file, not in standard input: give the file's path");
  return ref;
}

function refOf(text: string, spanId: string | undefined): SpanRef {
  if (spanId !== undefined) {
    if (spanId === "") throw new RerunRefused("badReference", "spanId takes a non-empty span id", "spanId");
    return { path: text, spanId };
  }
  const match = /^(.+):(\d+)$/.exec(text);
  const line = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(line) || line < 1) {
    throw new RerunRefused("badReference", `'${text}' is not FILE:LINE (line from 1); or give FILE spanId ID`, "spanId");
  }
  return { path: match[1]!, line };
}

const where = (path: string, line: number): string => `${path}:${line}`;

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

// The tool span an item is, if it is one a rerun can run: a toolspan record of span_type "tool", on its own line or
// carried by an OTLP span.
function toolRecord(item: RunFileItem): SpanObject | null {
  const record = item.kind === "record" ? item.record : item.kind === "otlpSpan" ? item.span.record : null;
  return record?.span_type === "tool" ? (record as SpanObject) : null;
}

/** What the lines asked for hold, gathered from a run file's items as they are read (by locateLines, or by debug
 * in its one read of the file); a line may be asked for while its items come by. */
export class LineLocator {
  private readonly wanted: Set<number>;
  /** The tool spans on each wanted line, and whether it was JSON (a line that is no item is blank: not JSON). */
  private readonly held = new Map<number, { json: boolean; spans: SpanObject[] }>();
  /** The items of the line being read: kept until the line is done, in case it is asked for meanwhile. */
  private current: { line: number; json: boolean; spans: SpanObject[] } | null = null;
  /** In a document read whole: the line of every tool span, for a refusal that names them. */
  private documentLines: number[] | null = null;

  constructor(
    private readonly path: string,
    lines: Iterable<number> = [],
  ) {
    this.wanted = new Set(lines);
  }

  want(line: number): void {
    this.wanted.add(line);
  }

  /** The file is one pretty-printed document: its spans are placed on their own lines, not on lines of text. */
  document(parsed: boolean): void {
    if (parsed) this.documentLines = [];
  }

  /** Hears of the next item; rejects a line too long to read (UnreadableInput). */
  add(item: RunFileItem): void {
    refuseTooLong(this.path, item);
    if (this.current?.line !== item.line) {
      this.settle();
      this.current = { line: item.line, json: false, spans: [] };
    }
    const span = toolRecord(item);
    if (item.kind !== "notJson") this.current.json = true;
    if (span !== null) {
      this.current.spans.push(span);
      this.documentLines?.push(item.line);
    }
  }

  /** Each wanted line's span, or the RerunRefused saying why it cannot be rerun; `lines` is how many the file has
   * (or were read). */
  results(lines: number): Map<number, LocatedSpan | RerunRefused> {
    this.settle();
    const results = new Map<number, LocatedSpan | RerunRefused>();
    for (const line of this.wanted) {
      try {
        results.set(line, this.at(line, lines));
      } catch (error) {
        if (!(error instanceof RerunRefused)) throw error;
        results.set(line, error);
      }
    }
    return results;
  }

  private settle(): void {
    if (this.current !== null && this.wanted.has(this.current.line)) this.held.set(this.current.line, this.current);
    this.current = null;
  }

  private at(line: number, lines: number): LocatedSpan {
    const here = this.held.get(line);
    const spans = here?.spans ?? [];
    if (this.documentLines !== null) {
      if (spans.length === 0) {
        const starts = this.documentLines.join(", ") || "none";
        throw new RerunRefused("notToolSpan", `${where(this.path, line)}: no tool span of this document starts here (its tool spans are on lines ${starts})`);
      }
      if (spans.length > 1) throw new RerunRefused("idAmbiguous", `${where(this.path, line)}: ${spans.length} tool spans; name one with FILE spanId ID`, "spanId");
      return located(this.path, line, spans[0]!);
    }
    if (line > lines) throw new RerunRefused("noSuchLine", `${where(this.path, line)}: no such line (the file has ${lines})`);
    if (here === undefined || !here.json) throw new RerunRefused("notJson", `${where(this.path, line)}: the line is not JSON`);
    if (spans.length === 0) throw new RerunRefused("notToolSpan", `${where(this.path, line)}: not a tool span (span_type is not "tool")`);
    if (spans.length > 1) {
      throw new RerunRefused("idAmbiguous", `${where(this.path, line)}: an OTLP line with ${spans.length} tool spans; name one with FILE spanId ID`, "spanId");
    }
    return located(this.path, line, spans[0]!);
  }
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
  const locator = new LineLocator(path, lines);
  const last = Math.max(0, ...lines);
  let inDocument = false;
  const read = await readRunFile(
    path,
    (item) => {
      // JSON Lines are read up to the last line asked for (a line past it too long to read is not asked about); a
      // document's spans may stand in any order.
      if (!inDocument && item.line > last) return item.kind === "tooLong" ? undefined : STOP;
      locator.add(item);
    },
    {
      onDocument: ({ parsed }) => {
        inDocument = parsed;
        locator.document(parsed);
      },
    },
  );
  return locator.results(read.lines);
}

async function withId(path: string, spanId: string): Promise<LocatedSpan> {
  const matches: { line: number; span: SpanObject }[] = [];
  let inDocument = false;
  await readRunFile(
    path,
    (item) => {
      refuseTooLong(path, item);
      // On a JSON Lines line any record answers to its id (and is refused below if it is not a tool span); in a
      // document, and in an OTLP request, only a tool span.
      const span = item.kind === "record" && !inDocument ? (item.record as SpanObject) : toolRecord(item);
      if (span !== null && span.span_id === spanId) matches.push({ line: item.line, span });
    },
    { onDocument: ({ parsed }) => (inDocument = parsed) },
  );
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
