import assert from "node:assert/strict";
import { test } from "node:test";
import { readFixture } from "../../helpers/transcripts.js";
import { auditRead } from "../../../src/audit/audit-transcript.js";
import { spanProblems } from "../../../src/rerun/locate-span.js";
import { cellCommand, parseCellOutput } from "../../../src/formats/transcripts/codex-cells.js";

const FIXTURE = "synthetic/codex-code-mode.jsonl";

test("code mode: a cell and its waits are one call, judged once, by whether a piece says the script ended", async () => {
  const audit = auditRead(await readFixture(FIXTURE), "codex-code-mode.jsonl");
  assert.deepEqual(
    audit.calls.map((call) => [call.span.source.line, call.span.tool_name, call.span.source.command ?? null, call.verdict]),
    [
      [3, "exec", "npm test", "clean"],
      [9, "exec", "rg -n budget src", "clipped"],
      [13, "exec", 'const patch = "*** Begin Patch\\n*** Update File: src/a.ts\\n@@\\n-old\\n+new\\n*** End Patch\\n";', "clean"],
      [15, "exec", "npm run dev", "unverifiable"],
      [19, "exec", "make", "unverifiable"],
      [21, "exec", "npm run watch", "unverifiable"],
      [25, "wait", null, "clean"],
    ],
    "13 calls in the log, 7 results: each cell once; the wait on a cell already gone stays a call of its own",
  );
});

test("code mode: a cell waited on to completion is clean, its pieces joined in order, without their headers or anything between", async () => {
  const audit = auditRead(await readFixture(FIXTURE), "codex-code-mode.jsonl");
  const span = audit.calls[0]!.span;
  assert.equal(span.preview_stdout, "> app@1.0.0 test\n  ✓ parses the header\n  ✗ joins the pieces\n\n1 failing\nSESSION_ID=41234");
  assert.equal(span.source.call_id, "call_test");
  assert.equal(span.returncode, undefined, "a script states no exit code");
  assert.equal(span.stdout_truncated, false);
});

test("code mode: a cell no piece says completed is unverifiable, whether waited on or not, or terminated", async () => {
  const audit = auditRead(await readFixture(FIXTURE), "codex-code-mode.jsonl");
  const reasons = audit.calls.filter((call) => call.verdict === "unverifiable").map((call) => call.reason);
  assert.deepEqual(reasons, [
    "still running when the model last looked: it got 2 pieces of cell 6 (its wait call at line 17), none saying the script completed",
    "still running when its output was taken (cell 7), and never waited on",
    "terminated by its wait at line 23 before the script ended: it got 2 pieces of cell 8 (its wait call at line 23)",
  ]);
  assert.equal(audit.calls[3]!.span.source.unverifiable, reasons[0]);
});

test("code mode: a cut piece makes the cell clipped, the note naming the piece", async () => {
  const audit = auditRead(await readFixture(FIXTURE), "codex-code-mode.jsonl");
  const evidence = audit.calls[1]!.span.clip_evidence;
  assert.equal(evidence?.marker, "codex-tokens-truncated");
  assert.equal(evidence?.groups.droppedTokens, 12210);
  assert.equal(evidence?.note, "the output came in 2 pieces of cell 4 (its wait call at line 11), each cut on its own to its call's max_output_tokens or max_tokens: Codex cut the piece at line 11");
});

test("code mode: the script is shown, never as a shell command line a rerun would run", async () => {
  const audit = auditRead(await readFixture(FIXTURE), "codex-code-mode.jsonl");
  for (const { span } of audit.calls) {
    assert.equal(span.source.shell, undefined);
    assert.equal(span.argv, undefined);
    assert.match(spanProblems(span as never).join("; "), /no argv and no shell command line/);
  }
});

test("cellCommand: the exec_command cmds a script passes as JSON literals, one a line, else its first line, bounded", () => {
  assert.equal(cellCommand('const a = await tools.exec_command({"cmd":"ls -la","workdir":"/w"});\nconst b = await tools.exec_command({"cmd":"echo \\"}\\""});\ntext(a.output);'), 'ls -la\necho "}"');
  assert.equal(cellCommand("\n  const x = await tools.exec_command({cmd: dynamic});\ntext(x);"), "const x = await tools.exec_command({cmd: dynamic});");
  assert.equal(cellCommand(`text("${"y".repeat(300)}")`).length, 200);
});

test("parseCellOutput: the four statuses, a string or a list of parts; other outputs are no cell's", () => {
  assert.deepEqual(parseCellOutput("Script running with cell ID 12\nWall time 10.0 seconds\nOutput:\n"), { status: "running", cellId: "12", text: "" });
  assert.deepEqual(
    parseCellOutput([{ type: "input_text", text: "Script completed\nWall time 0.1 seconds\nOutput:\n" }, { type: "input_text", text: "a" }, { type: "input_text", text: "b" }]),
    { status: "completed", text: "ab" },
  );
  assert.equal(parseCellOutput("Script failed\nWall time 0.0 seconds\nOutput:\nScript error:\nx")?.status, "failed");
  assert.equal(parseCellOutput([{ type: "input_text", text: "Script terminated\nWall time 0.0 seconds\nOutput:\n" }])?.status, "terminated");
  assert.equal(parseCellOutput("aborted by user after 77.1s"), null);
  assert.equal(parseCellOutput("Chunk ID: 1\nWall time: 1.0 seconds\nOutput:\n"), null);
});

test("a hostile script of unclosed literals is read within bounds: its first line, cut, with no command named", () => {
  // Before each literal was bounded, 400 KB of these took 20 s (a scan to the end for each call).
  const shown = cellCommand("tools.exec_command({".repeat(200_000));
  assert.ok(shown.length <= 200, `${shown.length} characters`);
  const named = cellCommand(Array.from({ length: 50 }, (_, i) => `await tools.exec_command({"cmd":"echo ${i}"});`).join("\n"));
  assert.equal(named.split("\n").length, 20, "at most 20 commands are named");
});
