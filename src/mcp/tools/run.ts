// `run`: a shell command, run whole under `bash -c` in its own process group with standard input /dev/null unless
// given, every byte stored, the span in the session's run file; the answer keeps the head and tail of the output
// and says exactly what was cut and which calls show it.
import { join, resolve } from "node:path";
import { commandToolName } from "../../harness/hook.js";
import { planKeep } from "../../harness/keep-plan.js";
import { runTool } from "../../run/run-tool.js";
import { DEFAULT_SESSION_STORE_MAX } from "../../store/home.js";
import { sweepHomeWhenDue } from "../../store/home-sweep.js";
import { VERSION } from "../../util/version.js";
import { COMMAND_MAX_CHARS, MAX_RUN_TIMEOUT_SECONDS, RUN_KEEP_BYTES, STDIN_MAX_CHARS } from "../limits.js";
import { reportProgress } from "../progress.js";
import { runAnswer } from "../run-answer.js";
import { stdinFile } from "../stdin-file.js";
import { ToolFailure, type McpTool } from "../tool.js";
import { RUN_OUTPUT_SCHEMA } from "./run-schema.js";

export const runCommand: McpTool = {
  name: "run",
  title: "Run a shell command",
  description:
    `Runs a shell command with bash -c and returns its output: all of it when it is short, else its first and last bytes (${RUN_KEEP_BYTES} in all) ` +
    "with the cut marked where it is. The answer says exactly which bytes you got and which were cut, and gives the search_output and read_output " +
    "calls that show the rest: every byte is stored and verified by sha256. Standard input is empty unless you give `stdin`. " +
    "Each call is a new shell: `cd` and variables do not carry over (use `cwd`).",
  inputSchema: {
    type: "object",
    properties: {
      command: { type: "string", minLength: 1, maxLength: COMMAND_MAX_CHARS, description: "the command line, run as bash -c COMMAND" },
      cwd: { type: "string", minLength: 1, maxLength: 4096, description: "the working folder (default: the server's); a relative path is taken from the server's" },
      timeout_seconds: {
        type: "number",
        exclusiveMinimum: 0,
        maximum: MAX_RUN_TIMEOUT_SECONDS,
        description: "stop the command after this long: SIGTERM to its process group, SIGKILL 2 s later (default 600)",
      },
      stdin: { type: "string", maxLength: STDIN_MAX_CHARS, description: "text the command reads on standard input (default: none, as /dev/null)" },
    },
    required: ["command"],
    additionalProperties: false,
  },
  outputSchema: RUN_OUTPUT_SCHEMA,
  annotations: { title: "Run a shell command", readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  async call(args, context) {
    const { session } = context;
    const command = args.command as string;
    if (command.includes("\u0000")) throw new ToolFailure("command holds a NUL character, which no argv can carry");
    const cwd = resolve(session.cwd, (args.cwd as string | undefined) ?? ".");
    const timeout = (args.timeout_seconds as number | undefined) ?? session.timeoutSeconds;
    const runFile = session.openRunFile();
    const signal = session.runSignal(context.signal);
    let waiting = true;
    const stopProgress = reportProgress(context, timeout, (elapsed) =>
      waiting ? `waiting for a free run slot (${session.slots.running} commands running)` : `running for ${Math.round(elapsed)} s`,
    );
    let release: (() => void) | null = null;
    const input = typeof args.stdin === "string" ? stdinFile(join(session.home, "tmp"), args.stdin) : null;
    try {
      release = await session.slots.acquire(signal);
      waiting = false;
      // Tracked until the span is written: a server that stops waits for it.
      const span = session.track(
        runTool(["bash", "-c", command], {
          cwd,
          env: session.env,
          stdin: input?.fd ?? "ignore",
          timeoutSeconds: timeout,
          runId: session.id,
          parentSpanId: null,
          toolName: commandToolName(command) ?? "bash",
          signal,
          store: { dir: session.storeDir, maxBytes: DEFAULT_SESSION_STORE_MAX },
          deferredKeep: { maxCap: RUN_KEEP_BYTES, settle: (ended) => planKeep(RUN_KEEP_BYTES, { stdout: ended.stdoutBytes, stderr: ended.stderrBytes }) },
          harness: `mcp@${VERSION}`,
          unfinished: { file: runFile.path },
        }).then((result) => {
          runFile.append(JSON.stringify(result.span));
          return result;
        }),
      );
      const result = await span;
      await session.blobs.written(result.span.stdout_blob, result.span.stdout_bytes);
      await session.blobs.written(result.span.stderr_blob, result.span.stderr_bytes);
      void sweepHomeWhenDue(session.home, session.env);
      return runAnswer(result.span, command, result.stdout, result.stderr);
    } finally {
      release?.();
      input?.close();
      stopProgress();
    }
  },
};
