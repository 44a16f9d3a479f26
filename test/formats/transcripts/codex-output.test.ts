import assert from "node:assert/strict";
import { test } from "node:test";
import { parseCodexOutput } from "../../../src/formats/transcripts/codex-output.js";

test("each shape of a function_call_output gives the text the model saw and the exit code", () => {
  assert.deepEqual(parseCodexOutput('{"output":"a\\n","metadata":{"exit_code":2,"duration_seconds":0.1}}'), { text: "a\n", returncode: 2, running: false, wallTimeMs: 100 });
  assert.deepEqual(parseCodexOutput("Exit code: 1\nWall time: 0.1 seconds\nOutput:\nboom\n"), { text: "boom\n", returncode: 1, running: false, wallTimeMs: 100 });
  assert.deepEqual(parseCodexOutput("Chunk ID: a\nWall time: 0.0 seconds\nProcess exited with code 0\nOriginal token count: 3\nOutput:\nok\n"), {
    text: "ok\n",
    returncode: 0,
    running: false,
    wallTimeMs: 0,
    figures: { originalTokens: 3 },
  });
  assert.deepEqual(parseCodexOutput("Exit code: 1\nWall time: 0 seconds\nTotal output lines: 629\nOutput:\nx").figures, { totalLines: 629 });
  assert.deepEqual(parseCodexOutput("Chunk ID: a\nWall time: 1 seconds\nProcess running with session ID 7\nOutput:\n..."), { text: "...", running: true, sessionId: "7", wallTimeMs: 1000 });
  assert.deepEqual(parseCodexOutput([{ type: "input_text", text: "a" }, { type: "input_text", text: "b" }]), { text: "a\nb", running: false });
  assert.deepEqual(parseCodexOutput({ type: "input_text", text: "a.txt\n" }), { text: "a.txt\n", running: false });
});

test("text that only looks like a header further down is left whole", () => {
  const text = "build log\nExit code: 3\nOutput:\nx";
  assert.deepEqual(parseCodexOutput(text), { text, running: false });
  assert.deepEqual(parseCodexOutput("{not json"), { text: "{not json", running: false });
});

test("0.116's header opens with the command line Codex ran, over several lines for a heredoc", () => {
  const header = "Command: /bin/zsh -lc \"python - <<'PY'\nprint(1)\nPY\"\nChunk ID: 381b51\nWall time: 0.3 seconds\n";
  assert.deepEqual(parseCodexOutput(`${header}Process exited with code 1\nOriginal token count: 3\nOutput:\nboom\n`), { text: "boom\n", returncode: 1, running: false, wallTimeMs: 300, figures: { originalTokens: 3 } });
  assert.deepEqual(parseCodexOutput(`${header}Process running with session ID 67141\nOriginal token count: 0\nOutput:\n`), { text: "", running: true, sessionId: "67141", wallTimeMs: 300, figures: { originalTokens: 0 } });
  // A heredoc that holds a Chunk ID line of its own: the header is the one that reads through to Output:.
  const tricky = "Command: /bin/zsh -lc \"cat <<EOF\nChunk ID: fake\nEOF\"\nChunk ID: abc\nWall time: 0.0 seconds\nProcess exited with code 3\nOriginal token count: 1\nOutput:\nx\n";
  assert.deepEqual(parseCodexOutput(tricky), { text: "x\n", returncode: 3, running: false, wallTimeMs: 0, figures: { originalTokens: 1 } });
  // Without a Chunk ID line below it, "Command:" is only the output's own first line.
  assert.deepEqual(parseCodexOutput("Command: not a header\nok"), { text: "Command: not a header\nok", running: false });
});

test("Codex's time-limit line is read under the shell tool's line count too (0.121's JSON output)", () => {
  const output = JSON.stringify({ output: "Total output lines: 6814\n\ncommand timed out after 10034 milliseconds\nDirectory: C:\\w\n", metadata: { exit_code: 124 } });
  assert.deepEqual(parseCodexOutput(output), {
    text: "Total output lines: 6814\n\ncommand timed out after 10034 milliseconds\nDirectory: C:\\w\n",
    returncode: 124,
    running: false,
    timedOutMs: 10034,
  });
  assert.equal(parseCodexOutput("Total output lines: 2\n\nthe tests: command timed out after 5 milliseconds\n").timedOutMs, undefined);
});
