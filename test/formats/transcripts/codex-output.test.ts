import assert from "node:assert/strict";
import { test } from "node:test";
import { parseCodexOutput } from "../../../src/formats/transcripts/codex-output.js";

test("each shape of a function_call_output gives the text the model saw and the exit code", () => {
  assert.deepEqual(parseCodexOutput('{"output":"a\\n","metadata":{"exit_code":2,"duration_seconds":0.1}}'), { text: "a\n", returncode: 2, running: false });
  assert.deepEqual(parseCodexOutput("Exit code: 1\nWall time: 0.1 seconds\nOutput:\nboom\n"), { text: "boom\n", returncode: 1, running: false });
  assert.deepEqual(parseCodexOutput("Chunk ID: a\nWall time: 0.0 seconds\nProcess exited with code 0\nOriginal token count: 3\nOutput:\nok\n"), {
    text: "ok\n",
    returncode: 0,
    running: false,
  });
  assert.deepEqual(parseCodexOutput("Chunk ID: a\nWall time: 1 seconds\nProcess running with session ID 7\nOutput:\n..."), { text: "...", running: true, sessionId: "7" });
  assert.deepEqual(parseCodexOutput([{ type: "input_text", text: "a" }, { type: "input_text", text: "b" }]), { text: "a\nb", running: false });
  assert.deepEqual(parseCodexOutput({ type: "input_text", text: "a.txt\n" }), { text: "a.txt\n", running: false });
});

test("text that only looks like a header further down is left whole", () => {
  const text = "build log\nExit code: 3\nOutput:\nx";
  assert.deepEqual(parseCodexOutput(text), { text, running: false });
  assert.deepEqual(parseCodexOutput("{not json"), { text: "{not json", running: false });
});
