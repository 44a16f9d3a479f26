// `toolspan mcp` in front of the real Claude Code: `toolspan init claude-code --mcp` in a HOME of its own, then the
// scripted model runs a failing 68 KB suite with `run`, searches the stored output for FAILED and reads that line
// with `read_output`. What the model received is checked against the span, byte for byte.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { runCli } from "../helpers/cli.js";
import { sha256 } from "../helpers/fixtures.js";
import { sessionSpans } from "../helpers/notice.js";
import { startAnthropicServer } from "./lab/anthropic-server.js";
import { runClaudeCode } from "./lab/claude-code.js";
import { checkExchange, FAILING_LINE, failingSuite, runSearchRead, type McpScriptTrace } from "./lab/mcp-script.js";

const dirs: string[] = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("toolspan mcp in front of Claude Code", () => {
  it("run a failing 68 KB suite, search_output FAILED, read_output that line: the model gets it, verified", async () => {
    const dir = mkdtempSync(join(tmpdir(), "toolspan-claude-mcp-"));
    dirs.push(dir);
    const home = join(dir, "home");
    mkdirSync(home, { recursive: true });
    const toolspanHome = join(dir, "toolspan-home");
    const init = await runCli(["init", "claude-code", "--mcp"], { extraEnv: { HOME: home, TOOLSPAN_HOME: toolspanHome } });
    assert.equal(init.code, 0, init.stderr.toString());
    const trace: McpScriptTrace = {};
    const server = await startAnthropicServer(runSearchRead(failingSuite(68_000), (tool) => ({ name: `mcp__toolspan__${tool}` }), trace));
    try {
      const run = await runClaudeCode({
        server,
        prompt: "Run the tests and find the failure.",
        dir,
        home,
        // A cap far below the run answer (about 18,000 characters): measured, Claude Code then replaces a result with
        // "Error: result (18,115 characters) exceeds maximum allowed tokens. Output has been saved to ..." unless the
        // tool declares _meta["anthropic/maxResultSizeChars"], as toolspan's do.
        env: { TOOLSPAN_HOME: toolspanHome, MAX_MCP_OUTPUT_TOKENS: "1000" },
        allowedTools: ["mcp__toolspan"],
      });
      assert.equal(run.timedOut, false, run.stderr);
      const { span, ran, searched, read } = checkExchange(server.toolResults, trace, sessionSpans(toolspanHome, "mcp"));
      // What Claude Code does with a result that has both: the model gets the structured content as JSON, not the text.
      for (const answer of [ran, searched, read]) assert.notEqual(answer.structured, null, "the model got the structured content");
      const kept = ran.structured!.stdout.kept.map((piece: { text: string }) => piece.text).join("");
      assert.equal(sha256(kept), span.stdout_kept_sha256, "every kept byte reached the model, exactly");
      assert.equal(read.structured!.text, FAILING_LINE, "the model received the failing line");
      assert.doesNotMatch(server.toolResults[0]!, /exceeds maximum allowed tokens|persisted-output/, "Claude Code did not cut the run answer again");
      assert.equal(server.toolResultErrors.some(Boolean), false);
    } finally {
      await server.close();
    }
  });
});
