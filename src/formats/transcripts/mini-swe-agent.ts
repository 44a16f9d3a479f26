// mini-swe-agent trajectories (.traj.json): {messages, trajectory_format: "mini-swe-agent-1"} or a bare list of
// {role, content}. An action is one fenced bash block in an assistant message (or a bash tool call); the next
// message is its observation, `<returncode>N</returncode>` then `<output>…</output>` or, past 10,000
// characters, `<output_head>` / `<elided_chars>` / `<output_tail>`.
import { CallLog } from "./call-log.js";
import type { TranscriptRead } from "./call.js";
import { contentText, isObject, parseObject, stringOr, type JsonObject } from "./json-values.js";

const FENCES = ["```mswea_bash_command", "```bash"];
const SUBMIT = /COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT|MINI_SWE_AGENT_FINAL_OUTPUT/;
const RETURNCODE = /<returncode>(-?\d{1,4})<\/returncode>/;
const TIMED_OUT = /^The last command <command>/;

/** Reads a mini-swe-agent trajectory: the document, or its bare message list. */
export function readMiniSweAgent(doc: JsonObject | readonly unknown[]): TranscriptRead {
  const messages = Array.isArray(doc) ? doc : Array.isArray((doc as JsonObject).messages) ? ((doc as JsonObject).messages as unknown[]) : [];
  const log = new CallLog();
  let waiting: ReturnType<CallLog["call"]> | null = null;
  messages.forEach((message, position) => {
    const index = position + 1;
    if (!isObject(message)) return log.problem(null, index, "a message that is not a JSON object; skipped");
    const content = contentText(message.content);
    if (message.role === "assistant") {
      log.assistantText(content);
      const command = fencedCommand(content) ?? toolCallCommand(message.tool_calls);
      if (command === null) return;
      if (SUBMIT.test(command)) log.declareSuccess();
      waiting = log.call({ callId: null, toolName: "bash", command, cwd: null, line: null, index });
      return;
    }
    if (waiting === null || message.role === "system") return;
    log.resultFor(waiting, observationOf(content));
    waiting = null;
  });
  const info = isObject(doc) && !Array.isArray(doc) && isObject(doc.info) ? doc.info : {};
  return { format: "mini-swe-agent", harnessVersion: stringOr(info.mini_version), sessionId: null, calls: log.end(), problems: log.problems };
}

function observationOf(content: string): { stdout: string; returncode?: number; unverifiable?: string } {
  const code = RETURNCODE.exec(content);
  const open = content.indexOf("<output>\n");
  const close = content.lastIndexOf("</output>");
  const stdout = open !== -1 && close > open ? content.slice(open + "<output>\n".length, close) : content;
  return {
    stdout,
    ...(code ? { returncode: Number(code[1]) } : {}),
    ...(TIMED_OUT.test(content) ? { unverifiable: "timed out and killed" } : {}),
  };
}

function fencedCommand(content: string): string | null {
  for (const fence of FENCES) {
    const start = content.indexOf(`${fence}\n`);
    if (start === -1) continue;
    const body = start + fence.length + 1;
    const end = content.indexOf("```", body);
    if (end !== -1) return content.slice(body, end).replace(/\n$/, "");
  }
  return null;
}

function toolCallCommand(calls: unknown): string | null {
  if (!Array.isArray(calls)) return null;
  for (const call of calls) {
    const fn = isObject(call) && isObject(call.function) ? call.function : null;
    if (!fn || typeof fn.arguments !== "string") continue;
    const args = parseObject(fn.arguments);
    if (args !== null && typeof args.command === "string") return args.command;
  }
  return null;
}
