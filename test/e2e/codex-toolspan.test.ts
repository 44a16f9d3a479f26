// toolspan in front of the real Codex CLI: `toolspan init codex`, then a scripted model runs a failing 68 KB test
// suite and the command the notice offers. What the model receives is checked against the span, byte for byte.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runCli } from "../helpers/cli.js";
import { sha256 } from "../helpers/fixtures.js";
import { sessionSpans } from "../helpers/notice.js";
import { firstThenGrep, testLogCommand as testLog } from "./lab/follow-notice.js";
import { scratchPaths } from "../helpers/scratch.js";
import { runCodex } from "./lab/codex.js";
import { startResponsesServer } from "./lab/responses-server.js";

const fresh = scratchPaths("toolspan-codex-e2e-");

// Codex puts a header before every shell output the model gets; the output itself follows "Output:\n".
function body(toolResult: string): string {
  const at = toolResult.indexOf("Output:\n");
  assert.ok(at >= 0, `a Codex shell result: ${toolResult.slice(0, 200)}`);
  return toolResult.slice(at + "Output:\n".length);
}



async function session(first: string) {
  const cwd = fresh("cwd");
  mkdirSync(cwd);
  const toolspanHome = fresh("toolspan-home");
  const server = await startResponsesServer(firstThenGrep(first));
  let config = "";
  try {
    const result = await runCodex({
      server,
      prompt: "Run the tests.",
      cwd,
      env: { TOOLSPAN_HOME: toolspanHome },
      setup: async (env) => {
        const init = await runCli(["init", "codex"], { env: { ...process.env, ...env } });
        assert.equal(init.code, 0, init.stderr.toString());
        config = join(env.CODEX_HOME!, "config.toml");
      },
    });
    assert.equal(result.code, 0, `codex exited ${result.code}: ${result.stderr}`);
    return { result, server, toolspanHome, config, cwd };
  } finally {
    await server.close();
  }
}

describe("toolspan in front of Codex CLI", () => {
  it("a failing 68 KB run: the model gets a truthful notice and the kept bytes, no second cut, and the grep brings back the failing line", async () => {
    const { server, toolspanHome, result, config } = await session(testLog(68195, 1));
    const [first, second] = server.toolResults;
    assert.ok(first !== undefined && second !== undefined, "the model ran the suite and the notice's grep");
    const got = body(first);
    assert.match(got, /^\[toolspan: this output was clipped to what the harness passes on\.\nstdout: 68195 bytes, you got bytes 0-/);
    assert.doesNotMatch(first, /tokens truncated|Warning: truncated output/, "Codex did not cut again");
    assert.match(first, /Process exited with code 1/);
    const spans = sessionSpans(toolspanHome, "codex");
    const span = spans.find((candidate) => candidate.stdout_bytes === 68195)!;
    assert.ok(span, "the span of the suite is in the session's run file");
    assert.equal(span.stdout_truncated, true);
    assert.equal(span.returncode, 1);
    assert.equal(sha256(got), span.stdout_kept_sha256, "the model received exactly the kept bytes and the notice");
    assert.deepEqual(span.argv.slice(0, 2), ["bash", "-c"]);
    assert.match(body(second), /^\d+:\d+:FAILED tests\/test_answer\.py::test_answer - AssertionError: assert 41 == 42$/m);
    assert.ok(result.sessionLog && readFileSync(result.sessionLog, "utf8").includes("test-log.mjs"), "Codex's own log still records the call");

    const removed = await runCli(["init", "codex", "--remove"], { extraEnv: { HOME: join(config, "..", ".."), CODEX_HOME: join(config, "..") } });
    assert.equal(removed.code, 0);
    assert.match(removed.stderr.toString(), /toolspan's hook removed from/);
    assert.doesNotMatch(readFileSync(config, "utf8"), /toolspan/, "the hook and its trust entry are gone");
  });

  it("a passing run under the limit reaches the model whole, with no notice", async () => {
    const { server, toolspanHome } = await session(testLog(30_000, 0));
    const got = body(server.toolResults[0]!);
    assert.equal(got.length, 30_000);
    const span = sessionSpans(toolspanHome, "codex")[0]!;
    assert.equal(span.stdout_truncated, false);
    assert.equal(sha256(got), span.stdout_stream_sha256);
  });
});
