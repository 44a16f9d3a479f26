// One shape for every command: its name, summary, help text and option table as data, and a run that takes the
// options parsed and typed from that table. main.ts owns the rest: --help, errors and exit statuses. An option with
// an `env` variable sets it before the run, so no command has to remember to.
import { applyEnvOptions, formatOptions, parseArgs, type OptionSpec, type ParsedArgs } from "./option-parser.js";

/** --help, which every command has: main.ts answers it, no command repeats it. */
export const HELP_OPTION = { name: "help", kind: "flag", help: "show this help" } as const satisfies OptionSpec;

/** What a command reads and writes besides its files. */
export interface CommandIo {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
}

type WithHelp<Specs extends readonly OptionSpec[]> = readonly [...Specs, typeof HELP_OPTION];

/** What every parse yields at least: whether --help was asked for. */
export interface HelpRequest {
  options: { help?: true };
}

interface CommandText {
  name: string;
  /** One line for `toolspan --help` (kept equal to the one in commands.ts by a test). */
  summary: string;
  /** The head of --help: the usage lines and what the command does, up to its options. */
  usage: string;
  /** The rest of --help, after the options: exit statuses, examples. */
  notes?: string;
}

/** A command whose arguments are options from a table, then positionals. */
export interface OptionCommand<Specs extends readonly OptionSpec[]> extends CommandText {
  /** The options, --help left out (it is added). */
  options: Specs;
  /** Whether options may follow positionals (default true); false stops at the first one (wrap's command). */
  interleaved?: boolean;
  run(parsed: ParsedArgs<WithHelp<Specs>>, io: CommandIo): Promise<number>;
}

/** A command that reads its arguments itself (hook, whose every answer must exit 0 or 1); it has only --help. */
export interface RawCommand<Parsed extends HelpRequest> extends CommandText {
  parse(args: readonly string[]): Parsed;
  run(parsed: Parsed, io: CommandIo): Promise<number>;
}

/** A command as main.ts runs it. */
export interface Command {
  readonly name: string;
  readonly summary: string;
  /** Its options, --help included. */
  readonly options: readonly OptionSpec[];
  /** The whole --help text. */
  help(): string;
  /** Parses `args` (throwing UsageError): --help asked for, or the run, ready to start. */
  prepare(args: readonly string[]): { help: true } | { help: false; run: (io: CommandIo) => Promise<number> };
}

function prepared<Parsed extends HelpRequest>(parsed: Parsed, run: (parsed: Parsed, io: CommandIo) => Promise<number>): ReturnType<Command["prepare"]> {
  return parsed.options.help ? { help: true } : { help: false, run: (io) => run(parsed, io) };
}

export function defineCommand<const Specs extends readonly OptionSpec[]>(definition: OptionCommand<Specs>): Command;
export function defineCommand<Parsed extends HelpRequest>(definition: RawCommand<Parsed>): Command;
export function defineCommand(definition: OptionCommand<readonly OptionSpec[]> | RawCommand<HelpRequest>): Command {
  const options: readonly OptionSpec[] = "parse" in definition ? [HELP_OPTION] : [...definition.options, HELP_OPTION];
  const notes = definition.notes === undefined ? "" : `\n\n${definition.notes}`;
  return {
    name: definition.name,
    summary: definition.summary,
    options,
    help: () => `${definition.usage}\n\nOptions:\n${formatOptions(options)}${notes}`,
    prepare: (args) =>
      "parse" in definition
        ? prepared(definition.parse(args), (parsed, io) => definition.run(parsed, io))
        : prepared(parseArgs(args, options, definition.interleaved ?? true), (parsed, io) => {
            applyEnvOptions(parsed.options, options, io.env);
            return definition.run(parsed, io);
          }),
  };
}
