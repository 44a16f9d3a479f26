// What a harness hook does, whichever harness: read the harness's hook input, find the shell command, and answer
// with the command rewritten to run through `toolspan wrap`; anything it cannot read passes through untouched.
import { shellQuote } from "../formats/safe-text.js";
import type { HarnessId } from "./profiles.js";

/** A shell call found in a hook input: the command, the session it belongs to, and the tool input to keep. */
export interface ShellCall {
  command: string;
  sessionId: string;
  /** Every field of the harness's tool input, kept as it came; only the command is replaced. */
  toolInput: Record<string, unknown>;
  /** Set by a harness that asks for it: the user's own rules allow the original command. */
  allowed?: boolean;
}

/** A hook input toolspan leaves alone, and why (one line, for the hook's stderr). */
export interface PassThrough {
  pass: string;
}

/** One harness's hook: how to read its input and how to answer with a rewritten command. */
export interface HarnessHook {
  id: HarnessId;
  /** The shell call in `input` (the parsed hook JSON), or why it is not one toolspan wraps. */
  read(input: Record<string, unknown>): ShellCall | PassThrough;
  /** The hook's answer: the harness runs `command` in place of the call's own, every other field unchanged. */
  answer(call: ShellCall, command: string): Record<string, unknown>;
  /** wrap options the harness's own settings call for (e.g. a lower output limit the user configured). */
  wrapArgs?(call: ShellCall, env: NodeJS.ProcessEnv): string[];
}

/** A JSON object's field as a non-empty string, or null. */
export function textField(record: Record<string, unknown>, key: string): string | null {
  const value = record[key];
  return typeof value === "string" && value !== "" ? value : null;
}

/** A field that must hold a JSON object, or null. */
export function objectField(record: Record<string, unknown>, key: string): Record<string, unknown> | null {
  const value = record[key];
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The shell call of a hook input shaped `{session_id, tool_name, tool_input: {command}}`, the shape all three
 * harnesses share: `tools` names the shell tool(s), `event` the hook event it must come from. */
export function readShellCall(input: Record<string, unknown>, event: string, tools: readonly string[]): ShellCall | PassThrough {
  const name = textField(input, "hook_event_name");
  if (name !== null && name !== event) return { pass: `not a ${event} hook input (hook_event_name ${JSON.stringify(name)})` };
  const tool = textField(input, "tool_name");
  if (tool === null || !tools.includes(tool)) return { pass: `not a shell call (tool_name ${JSON.stringify(input.tool_name ?? null)})` };
  const toolInput = objectField(input, "tool_input");
  if (toolInput === null) return { pass: "tool_input is not an object" };
  const command = toolInput.command;
  if (typeof command !== "string" || command.trim() === "") return { pass: "tool_input.command is not a non-empty string" };
  // No argv can hold a NUL byte: such a command cannot be handed to bash -c, so the harness deals with it.
  if (command.includes("\u0000")) return { pass: "tool_input.command holds a NUL character" };
  const sessionId = textField(input, "session_id");
  if (sessionId === null) return { pass: "session_id is not a non-empty string" };
  return { command, sessionId, toolInput };
}

// Words that set up a command rather than being it: `cd x && pytest` is a pytest call, `env A=1 npm test` an npm one.
const SETUP = new Set(["cd", "pushd", "popd", "export", "source", ".", "set", "unset", "alias"]);
const PREFIXES = new Set(["env", "sudo", "time", "nohup", "nice", "timeout", "exec", "command"]);

/** The program a shell command runs, for the span's tool_name: the first word of its first simple command that is not
 * set-up, past VAR=value words and prefixes like `env` or `timeout 600`; null when it has no plain word for one. */
export function commandToolName(command: string): string | null {
  for (const segment of command.slice(0, 4096).split(/&&|\|\||[;|\n]/)) {
    const words = segment.trim().split(/\s+/).filter(Boolean);
    let i = 0;
    while (i < words.length && (/^[A-Za-z_]\w*=/.test(words[i]!) || PREFIXES.has(words[i]!) || /^-|^\d+[smhd]?$/.test(words[i]!))) i++;
    const word = words[i];
    if (word === undefined || SETUP.has(word)) continue;
    const name = word.slice(word.lastIndexOf("/") + 1);
    return /^[\w.+-]{1,64}$/.test(name) ? name : null;
  }
  return null;
}

/** The command a harness runs instead of `command`: the original, whole, under `bash -c`, through `toolspan wrap`
 * in this harness's mode. `wrapArgs` are further wrap options (e.g. a limit read from the harness's settings). */
export function wrappedCommand(invocation: string, harness: HarnessId, call: ShellCall, wrapArgs: readonly string[] = []): string {
  const toolName = commandToolName(call.command);
  const named = toolName === null ? [] : ["--tool-name", toolName];
  const options = ["--harness", harness, "--session", call.sessionId, ...named, ...wrapArgs].map(shellQuote).join(" ");
  return `${invocation} wrap ${options} -- bash -c ${shellQuote(call.command)}`;
}
