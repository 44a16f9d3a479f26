// A small argv parser driven by option tables, so each command's parsing and --help come from one description.
import { UsageError } from "./usage-error.js";

/** One option of a command, as data: the parser and the help text both read it. */
export interface OptionSpec {
  /** Long name without dashes, e.g. `cap`. */
  name: string;
  /** `flag` takes no value; the others take one. */
  kind: "flag" | "count" | "seconds" | "string" | "choice";
  /** Placeholder in help, e.g. `N`. */
  value?: string;
  /** Allowed values of a `choice`. */
  choices?: readonly string[];
  /** Smallest allowed number for `count` (default 0). */
  min?: number;
  /** `seconds` must be greater than 0 (a limit of 0 would stop the command at once). */
  positive?: boolean;
  /** May be given more than once; the values are gathered in order. */
  repeat?: boolean;
  help: string;
}

export type ParsedValue = boolean | number | string | string[];

export interface ParsedArgs {
  options: Map<string, ParsedValue>;
  /** Everything after `--`, or from the first argument that is not an option. */
  rest: string[];
}

function parseValue(spec: OptionSpec, raw: string, shown: string): ParsedValue {
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
export function parseArgs(args: readonly string[], specs: readonly OptionSpec[], interleaved = false): ParsedArgs {
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  const options = new Map<string, ParsedValue>();
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
      options.set("help", true);
      continue;
    }
    if (!arg.startsWith("--")) throw new UsageError(`unknown option '${arg}'`);
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const spec = byName.get(name);
    if (!spec) throw new UsageError(`unknown option '--${name}'`);
    const shown = `--${name}`;
    if (spec.kind === "flag") {
      if (eq !== -1) throw new UsageError(`${shown} takes no value`);
      options.set(name, true);
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
    if (spec.repeat) options.set(name, [...((options.get(name) as string[] | undefined) ?? []), String(value)]);
    else options.set(name, value);
  }
  return { options, rest: [...positionals, ...args.slice(i)] };
}

/** The options part of a command's --help, aligned. */
export function formatOptions(specs: readonly OptionSpec[]): string {
  const heads = specs.map((spec) => `${spec.name === "help" ? "-h, " : ""}--${spec.name}${spec.kind === "flag" ? "" : ` ${spec.value ?? "VALUE"}`}`);
  const width = Math.max(...heads.map((head) => head.length)) + 2;
  return specs.map((spec, index) => `  ${heads[index]!.padEnd(width)}${spec.help}`).join("\n");
}
