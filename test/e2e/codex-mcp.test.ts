// `toolspan mcp` in front of the real Codex CLI: `toolspan init codex --mcp` in a CODEX_HOME of its own, then the
// scripted model runs a failing 68 KB suite with `run`, searches the stored output for FAILED and reads that line
// with `read_output`. What the model received is checked against the span, byte for byte.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { describe, it } from "node:test";
import { runCli } from "../helpers/cli.js";
import { sha256 } from "../helpers/fixtures.js";
import { sessionSpans } from "../helpers/notice.js";
import { scratchPaths } from "../helpers/scratch.js";
import { runCodex } from "./lab/codex.js";
import { checkExchange, FAILING_LINE, failingSuite, runSearchRead, type McpScriptTrace } from "./lab/mcp-script.js";
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
      const { span, ran, searched, read } = checkExchange(server.toolResults, trace, sessionSpans(toolspanHome, "mcp"));
      // What Codex does with a result that has both: "Wall time: ...\nOutput:\n" and the structured content as JSON.
      for (const [i, answer] of [ran, searched, read].entries()) {
        assert.match(server.toolResults[i]!, /^Wall time: [\d.]+ seconds\nOutput:\n\{"summary":/);
        assert.notEqual(answer.structured, null, "the model got the structured content");
      }
      assert.doesNotMatch(server.toolResults[0]!, /tokens truncated|Warning: truncated/, "Codex did not cut the run answer again");
      const kept = ran.structured!.stdout.kept.map((piece: { text: string }) => piece.text).join("");
      assert.equal(sha256(kept), span.stdout_kept_sha256, "every kept byte reached the model, exactly");
      assert.equal(read.structured!.text, FAILING_LINE, "the model received the failing line");
    } finally {
      await server.close();
    }
  });
});
