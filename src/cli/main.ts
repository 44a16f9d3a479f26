// The toolspan command: picks a subcommand, loads only that one, and turns errors into exit statuses.
import { escapeControls } from "../formats/safe-text.js";
import { flushed } from "./output.js";
import { UsageError } from "./usage-error.js";
import { VERSION } from "../util/version.js";

const COMMANDS: Record<string, { summary: string; load: () => Promise<(args: readonly string[]) => Promise<number>> }> = {
  wrap: {
    summary: "run a command, pass through what the cap keeps, record the span",
    load: async () => (await import("./wrap.js")).wrapCommand,
  },
  lint: {
    summary: "check trace files against the span contract",
    load: async () => (await import("./lint.js")).lintCommand,
  },
  triage: {
    summary: "which spans deserve distrust, and what to do first about each",
    load: async () => (await import("./triage.js")).triageCommand,
  },
  report: {
    summary: "a run's figures for an incident review: clipped, never seen, failed, where to look first",
    load: async () => (await import("./report.js")).reportCommand,
  },
  rerun: {
    summary: "rerun a recorded span's argv with no cap, verify it by hash, show what the model never saw",
    load: async () => (await import("./rerun.js")).rerunCommand,
  },
  debug: {
    summary: "the debug loop in one command: lint, find clipped spans, rerun and verify each, say what next",
    load: async () => (await import("./debug.js")).debugCommand,
  },
  audit: {
    summary: "find the clipped tool results in transcripts agents already wrote",
    load: async () => (await import("./audit.js")).auditCommand,
  },
  convert: {
    summary: "convert span files between toolspan JSONL and OTLP/JSON",
    load: async () => (await import("./convert.js")).convertCommand,
  },
  show: {
    summary: "print a stored stream, or only the bytes the model never saw, verified against the span",
    load: async () => (await import("./show.js")).showCommand,
  },
  gc: {
    summary: "remove old blobs no run file names from a blob store",
    load: async () => (await import("./gc.js")).gcCommand,
  },
  init: {
    summary: "put toolspan in front of a harness's shell calls: writes its hook into the harness's settings",
    load: async () => (await import("./init.js")).initCommand,
  },
  hook: {
    summary: "the hook a harness runs before each tool call: rewrites shell calls to run through wrap",
    load: async () => (await import("./hook.js")).hookCommand,
  },
  mcp: {
    summary: "an MCP server: run shell commands, and page, search and verify what was cut of their output",
    load: async () => (await import("./mcp.js")).mcpCommand,
  },
  demo: {
    summary: "wrap a bundled test run whose failing assertion lies past the cap",
    load: async () => (await import("./demo.js")).demoCommand,
  },
};

const NAME_WIDTH = Math.max(...Object.keys(COMMANDS).map((name) => name.length)) + 2;

const HELP = `toolspan ${VERSION}: honest tool spans for coding agents.

Usage: toolspan COMMAND [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, command]) => `  ${name.padEnd(NAME_WIDTH)}${command.summary}`)
  .join("\n")}

Run 'toolspan COMMAND --help' for a command's options.
The span contract is CONTRACT.md in the package; docs/ has a page per command.`;

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
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined; // not `constructor`, `toString`
  if (!command) throw new UsageError(`unknown command '${name}'`, "toolspan --help lists the commands");
  return (await command.load())(args);
}

/** Prints an error in one line, escaped (it may quote an argument or a file), a usage error with its hint and where
 * the command's help is; the exit status. */
function report(error: unknown, command: string | undefined): number {
  if (error instanceof UsageError) {
    const hint = error.hint ? `\nusage: ${error.hint}` : "";
    const help = command !== undefined && Object.hasOwn(COMMANDS, command) ? `toolspan ${command} --help` : "toolspan --help";
    process.stderr.write(`toolspan: ${escapeControls(error.message)}${hint}\n(see ${help})\n`);
    return 2;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`toolspan: ${escapeControls(message)}\n`);
  return 2;
}

// Exit only once what the command wrote is handed on: a slow pipe would otherwise lose its tail.
async function exitWith(code: number): Promise<never> {
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}

main(process.argv.slice(2)).then(
  (code) => exitWith(code),
  (error: unknown) => exitWith(report(error, process.argv[2])),
);
