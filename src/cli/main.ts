// The toolspan command: picks a subcommand, loads only that one, answers --help for every command, and turns
// errors into exit statuses (failure.ts).
import { COMMANDS, COMMAND_NAMES, commandEntry } from "./commands.js";
import type { Command } from "./define-command.js";
import { flushed } from "./output.js";
import { UsageError } from "./usage-error.js";
import { VERSION } from "../util/version.js";

const NAME_WIDTH = Math.max(...COMMAND_NAMES.map((name) => name.length)) + 2;

const HELP = `toolspan ${VERSION}: honest tool spans for coding agents.

Usage: toolspan COMMAND [options]

Commands:
${COMMAND_NAMES.map((name) => `  ${name.padEnd(NAME_WIDTH)}${COMMANDS[name]!.summary}`).join("\n")}

Run 'toolspan COMMAND --help' for a command's options.
The span contract is CONTRACT.md in the package; docs/ has a page per command.`;

async function runCommand(command: Command, args: readonly string[]): Promise<number> {
  const prepared = command.prepare(args);
  if (prepared.help) {
    process.stdout.write(`${command.help()}\n`);
    return 0;
  }
  return prepared.run({ stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env });
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(`${HELP}\n`);
    return name === undefined ? 2 : 0;
  }
  if (name === "--version" || name === "-V") {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const entry = commandEntry(name);
  if (!entry) throw new UsageError(`unknown command '${name}'`, "toolspan --help lists the commands");
  const command = await entry.load();
  try {
    return await runCommand(command, args);
  } catch (error) {
    return report(error, command);
  }
}

// Loaded only when something failed: a run that succeeds does not pay for it at start-up.
async function report(error: unknown, command: Command | undefined): Promise<number> {
  const { failureReport } = await import("./failure.js");
  const { text, code } = failureReport(error, command);
  process.stderr.write(text);
  return code;
}

// Exit only once what the command wrote is handed on: a slow pipe would otherwise lose its tail.
async function exitWith(code: number): Promise<never> {
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}

main(process.argv.slice(2)).then(
  (code) => exitWith(code),
  async (error: unknown) => exitWith(await report(error, undefined)),
);
