// mini-swe-agent trajectories (.traj.json): {messages, trajectory_format: "mini-swe-agent-1"} or a bare list of
// {role, content}. An action is one fenced bash block in an assistant message (or a bash tool call); the next
// message is its observation, `<returncode>N</returncode>` then `<output>…</output>` or, past 10,000
// characters, `<output_head>` / `<elided_chars>` / `<output_tail>`. Its environments run each action as a shell
// command line (docker and the SWE-bench ones with `bash -lc`): the span says bash.
import { CallLog } from "./call-log.js";
import type { TranscriptRead } from "./call.js";
import { contentText, isObject, parseObject, stringOr, type JsonObject } from "./json-values.js";

const FENCES = ["```mswea_bash_command", "```bash"];
// Before its rename (2025-07-23) it was nano-swe-agent, and its submission NANO_SWE_AGENT_FINAL_OUTPUT.
const SUBMIT = /COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT|MINI_SWE_AGENT_FINAL_OUTPUT|NANO_SWE_AGENT_FINAL_OUTPUT/;
// Its first observations wrote the code on a line of its own: `<returncode>\n1\n</returncode>`.
const RETURNCODE = /<returncode>\s{0,4}(-?\d{1,4})\s{0,4}<\/returncode>/;
const TIMED_OUT = /^The last command <command>/;
// 2.x's environments catch the subprocess's TimeoutExpired (killed at config.timeout) and answer returncode -1 with
// extra.exception_info "An error occurred while executing the command: Command '…' timed out after N seconds", the
// output printed before the kill beside it (environments/docker.py, local.py; default.yaml's <exception>).
const EXCEPTION_TIMED_OUT = /^An error occurred while executing the command: [^]*timed out after (\d{1,6}(?:\.\d{1,3})?) seconds$/;
// mini-swe-agent's answer to a response without exactly one action: its format_error_template (1.x default.yaml,
// mini_textbased.yaml: "Please always provide EXACTLY ONE action in triple backticks, found N actions."), 2.x's
// "Expected exactly 1 action, found N." and "Tool call error:" (actions_text.py, actions_toolcall.py). 2.x also
// marks the message itself: extra.interrupt_type "FormatError".
const FORMAT_ERROR = /^\s{0,8}(?:Please always provide EXACTLY ONE action|Expected exactly 1 action, found \d|Tool call error:|No tool calls found in the response)/;
// 2.x pads a response's tool calls past the first that failed with this exception_info: they never ran.
const NOT_EXECUTED = "action was not executed";
// 1.x's interactive agent when the user turns an action down at its prompt (a real 1.14.4 run holds it): it never ran.
const REJECTED = /^Command not executed\. The user rejected your command/;

/** An action the agent asked for, kept until its observation shows whether it ran. */
interface PendingAction {
  callId: string | null;
  command: string;
  index: number;
}

/** Reads a mini-swe-agent trajectory: the document, or its bare message list. */
export function readMiniSweAgent(doc: JsonObject | readonly unknown[]): TranscriptRead {
  const messages = Array.isArray(doc) ? doc : Array.isArray((doc as JsonObject).messages) ? ((doc as JsonObject).messages as unknown[]) : [];
  const log = new CallLog();
  // A response's actions become calls only once an observation answers them: a format error means none ran.
  let pending: PendingAction[] = [];
  // The response the last call came from: its other tool calls (2.x runs them in parallel) are of the same turn, so
  // a claim of success after them is about all their results.
  let lastResponse: number | null = null;
  const callOf = (action: PendingAction) => {
    const call = log.call({ callId: action.callId, toolName: "bash", command: action.command, shell: "bash", cwd: null, line: null, index: action.index }, action.index === lastResponse);
    lastResponse = action.index;
    return call;
  };
  // Actions no observation answered (the run stopped): calls without a result, which the log calls unverifiable.
  const unanswered = (): void => {
    for (const action of pending) callOf(action);
    pending = [];
  };
  // 2.x ends a submitted run with {role: "exit", content, extra: {exit_status: "Submitted", submission}}: the submit
  // action's output, which the harness took as the submission instead of showing it to the model. It has no
  // tool_call_id; the response's other actions still pending got no result, and keep their place before it.
  const answerSubmission = (message: JsonObject, content: string): void => {
    const submit = pending.find((action) => SUBMIT.test(action.command));
    if (submit === undefined || !isObject(message.extra) || message.extra.exit_status !== "Submitted") return;
    for (const action of pending) {
      const call = callOf(action);
      if (action === submit) log.resultFor(call, { stdout: content });
    }
    pending = [];
  };
  messages.forEach((message, position) => {
    const index = position + 1;
    if (!isObject(message)) return log.problem(null, index, "a message that is not a JSON object; skipped");
    const content = contentText(message.content);
    if (message.role === "assistant") {
      unanswered();
      log.assistantText(content);
      pending = actionsOf(message, content, index);
      if (pending.some((action) => SUBMIT.test(action.command))) log.declareSuccess();
      return;
    }
    if (message.role === "exit") return answerSubmission(message, content);
    // 2.x answers each tool call with a role tool message: one no action waits for is a result no call made.
    const unasked = (): void => (message.role === "tool" ? log.problem(null, index, "a tool result no action waits for; skipped") : undefined);
    if (pending.length === 0) return unasked();
    if (message.role === "system") return;
    if (isFormatError(message, content)) {
      pending = [];
      return;
    }
    const id = stringOr(message.tool_call_id);
    const action = id !== null ? pending.find((candidate) => candidate.callId === id) : pending.find((candidate) => candidate.callId === null);
    if (action === undefined) return unasked();
    pending = pending.filter((candidate) => candidate !== action);
    if ((isObject(message.extra) && message.extra.exception_info === NOT_EXECUTED) || REJECTED.test(content)) return;
    const call = callOf(action);
    log.resultFor(call, { ...observationOf(content), ...wholeOutputSize(message.extra, content), ...killedAtTimeout(message.extra) });
  });
  unanswered();
  const info = isObject(doc) && !Array.isArray(doc) && isObject(doc.info) ? doc.info : {};
  return { format: "mini-swe-agent", harnessVersion: stringOr(info.mini_version), sessionId: null, calls: log.end(), problems: log.problems };
}

/** The actions of one response: its tool calls, else its fenced blocks, and only when there is exactly one block
 * (mini-swe-agent runs nothing otherwise). */
function actionsOf(message: JsonObject, content: string, index: number): PendingAction[] {
  const calls = toolCallCommands(message.tool_calls);
  if (calls.length > 0) return calls.map((call) => ({ ...call, index }));
  const blocks = fencedCommands(content);
  return blocks.length === 1 ? [{ callId: null, command: blocks[0]!, index }] : [];
}

const isFormatError = (message: JsonObject, content: string): boolean =>
  (isObject(message.extra) && message.extra.interrupt_type === "FormatError") || FORMAT_ERROR.test(content);

// 2.x keeps the command's whole output beside the observation (extra.raw_output, before its template cut it to
// the head and tail): its size is the stream's, where the model saw only part of it. One shorter than the output the
// observation shows is not that output (an edited or damaged trajectory): its size would have the span say fewer
// bytes were written than the model read.
function wholeOutputSize(extra: unknown, content: string): { totalBytes?: number } {
  if (!isObject(extra) || typeof extra.raw_output !== "string") return {};
  const totalBytes = Buffer.byteLength(extra.raw_output);
  const shown = ["output", "output_head", "output_tail"].reduce((sum, tag) => sum + Buffer.byteLength(tagged(content, tag)?.trim() ?? ""), 0);
  return totalBytes >= shown ? { totalBytes } : {};
}

function killedAtTimeout(extra: unknown): { unverifiable?: string; timedOut?: boolean } {
  const info = isObject(extra) ? stringOr(extra.exception_info) : null;
  const timeout = info === null ? null : EXCEPTION_TIMED_OUT.exec(info);
  return timeout ? { unverifiable: `timed out after ${timeout[1]} seconds (mini-swe-agent's command time limit): killed mid-run, its output stops where it was killed`, timedOut: true } : {};
}

function observationOf(content: string): { stdout: string; stderr?: string; returncode?: number; unverifiable?: string; timedOut?: boolean } {
  const code = RETURNCODE.exec(content);
  const output = tagged(content, "output");
  // Until 2025-07-16 the two streams came apart, in <stdout> and <stderr>.
  const stdout = output ?? tagged(content, "stdout");
  const stderr = output === null ? tagged(content, "stderr") : null;
  return {
    stdout: stdout ?? content,
    ...(stdout !== null && stderr !== null ? { stderr } : {}),
    ...(code ? { returncode: Number(code[1]) } : {}),
    ...(TIMED_OUT.test(content)
      ? { unverifiable: "timed out and killed (mini-swe-agent's command time limit): its output stops where it was killed", timedOut: true }
      : {}),
  };
}

// The text between `<tag>\n` and the last `</tag>`; null where the observation has no such part.
function tagged(content: string, tag: string): string | null {
  const open = content.indexOf(`<${tag}>\n`);
  const close = content.lastIndexOf(`</${tag}>`);
  return open !== -1 && close > open ? content.slice(open + tag.length + 3, close) : null;
}

/** Every fenced action block, as mini-swe-agent's action_regex finds them (the fence, a line, the body, a fence). */
function fencedCommands(content: string): string[] {
  const commands: string[] = [];
  for (const fence of FENCES) {
    for (let start = content.indexOf(`${fence}\n`); start !== -1; start = content.indexOf(`${fence}\n`, start + 1)) {
      const body = start + fence.length + 1;
      const end = content.indexOf("```", body);
      if (end === -1) break;
      commands.push(content.slice(body, end).replace(/\n$/, ""));
      start = end;
    }
    if (commands.length > 0) return commands;
  }
  return commands;
}

function toolCallCommands(calls: unknown): { callId: string | null; command: string }[] {
  if (!Array.isArray(calls)) return [];
  const commands: { callId: string | null; command: string }[] = [];
  for (const call of calls) {
    const fn = isObject(call) && isObject(call.function) ? call.function : null;
    if (!fn || typeof fn.arguments !== "string") continue;
    const args = parseObject(fn.arguments);
    if (args !== null && typeof args.command === "string") commands.push({ callId: stringOr((call as JsonObject).id), command: args.command });
  }
  return commands;
}
