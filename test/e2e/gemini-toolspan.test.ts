// toolspan in front of the real Gemini CLI: `toolspan init gemini`, then a scripted model runs a failing test suite
// and the command the notice offers. What the model receives is checked against the span.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runCli } from "../helpers/cli.js";
import { sha256 } from "../helpers/fixtures.js";
import { sessionSpans } from "../helpers/notice.js";
import { firstThenGrep, testLogCommand as testLog } from "./lab/follow-notice.js";
import { scratchPaths } from "../helpers/scratch.js";
import { runGemini } from "./lab/gemini.js";
import { startGeminiServer } from "./lab/gemini-server.js";

const fresh = scratchPaths("toolspan-gemini-e2e-");

// Gemini CLI's result: "<untrusted_context>\nOutput: " + the combined output, trimmed + status lines.
function output(result: string): string {
  const start = result.indexOf("Output: ");
  const end = result.lastIndexOf("\nProcess Group PGID: ");
  assert.ok(start >= 0 && end > start, `a run_shell_command result: ${result.slice(0, 200)}`);
  return result.slice(start + "Output: ".length, end).replace(/\n(?:Exit Code: \d+|Signal: \d+)$/gm, "");
}



async function session(first: string) {
  const cwd = fresh("cwd");
  mkdirSync(cwd);
  const toolspanHome = fresh("toolspan-home");
  const server = await startGeminiServer(firstThenGrep(first));
  let settings = "";
  try {
    const result = await runGemini({
      server,
      prompt: "Run the tests.",
      cwd,
      env: { TOOLSPAN_HOME: toolspanHome },
      setup: async (env) => {
        const init = await runCli(["init", "gemini"], { env: { ...process.env, ...env } });
        assert.equal(init.code, 0, init.stderr.toString());
        settings = join(env.HOME!, ".gemini", "settings.json");
      },
    });
    assert.equal(result.code, 0, `gemini exited ${result.code}: ${result.stderr}`);
    return { result, server, toolspanHome, settings };
  } finally {
    await server.close();
  }
}

describe("toolspan in front of Gemini CLI", () => {
  it("a failing 68 KB run: a truthful notice and the kept bytes, no second cut, and the grep brings back the failing line", async () => {
    const { server, toolspanHome, result, settings } = await session(testLog(68195, 1));
    const [first, second] = server.toolResults;
    assert.ok(first !== undefined && second !== undefined, `the model ran the suite and the grep: ${JSON.stringify(server.toolResults).slice(0, 300)}`);
    assert.doesNotMatch(first, /Output too large|characters omitted/, "Gemini CLI did not cut again");
    const got = output(first);
    assert.match(got, /^\[toolspan: this output was clipped to what the harness passes on\.\nstdout: 68195 bytes/);
    const span = sessionSpans(toolspanHome, "gemini").find((candidate) => candidate.stdout_bytes === 68195)!;
    assert.ok(span, "the suite's span is in the session's run file");
    assert.equal(span.returncode, 1);
    // Gemini CLI trims the output it shows: the kept bytes end in the newline it took off.
    assert.equal(sha256(`${got}\n`), span.stdout_kept_sha256, "the model received exactly the kept bytes and the notice");
    assert.match(output(second), /^\d+:\d+:FAILED tests\/test_answer\.py::test_answer - AssertionError: assert 41 == 42$/m);
    assert.ok(result.sessionPath && readFileSync(result.sessionPath, "utf8").includes("test-log.mjs"), "the CLI's own session still records the call");
    const removed = await runCli(["init", "gemini", "--remove"], { extraEnv: { HOME: join(settings, "..", "..") } });
    assert.equal(removed.code, 0, removed.stderr.toString());
    assert.doesNotMatch(readFileSync(settings, "utf8"), /toolspan/);
  });

  it("stderr only, exit 2: stderr is the clipped stream, named in the notice", async () => {
    const { server, toolspanHome } = await session(testLog(90_000, 2, "stderr"));
    const got = output(server.toolResults[0]!);
    assert.doesNotMatch(server.toolResults[0]!, /Output too large/);
    assert.match(got, /--stream stderr --grep/);
    const span = sessionSpans(toolspanHome, "gemini")[0]!;
    assert.equal(span.stderr_bytes, 90_000);
    assert.equal(span.stderr_truncated, true);
    assert.match(output(server.toolResults[1]!), /FAILED tests\/test_answer\.py/);
  });
});
