// `toolspan mcp` in front of the real Codex CLI: `toolspan init codex --mcp` in a CODEX_HOME of its own, then the
// scripted model runs a failing 68 KB suite with `run`, searches the stored output for FAILED and reads that line
// with `read_output`. What the model received is checked against the span, byte for byte.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { describe, it } from "node:test";
import { runCli } from "../helpers/cli.js";
import { sessionSpans } from "../helpers/notice.js";
import { scratchPaths } from "../helpers/scratch.js";
import { runCodex } from "./lab/codex.js";
import { FAILING_LINE, failingSuite, modelAnswer, runSearchRead, type McpScriptTrace } from "./lab/mcp-script.js";
import { startResponsesServer } from "./lab/responses-server.js";

const fresh = scratchPaths("toolspan-codex-mcp-");

describe("toolspan mcp in front of Codex CLI", () => {
  it("run a failing 68 KB suite, search_output FAILED, read_output that line: the model gets it, verified", async () => {
    const cwd = fresh("cwd");
    mkdirSync(cwd);
    const toolspanHome = fresh("toolspan-home");
    const trace: McpScriptTrace = {};
    const script = runSearchRead(failingSuite(68_000), (tool) => ({ name: tool, namespace: "mcp__toolspan" }), trace);
    // gpt-5.5 (the lab's model) gets MCP tools deferred behind tool_search: the model searches first, as a real one
    // must, and Codex then offers the namespace mcp__toolspan with run, read_output, search_output and spans.
    let searched = false;
    const server = await startResponsesServer((results) => {
      if (searched) return script(results);
      searched = true;
      return { kind: "tool_search", query: "toolspan run shell command" };
    });
    try {
      const result = await runCodex({
        server,
        prompt: "Run the tests and find the failure.",
        cwd,
        env: { TOOLSPAN_HOME: toolspanHome },
        setup: async (env) => {
          const init = await runCli(["init", "codex", "--mcp"], { env: { ...process.env, ...env } });
          assert.equal(init.code, 0, init.stderr.toString());
        },
      });
      assert.equal(result.code, 0, `codex exited ${result.code}: ${result.stderr.slice(-2000)}`);
      const [ran, searched, read] = server.toolResults.map(modelAnswer);
      assert.ok(read !== undefined, `three tool results: ${JSON.stringify(server.toolResults).slice(0, 600)}`);
      const span = sessionSpans(toolspanHome, "mcp").find((candidate) => candidate.span_id === trace.spanId)!;
      assert.ok(span, "the run's span is in the MCP session's run file, under TOOLSPAN_HOME as env_vars passed it on");
      assert.deepEqual([span.returncode, span.stdout_bytes, span.stdout_truncated], [1, 68_000, true]);
      // What Codex does with a result that has both: "Wall time: ...\nOutput:\n" and the structured content as JSON.
      for (const [i, answer] of [ran, searched, read].entries()) {
        assert.match(server.toolResults[i]!, /^Wall time: [\d.]+ seconds\nOutput:\n\{"summary":/);
        assert.notEqual(answer!.structured, null, "the model got the structured content");
      }
      assert.match(ran!.summary, /you got bytes 0-8000 and bytes 60000-68000 \(16000 bytes\); bytes 8000-60000 \(52000 bytes\) were cut/);
      assert.doesNotMatch(server.toolResults[0]!, /tokens truncated|Warning: truncated/, "Codex did not cut the run answer again");
      assert.equal(ran!.structured!.stdout.kept.map((kept: { text: string }) => kept.text).join("").length, 16_000, "every kept byte reached the model");
      assert.ok(!server.toolResults[0]!.includes("test_refund_rounding"), "the failing line was in the cut part");
      assert.equal(trace.match?.text, FAILING_LINE, "search_output found it");
      assert.match(searched!.summary, new RegExp(`sha256 ${span.stdout_stream_sha256} verified`));
      assert.match(read!.summary, new RegExp(`^stdout bytes ${trace.match!.offset}-${trace.match!.offset + FAILING_LINE.length} of 68000 \\(span ${span.span_id}, sha256 ${span.stdout_stream_sha256} verified\\)`));
      assert.equal(read!.structured!.text, FAILING_LINE, "the model received the failing line");
    } finally {
      await server.close();
    }
  });
});
