// Every command's name and one-line summary, and how to load it: `toolspan --help` reads this table alone, and
// main.ts loads only the module of the command that runs (a test keeps each summary equal to its module's).
import type { Command } from "./define-command.js";

interface CommandEntry {
  summary: string;
  load: () => Promise<Command>;
}

export const COMMANDS: Readonly<Record<string, CommandEntry>> = {
  wrap: {
    summary: "run a command, pass through what the cap keeps, record the span",
    load: async () => (await import("./wrap.js")).command,
  },
  lint: {
    summary: "check trace files against the span contract",
    load: async () => (await import("./lint.js")).command,
  },
  triage: {
    summary: "which spans deserve distrust, and what to do first about each",
    load: async () => (await import("./triage.js")).command,
  },
  report: {
    summary: "a run's figures for an incident review: clipped, never seen, failed, where to look first",
    load: async () => (await import("./report.js")).command,
  },
  rerun: {
    summary: "rerun a recorded span's argv with no cap, verify it by hash, show what the model never saw",
    load: async () => (await import("./rerun.js")).command,
  },
  debug: {
    summary: "the debug loop in one command: lint, find clipped spans, rerun and verify each, say what next",
    load: async () => (await import("./debug.js")).command,
  },
  audit: {
    summary: "find the clipped tool results in transcripts agents already wrote",
    load: async () => (await import("./audit.js")).command,
  },
  convert: {
    summary: "convert span files between toolspan JSONL and OTLP/JSON",
    load: async () => (await import("./convert.js")).command,
  },
  show: {
    summary: "print a stored stream, or only the bytes the model never saw, verified against the span",
    load: async () => (await import("./show.js")).command,
  },
  gc: {
    summary: "remove old blobs no run file names from a blob store",
    load: async () => (await import("./gc.js")).command,
  },
  init: {
    summary: "put toolspan in front of a harness's shell calls: writes its hook into the harness's settings",
    load: async () => (await import("./init.js")).command,
  },
  hook: {
    summary: "the hook a harness runs before each tool call: rewrites shell calls to run through wrap",
    load: async () => (await import("./hook.js")).command,
  },
  mcp: {
    summary: "an MCP server: run shell commands, and page, search and verify what was cut of their output",
    load: async () => (await import("./mcp.js")).command,
  },
  demo: {
    summary: "wrap a bundled test run whose failing assertion lies past the cap",
    load: async () => (await import("./demo.js")).command,
  },
};

/** The commands, in the order `toolspan --help` lists them. */
export const COMMAND_NAMES: readonly string[] = Object.keys(COMMANDS);

/** The entry of `name`, or undefined (never an Object.prototype member: `constructor`, `toString`). */
export function commandEntry(name: string): CommandEntry | undefined {
  return Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
}
