// A small argv parser driven by option tables, so each command's parsing and --help come from one description, and
// the parsed options' types come from it too.
import { UsageError } from "./usage-error.js";

/** One option of a command, as data: the parser, the help text and the options' type all read it. */
export interface OptionSpec {
  /** Long name without dashes, e.g. `cap`; parsed options name it in camelCase (`no-cap`: `noCap`). */
  readonly name: string;
  /** `flag` takes no value; the others take one. */
  readonly kind: "flag" | "count" | "seconds" | "string" | "choice";
  /** Placeholder in help, e.g. `N`. */
  readonly value?: string;
  /** Allowed values of a `choice`. */
  readonly choices?: readonly string[];
  /** Smallest allowed number for `count` (default 0). */
  readonly min?: number;
  /** `seconds` must be greater than 0 (a limit of 0 would stop the command at once). */
  readonly positive?: boolean;
  /** May be given more than once; the values are gathered in order. */
  readonly repeat?: boolean;
  /** The library option this flag sets, which a library error names (`maxLineBytes`): printed as the flag. */
  readonly libraryName?: string;
  /** The environment variable the flag sets, when given, before the command runs: for code the parsed options do
   * not reach (lint's worker threads copy the environment when they start). */
  readonly env?: string;
  readonly help: string;
}

/** `max-line-bytes` as `maxLineBytes`. */
export type CamelName<Name extends string> = Name extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelName<Tail>>}` : Name;

type ValueOf<Spec extends OptionSpec> = Spec["kind"] extends "flag"
  ? true
  : Spec["kind"] extends "count" | "seconds"
    ? number
    : Spec["kind"] extends "choice"
      ? Spec["choices"] extends readonly (infer Choice)[]
        ? Choice
        : string
      : Spec["repeat"] extends true
        ? string[]
        : string;

/** The options parsed against `Specs`, by camelCase name; an option not given is absent. */
export type ParsedOptions<Specs extends readonly OptionSpec[]> = { [Spec in Specs[number] as CamelName<Spec["name"]>]?: ValueOf<Spec> };

export interface ParsedArgs<Specs extends readonly OptionSpec[]> {
  options: ParsedOptions<Specs>;
  /** Everything after `--`, or from the first argument that is not an option. */
  rest: string[];
}

type ParsedValue = boolean | number | string | string[];

function camelName(name: string): string {
  return name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

function parseValue(spec: OptionSpec, raw: string, shown: string): number | string {
  switch (spec.kind) {
    case "count": {
      const min = spec.min ?? 0;
      if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)) || Number(raw) < min) {
        throw new UsageError(`${shown} takes a whole number >= ${min}, got '${raw}'`);
      }
      return Number(raw);
    }
    case "seconds": {
      const value = Number(raw);
      if (raw.trim() === "" || !Number.isFinite(value) || value < 0 || (spec.positive && value === 0)) {
        throw new UsageError(`${shown} takes a number of seconds ${spec.positive ? "greater than 0" : ">= 0"}, got '${raw}'`);
      }
      return value;
    }
    case "choice":
      if (!spec.choices?.includes(raw)) {
        throw new UsageError(`${shown} takes one of ${spec.choices?.join(", ")}, got '${raw}'`);
      }
      return raw;
    default:
      return raw;
  }
}

/** Parses `args` against `specs`. Options stop at `--`, and, unless `interleaved`, at the first argument
 * not starting with `-` (so a wrapped command's own options are left alone). */
export function parseArgs<const Specs extends readonly OptionSpec[]>(args: readonly string[], specs: Specs, interleaved = false): ParsedArgs<Specs> {
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  const options: Record<string, ParsedValue> = {};
  const positionals: string[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") {
      i++;
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      if (!interleaved) break;
      positionals.push(arg);
      continue;
    }
    // -h is --help wherever there is a --help: the one short option, as people type it first.
    if (arg === "-h" && byName.get("help")?.kind === "flag") {
      options.help = true;
      continue;
    }
    if (!arg.startsWith("--")) throw new UsageError(`unknown option '${arg}'`);
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const spec = byName.get(name);
    if (!spec) throw new UsageError(`unknown option '--${name}'`);
    const shown = `--${name}`;
    const key = camelName(name);
    if (spec.kind === "flag") {
      if (eq !== -1) throw new UsageError(`${shown} takes no value`);
      options[key] = true;
      continue;
    }
    let raw: string;
    if (eq !== -1) raw = arg.slice(eq + 1);
    else {
      const next = args[i + 1];
      if (next === undefined) throw new UsageError(`${shown} needs a value (${spec.value ?? "VALUE"})`);
      raw = next;
      i++;
    }
    const value = parseValue(spec, raw, shown);
    const gathered = options[key];
    options[key] = spec.repeat ? [...(Array.isArray(gathered) ? gathered : []), String(value)] : value;
  }
  // The one place the table's types meet the values: each key and value was made from its spec above.
  return { options: options as ParsedOptions<Specs>, rest: [...positionals, ...args.slice(i)] };
}

/** Sets in `env` the variable of each option in `specs` that has one and was given (its value as text). */
export function applyEnvOptions(options: Readonly<Record<string, unknown>>, specs: readonly OptionSpec[], env: NodeJS.ProcessEnv): void {
  for (const spec of specs) {
    const value = options[camelName(spec.name)];
    if (spec.env !== undefined && value !== undefined) env[spec.env] = String(value);
  }
}

/** `text` (a library's message) with the library option `libraryName` it names shown as the flag in `specs` that
 * sets it (`maxLineBytes`: `--max-line-bytes`); unchanged when no flag there sets it. */
export function withFlag(text: string, libraryName: string | undefined, specs: readonly OptionSpec[]): string {
  const spec = libraryName === undefined ? undefined : specs.find((candidate) => candidate.libraryName === libraryName);
  return spec === undefined ? text : text.replace(new RegExp(`\\b${libraryName}\\b`, "g"), `--${spec.name}`);
}

/** The options part of a command's --help, aligned. */
export function formatOptions(specs: readonly OptionSpec[]): string {
  const heads = specs.map((spec) => `${spec.name === "help" ? "-h, " : ""}--${spec.name}${spec.kind === "flag" ? "" : ` ${spec.value ?? "VALUE"}`}`);
  const width = Math.max(...heads.map((head) => head.length)) + 2;
  return specs.map((spec, index) => `  ${heads[index]!.padEnd(width)}${spec.help}`).join("\n");
}
