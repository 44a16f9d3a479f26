// What the scripted model does in front of `toolspan mcp` in a real host: run a failing suite with the `run` tool,
// search its stored output for FAILED with `search_output`, and read that line's bytes with `read_output`, each
// call's arguments taken from the text the host handed back for the call before, as a model would take them.
import assert from "node:assert/strict";
import type { ToolSpan } from "../../../src/contract/span.js";
import { fixturePath } from "../../helpers/fixtures.js";

/** A call of one of the host's tools (an MCP tool under the host's name for it, in a namespace where the host's API
 * has them) with these arguments. */
export type ToolStep = { kind: "tool"; name: string; namespace?: string; input: Record<string, unknown> };

/** How a host names a toolspan tool to the model. */
export type HostToolName = (tool: string) => { name: string; namespace?: string };
export type McpScriptStep = ToolStep | { kind: "final"; text: string };

/** The failing line of the suite below, reported at 45 % of its bytes: in the part a head-and-tail cut drops. */
export const FAILING_LINE = "tests/test_billing.py::test_refund_rounding FAILED - AssertionError: assert Decimal('10.01') == Decimal('10.00')";

/** A shell command that prints a verbose test run of `bytes` bytes, FAILING_LINE at 45 %, and exits 1. */
export const failingSuite = (bytes: number): string => `${process.execPath} ${fixturePath("failing-suite.mjs")} ${bytes} 0.45`;

/** A tool result as the model got it: the structured content as JSON (Claude Code and Codex send that in place of
 * the text), or the text blocks (Gemini CLI); `summary` is the answer's first text block either way, `blocks` the
 * text blocks after it, `body` those joined by newlines. */
export interface ModelAnswer {
  structured: Record<string, any> | null;
  summary: string;
  blocks: string[];
  body: string;
}

// Codex CLI puts this before every MCP result it hands the model.
const CODEX_HEADER = /^Wall time: [\d.]+ seconds\nOutput:\n/;
// Gemini CLI puts each text block of an MCP result between these lines, and the blocks one after another.
const GEMINI_BLOCK = /<untrusted_context>\n([^]*?)\n<\/untrusted_context>/g;

/** Reads a tool result the scripted model received. */
export function modelAnswer(received: string): ModelAnswer {
  try {
    const value = JSON.parse(received.replace(CODEX_HEADER, "")) as unknown;
    if (typeof value === "object" && value !== null && typeof (value as { summary?: unknown }).summary === "string") {
      const structured = value as Record<string, any>;
      return { structured, summary: structured.summary, blocks: [], body: "" };
    }
  } catch {}
  const wrapped = [...received.matchAll(GEMINI_BLOCK)].map((found) => found[1]!);
  const [summary, ...blocks] = wrapped.length > 0 ? wrapped : received.split("\n");
  return { structured: null, summary: summary ?? "", blocks, body: blocks.join("\n") };
}

/** What the script took from each answer, for the test to check against the span. */
export interface McpScriptTrace {
  spanId?: string;
  match?: { line: number; offset: number; text: string };
}

// The first match of a search answer: from its structured content, else its LINE:OFFSET:TEXT lines.
function firstMatch(answer: ModelAnswer): McpScriptTrace["match"] {
  const match = answer.structured?.matches?.[0];
  if (match !== undefined) return { line: match.line, offset: match.offset, text: match.text };
  const found = /^(\d+):(\d+):(.*)$/m.exec(answer.body);
  return found === null ? undefined : { line: Number(found[1]), offset: Number(found[2]), text: found[3]! };
}

/** run → search_output FAILED → read_output of the first match → "done". `toolName` gives the host's name of a
 * toolspan tool (Claude Code: mcp__toolspan__run). Reads only what the model got. */
export function runSearchRead(command: string, toolName: HostToolName, trace: McpScriptTrace = {}): (results: readonly string[]) => McpScriptStep {
  return (results) => {
    if (results.length === 0) return { kind: "tool", ...toolName("run"), input: { command } };
    if (results.length === 1) {
      const ran = modelAnswer(results[0]!);
      trace.spanId = ran.structured?.span_id ?? /\bspan ([\w-]+)\./.exec(ran.summary)?.[1];
      if (trace.spanId === undefined) return { kind: "final", text: "no span id in the run answer" };
      return { kind: "tool", ...toolName("search_output"), input: { span_id: trace.spanId, pattern: "FAILED" } };
    }
    if (results.length === 2) {
      trace.match = firstMatch(modelAnswer(results[1]!));
      if (trace.match === undefined) return { kind: "final", text: "no match in the search answer" };
      return { kind: "tool", ...toolName("read_output"), input: { span_id: trace.spanId, offset: trace.match.offset, length: Buffer.byteLength(trace.match.text) } };
    }
    return { kind: "final", text: "done" };
  };
}

/** The checks every host's exchange passes, whatever shape the host gives a result: the span is in the session's run
 * file, the run answer says what was cut and holds no failing line, the search found it in the stored stream and the
 * read's header names the range and the hash it was verified by. Returns the span and the three answers. */
export function checkExchange(received: readonly string[], trace: McpScriptTrace, spans: readonly ToolSpan[]): { span: ToolSpan; ran: ModelAnswer; searched: ModelAnswer; read: ModelAnswer } {
  const [ran, searched, read] = received.map(modelAnswer);
  assert.ok(ran && searched && read, `three tool results: ${JSON.stringify(received).slice(0, 600)}`);
  const span = spans.find((candidate) => candidate.span_id === trace.spanId)!;
  assert.ok(span, "the run's span is in the MCP session's run file, under TOOLSPAN_HOME as the host passed it on");
  assert.deepEqual([span.returncode, span.stdout_bytes, span.stdout_truncated], [1, 68_000, true]);
  assert.match(ran.summary, /you got bytes 0-8000 and bytes 60000-68000 \(16000 bytes\); bytes 8000-60000 \(52000 bytes\) were cut/);
  assert.ok(!received[0]!.includes("test_refund_rounding"), "the failing line was in the cut part");
  assert.equal(trace.match?.text, FAILING_LINE, "search_output found it");
  assert.match(searched.summary, new RegExp(`sha256 ${span.stdout_stream_sha256} verified`));
  const range = `${trace.match.offset}-${trace.match.offset + FAILING_LINE.length}`;
  assert.match(read.summary, new RegExp(`^stdout bytes ${range} of 68000 \\(span ${span.span_id}, sha256 ${span.stdout_stream_sha256} verified\\)`));
  return { span, ran, searched, read };
}
