// `toolspan mcp`: a stdio MCP server whose tools run shell commands and show, page, search and verify what was cut.
// The MCP SDK is loaded here only, when the command runs: no other command pays for it at start-up.
import { DEFAULT_MAX_RUNS, DEFAULT_RUN_TIMEOUT_SECONDS } from "../mcp/limits.js";
import { newRunId } from "../run/ids.js";
import { toolspanHome } from "../store/home.js";
import { defineCommand } from "./define-command.js";
import type { OptionSpec } from "./option-parser.js";
import { UsageError } from "./usage-error.js";

const OPTIONS = [
  { name: "max-runs", kind: "count", value: "N", min: 1, help: `commands running at once at most; more wait for a free slot (default ${DEFAULT_MAX_RUNS})` },
  { name: "timeout", kind: "seconds", value: "SECONDS", positive: true, help: `stop a command after this long unless the call says otherwise (default ${DEFAULT_RUN_TIMEOUT_SECONDS})` },
  { name: "session", kind: "string", value: "ID", help: "the session's id: its run_id and run file (default a new id)" },
] as const satisfies readonly OptionSpec[];

const USAGE = `Usage: toolspan mcp [--max-runs N] [--timeout SECONDS] [--session ID]

A Model Context Protocol server on stdin and stdout, for any MCP client (Claude
Code, Codex CLI, Gemini CLI, Cursor, ...). Its tools:

  run            run a shell command (bash -c); the answer keeps the head and
                 tail of a long output and says exactly which bytes were cut
  read_output    any byte range of a stored output, verified by sha256
  search_output  the lines of a whole stored output that match a pattern
  spans          this session's calls that need a second look

Every span goes to $TOOLSPAN_HOME/runs/mcp/SESSION.jsonl (one file per session)
and every stream to $TOOLSPAN_HOME/store, kept within TOOLSPAN_STORE_BUDGET as
the hook sessions are. 'toolspan init claude-code --mcp' (or codex, gemini)
adds the server to a client's settings. See docs/mcp.md.`;

const NOTES = `Exit status: 0 when the client closes the session; 2 for a usage error.`;

export const command = defineCommand({
  name: "mcp",
  summary: "an MCP server: run shell commands, and page, search and verify what was cut of their output",
  usage: USAGE,
  notes: NOTES,
  options: OPTIONS,
  interleaved: false,
  async run({ options, rest }, io) {
    if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}'`, "toolspan mcp [--max-runs N] [--timeout SECONDS] [--session ID]");
    const session = options.session;
    if (session === "") throw new UsageError("--session takes a non-empty id");
    const { serveMcp } = await import("../mcp/serve.js");
    await serveMcp({
      home: toolspanHome(io.env),
      sessionId: session ?? newRunId(),
      cwd: process.cwd(),
      env: io.env,
      maxRuns: options.maxRuns ?? DEFAULT_MAX_RUNS,
      timeoutSeconds: options.timeout ?? DEFAULT_RUN_TIMEOUT_SECONDS,
    });
    return 0;
  },
});
