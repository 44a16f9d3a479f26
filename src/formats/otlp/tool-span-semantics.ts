// What the OpenTelemetry conventions say about a tool call that runs a process (GenAI `execute_tool`, CLI
// spans), derived from a contract record: one place for the live span and for `convert`.
import { basename } from "node:path";
import type { AttributeValue } from "./contract-attributes.js";

/** `execute_tool {tool_name}`, the GenAI conventions' span name. */
export const spanName = (record: Record<string, unknown>): string =>
  `execute_tool ${typeof record.tool_name === "string" ? record.tool_name : "tool"}`.trimEnd();

/** The conventions' `error.type` for a command that did not succeed, null when it did: why it could not start,
 * `timeout`, or the exit code as a string (CLI spans). */
export function errorType(record: Record<string, unknown>): string | null {
  if (typeof record.error === "string") return record.error.split(":")[0]!;
  if (record.timed_out === true) return "timeout";
  return typeof record.returncode === "number" && record.returncode !== 0 ? String(record.returncode) : null;
}

/** The conventions' attributes; the command's arguments only when `recordArgs` (they may hold secrets). */
export function semanticAttributes(record: Record<string, unknown>, recordArgs: boolean): Record<string, AttributeValue> {
  const argv = Array.isArray(record.argv) && record.argv.every((item) => typeof item === "string") ? (record.argv as string[]) : null;
  const attributes: Record<string, AttributeValue> = { "gen_ai.operation.name": "execute_tool" };
  if (typeof record.tool_name === "string") attributes["gen_ai.tool.name"] = record.tool_name;
  const executable = argv?.[0] ? basename(argv[0]) : record.tool_name;
  if (typeof executable === "string") attributes["process.executable.name"] = executable;
  if (recordArgs && argv) attributes["process.command_args"] = argv;
  if (typeof record.returncode === "number") attributes["process.exit.code"] = record.returncode;
  const failure = errorType(record);
  if (failure !== null) attributes["error.type"] = failure;
  return attributes;
}
