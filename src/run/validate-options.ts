// runTool's options checked at its entry, before anything runs. Unchecked, a caller's slip ran the wrong program
// (`runTool("echo hi")` ran `e`), wrote a span toolspan's own lint rejects (`keep: "middle"`), stopped the command at
// once (`timeoutSeconds: 0`) or crashed in spawn (`stdin: "text"`); each is now one error that names the option.
import { KEEP_POLICIES } from "../contract/constants.js";
import { nearestName } from "../formats/nearest-name.js";
import { jsonText } from "../formats/safe-text.js";
import type { RunToolOptions } from "./run-tool.js";
import { ToolspanError } from "../util/errors.js";

/** An argument runTool cannot take: `option` names it (`argv`, `keep`, …), the message says what it takes. */
export class ToolspanOptionError extends ToolspanError {
  declare readonly option: string;

  constructor(option: string, message: string) {
    super(`runTool: ${message}`, option);
    this.name = "ToolspanOptionError";
  }
}

// A value as a message shows it: short, and escaped (it may hold anything).
function shown(value: unknown): string {
  if (typeof value === "string") return value.length > 60 ? `${jsonText(value.slice(0, 60))}…` : jsonText(value);
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value === "function" ? "function" : (value.constructor?.name ?? "object")}`;
}

interface Check {
  expected: string;
  test: (value: unknown) => boolean;
}

const noNul = (value: unknown): value is string => typeof value === "string" && !value.includes("\0");
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const count = (min: number): Check => ({ expected: `a whole number >= ${min}`, test: (v) => Number.isSafeInteger(v) && (v as number) >= min });
const cap: Check = { expected: "null (no cap) or a whole number of bytes >= 0", test: (v) => v === null || count(0).test(v) };
const limit: Check = { expected: "null (none) or a number of seconds greater than 0", test: (v) => v === null || (typeof v === "number" && Number.isFinite(v) && v > 0) };
const seconds: Check = { expected: "a number of seconds >= 0", test: (v) => typeof v === "number" && Number.isFinite(v) && v >= 0 };
const flag: Check = { expected: "true or false", test: (v) => typeof v === "boolean" };
const text: Check = { expected: "a string", test: (v) => typeof v === "string" };
const sink: Check = { expected: "a function", test: (v) => typeof v === "function" };
const rule = (v: unknown): boolean => isObject(v) && typeof v.id === "string" && v.pattern instanceof RegExp && v.pattern.global;

// One check per option: the type makes a new option without one a compile error.
const CHECKS: { [Name in keyof Required<RunToolOptions>]: Check } = {
  cap,
  stdoutCap: cap,
  stderrCap: cap,
  keep: { expected: KEEP_POLICIES.map((policy) => `"${policy}"`).join(", ").replace(/, ([^,]*)$/, " or $1"), test: (v) => (KEEP_POLICIES as readonly unknown[]).includes(v) },
  previewChars: count(0),
  hashWindow: count(1),
  cwd: { expected: "a path without NUL bytes", test: noNul },
  toolName: text,
  timeoutSeconds: limit,
  idleTimeoutSeconds: limit,
  stallGraceSeconds: seconds,
  killAfterSeconds: seconds,
  runId: { expected: "a non-empty string without NUL bytes", test: (v) => noNul(v) && v !== "" },
  parentSpanId: { expected: "null or a string without NUL bytes", test: (v) => v === null || noNul(v) },
  env: {
    expected: "an object of string variables, none holding a NUL byte",
    test: (v) => isObject(v) && Object.entries(v).every(([name, value]) => !name.includes("\0") && (value === undefined || noNul(value))),
  },
  stdin: {
    expected: '"inherit", "ignore" or an open file descriptor',
    test: (v) => v === "inherit" || v === "ignore" || (typeof v === "number" && Number.isSafeInteger(v) && v >= 0),
  },
  marker: flag,
  buffer: flag,
  onStdout: sink,
  onStderr: sink,
  readers: {
    expected: "{ gone, delivered, flushed }: gone a promise, delivered and flushed functions",
    test: (v) => isObject(v) && v.gone instanceof Promise && typeof v.delivered === "function" && typeof v.flushed === "function",
  },
  unfinished: {
    expected: "{ file }: file a path without NUL bytes, or null for stderr",
    test: (v) => isObject(v) && (v.file === null || (noNul(v.file) && v.file !== "")),
  },
  forwardSignals: flag,
  signal: { expected: "an AbortSignal", test: (v) => v instanceof AbortSignal },
  redact: { expected: "false or an array of rules { id, pattern } whose pattern is a global RegExp", test: (v) => v === false || (Array.isArray(v) && v.every(rule)) },
  redactArgv: flag,
  store: {
    expected: "{ dir, maxBytes? }: dir a non-empty path, maxBytes null or a whole number >= 0",
    test: (v) => isObject(v) && noNul(v.dir) && v.dir !== "" && (v.maxBytes === undefined || cap.test(v.maxBytes)),
  },
  traceparent: text,
  tracestate: text,
  recordArgs: flag,
  deferredKeep: {
    expected: "{ maxCap, settle, notice? }: maxCap a whole number >= 0, settle (and notice) functions",
    test: (v) => isObject(v) && count(0).test(v.maxCap) && typeof v.settle === "function" && (v.notice === undefined || typeof v.notice === "function"),
  },
  harness: { expected: "a non-empty string", test: (v) => typeof v === "string" && v !== "" },
  startErrorLine: flag,
  normalizeMaxBytes: { expected: "a whole number of bytes >= 0, or Infinity", test: (v) => v === Infinity || count(0).test(v) },
};
const NAMES = Object.keys(CHECKS);

/** Throws ToolspanOptionError for the first argument of runTool it cannot take: argv not an array of strings, an
 * option it does not know, or one whose value is not of its type and range. An option left undefined is unset. */
export function validateRunToolOptions(argv: unknown, options: unknown): void {
  if (!Array.isArray(argv) || !argv.every(noNul)) {
    const hint = typeof argv === "string" ? ' (no shell splits a string into words: pass ["sh", "-c", …] for a shell)' : "";
    throw new ToolspanOptionError("argv", `argv takes an array of strings without NUL bytes, got ${shown(argv)}${hint}`);
  }
  if (options === undefined) return;
  if (!isObject(options)) throw new ToolspanOptionError("options", `options takes an object, got ${shown(options)}`);
  for (const [name, value] of Object.entries(options)) {
    const check = (CHECKS as Record<string, Check | undefined>)[name];
    if (check === undefined) {
      const near = nearestName(name, NAMES);
      throw new ToolspanOptionError(name, `no option ${jsonText(name)}${near === null ? " (docs/api.md lists them)" : `; did you mean ${near}?`}`);
    }
    if (value !== undefined && !check.test(value)) throw new ToolspanOptionError(name, `${name} takes ${check.expected}, got ${shown(value)}`);
  }
}
