// `toolspan mcp` under the MCP Inspector's CLI mode, a client that has never heard of toolspan: tools/list, then
// tools/call of run on a failing 68 KB test log, search_output for FAILED and read_output of what it found, each call
// its own Inspector run (its own server process) in one session (`--session`).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { testLogCommand } from "./lab/follow-notice.js";
import { runInspector } from "./lab/mcp-inspector.js";

const home = mkdtempSync(join(tmpdir(), "toolspan-inspector-"));
after(() => rmSync(home, { recursive: true, force: true }));

describe("the MCP Inspector CLI against toolspan mcp", () => {
  it("tools/list: the four tools with their input and output schemas", async () => {
    const { code, result, stderr } = await runInspector(["--method", "tools/list"], { home });
    assert.equal(code, 0, stderr);
    assert.deepEqual(result!.tools.map((tool: { name: string }) => tool.name), ["run", "read_output", "search_output", "spans"]);
    for (const tool of result!.tools) {
      assert.equal(tool.inputSchema.type, "object");
      assert.equal(tool.outputSchema.type, "object");
    }
  });

  it("tools/call: run a failing 68 KB suite, search_output FAILED, read_output that line, verified, across three processes", async () => {
    const session = ["--session", "inspector-lab"];
    const tool = (name: string, args: Record<string, string | number>) =>
      runInspector(["--method", "tools/call", "--tool-name", name, ...Object.entries(args).flatMap(([key, value]) => ["--tool-arg", `${key}=${value}`])], { home, serverArgs: session });
    const ran = await tool("run", { command: testLogCommand(68_195, 1) });
    assert.equal(ran.code, 0, ran.stderr);
    const run = ran.result!.structuredContent;
    assert.deepEqual([run.returncode, run.stdout.bytes, run.stdout.truncated], [1, 68_195, true]);
    assert.match(ran.result!.content[0].text, /you got bytes 0-8000 and bytes 60195-68195 \(16000 bytes\); bytes 8000-60195 \(52195 bytes\) were cut/);

    const searched = await tool("search_output", { span_id: run.span_id, pattern: "^FAILED" });
    const match = searched.result!.structuredContent.matches[0];
    assert.equal(match.text, "FAILED tests/test_answer.py::test_answer - AssertionError: assert 41 == 42");
    assert.equal(searched.result!.structuredContent.stream_sha256, run.stdout.stream_sha256, "verified against the run's stream");

    const read = await tool("read_output", { span_id: run.span_id, offset: match.offset, length: match.bytes });
    assert.equal(read.result!.structuredContent.text, match.text);
    assert.match(read.result!.content[0].text, new RegExp(`^stdout bytes ${match.offset}-${match.offset + match.bytes} of 68195 \\(span ${run.span_id}, sha256 ${run.stdout.stream_sha256} verified\\)`));

    const wrong = await tool("read_output", { span_id: run.span_id, offset: "far" });
    assert.equal(wrong.result!.isError, true);
    assert.match(wrong.result!.content[0].text, /offset must be integer/);
  });
});
