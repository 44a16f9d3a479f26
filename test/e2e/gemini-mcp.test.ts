// `toolspan mcp` in front of the real Gemini CLI: `toolspan init gemini --mcp` in a HOME of its own, then the
// scripted model runs a failing 68 KB suite with `run`, searches the stored output for FAILED and reads that line
// with `read_output`. What the model received is checked against the span, byte for byte.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { describe, it } from "node:test";
import { runCli } from "../helpers/cli.js";
import { sha256 } from "../helpers/fixtures.js";
import { sessionSpans } from "../helpers/notice.js";
import { scratchPaths } from "../helpers/scratch.js";
import { runGemini } from "./lab/gemini.js";
import { startGeminiServer } from "./lab/gemini-server.js";
import { checkExchange, FAILING_LINE, failingSuite, runSearchRead, type McpScriptTrace } from "./lab/mcp-script.js";

const fresh = scratchPaths("toolspan-gemini-mcp-");

describe("toolspan mcp in front of Gemini CLI", () => {
  it("run a failing 68 KB suite, search_output FAILED, read_output that line: the model gets it, verified", async () => {
    const cwd = fresh("cwd");
    mkdirSync(cwd);
    const toolspanHome = fresh("toolspan-home");
    const trace: McpScriptTrace = {};
    const server = await startGeminiServer(runSearchRead(failingSuite(68_000), (tool) => ({ name: `mcp_toolspan_${tool}` }), trace));
    try {
      const result = await runGemini({
        server,
        prompt: "Run the tests and find the failure.",
        cwd,
        env: { TOOLSPAN_HOME: toolspanHome },
        setup: async (env) => {
          const init = await runCli(["init", "gemini", "--mcp"], { env: { ...process.env, ...env } });
          assert.equal(init.code, 0, init.stderr.toString());
        },
      });
      assert.equal(result.code, 0, `gemini exited ${result.code}: ${result.stderr.slice(-2000)}`);
      const { span, ran, searched, read } = checkExchange(server.toolResults, trace, sessionSpans(toolspanHome, "mcp"));
      // What Gemini CLI does with a result: the text blocks, each between <untrusted_context> lines; no structured content.
      for (const answer of [ran, searched, read]) assert.equal(answer.structured, null, "the model got the text blocks");
      const [head, marker, tail] = ran.blocks;
      assert.equal(marker, "[toolspan: bytes 8000-60000 of stdout (52000 bytes) were cut here]");
      assert.equal(sha256(head! + tail!), span.stdout_kept_sha256, "every kept byte reached the model, exactly");
      assert.equal(read.body, FAILING_LINE, "the model received the failing line");
    } finally {
      await server.close();
    }
  });
});
