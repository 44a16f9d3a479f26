// `toolspan hook HARNESS`: the command a harness runs before each tool call. It reads the hook's JSON on stdin and
// answers with the shell command rewritten to run through `toolspan wrap --harness`. It never blocks a call: input it
// cannot read passes through untouched (no answer, exit 0) with one line on stderr saying why.
import { readSync } from "node:fs";
import { HOOKS } from "../harness/hooks.js";
import { wrappedCommand, type HarnessHook } from "../harness/hook.js";
import { HARNESS_IDS } from "../harness/profiles.js";
import { escapeControls } from "../formats/safe-text.js";
import { defineCommand } from "./define-command.js";
import { selfInvocation } from "./self-invocation.js";

const USAGE = `Usage: toolspan hook claude-code|codex|gemini

The hook command 'toolspan init' writes into a harness's settings: the harness
runs it before each tool call with the call as JSON on stdin. For a shell call
it answers with the command rewritten as

  toolspan wrap --harness HARNESS --session SESSION_ID -- bash -c 'COMMAND'

so the call runs whole, toolspan keeps what the harness passes on, and the
span and stream are kept under $TOOLSPAN_HOME (default ~/.toolspan). Every
other field of the tool input is kept. Anything else (another tool, input it
cannot read, a background command) passes through untouched: no answer, one
line on stderr. It never blocks a call. See docs/harnesses.md.`;

const NOTES = `Exit status: 0, whatever the input (a harness reads some other codes as "block
the call"); 1 for an unknown harness name.`;

// A hook input is a few KB; past this it is not one, and is not read further.
const MAX_INPUT_BYTES = 4 * 1024 * 1024;

// Read synchronously from fd 0: the hook runs before every tool call, and the stream machinery costs start-up time.
function readInput(): string | null {
  const buffer = Buffer.alloc(MAX_INPUT_BYTES + 1);
  let size = 0;
  for (;;) {
    let read: number;
    try {
      read = readSync(0, buffer, size, buffer.length - size, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EAGAIN") continue;
      if ((error as NodeJS.ErrnoException).code === "EOF") break;
      throw error;
    }
    if (read === 0) break;
    size += read;
    if (size > MAX_INPUT_BYTES) return null;
  }
  return buffer.subarray(0, size).toString("utf8");
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const passThrough = (harness: string, reason: string): number => {
  process.stderr.write(`toolspan hook ${harness}: passed through: ${escapeControls(reason)}\n`);
  return 0;
};

/** The answer to one hook input, or why it passes through. */
export function answerHook(hook: HarnessHook, text: string | null, invocation: string): { answer: Record<string, unknown> } | { pass: string } {
  if (text === null) return { pass: `the input is larger than ${MAX_INPUT_BYTES} bytes` };
  const input = parseObject(text);
  if (input === null) return { pass: "the input is not a JSON object" };
  const call = hook.read(input);
  if ("pass" in call) return call;
  return { answer: hook.answer(call, wrappedCommand(invocation, hook.id, call, hook.wrapArgs?.(call, process.env) ?? [])) };
}

export const command = defineCommand({
  name: "hook",
  summary: "the hook a harness runs before each tool call: rewrites shell calls to run through wrap",
  usage: USAGE,
  notes: NOTES,
  // Read here, not by the option parser: an argument it would refuse (exit 2) reads to a harness as "block the call".
  parse: (args) => ({ options: { help: args.includes("--help") || args.includes("-h") ? true : undefined }, args }),
  async run({ args }, io) {
    const [harness, ...rest] = args;
    const id = HARNESS_IDS.find((known) => known === harness);
    if (id === undefined || rest.length > 0) {
      io.stderr.write(`toolspan: give one harness: ${HARNESS_IDS.join(", ")} (got ${escapeControls(args.join(" ") || "none")})\n`);
      return 1;
    }
    const hook = await HOOKS[id]();
    const result = answerHook(hook, readInput(), selfInvocation(io.env));
    if ("pass" in result) return passThrough(id, result.pass);
    io.stdout.write(`${JSON.stringify(result.answer)}\n`);
    return 0;
  },
});
