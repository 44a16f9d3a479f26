import assert from "node:assert/strict";
import { test } from "node:test";
import type { TranscriptCall } from "../../../src/formats/transcripts/call.js";
import { joinPieces, linesText } from "../../../src/formats/transcripts/codex-pieces.js";

const piece = (line: number, stdout: string, declaredSuccess = false): TranscriptCall => ({
  callId: `c${line}`, toolName: "exec_command", cwd: null, line, index: null, stdout, stderr: "", declaredSuccess, unverifiable: null,
});

test("the lines of the pieces are named in a reason of bounded length, however many polls there were", () => {
  assert.equal(linesText([piece(4, "")]), "line 4");
  assert.equal(linesText([4, 6, 8].map((line) => piece(line, ""))), "lines 4, 6, 8");
  const many = linesText(Array.from({ length: 3000 }, (_, i) => piece(2 * i + 9, "")));
  assert.equal(many, "lines 9, 11, 13, …, 6005, 6007 (3000 in all)");
});

test("joined pieces: texts in order, the cut ones found each as the model got it, a claim after any piece kept", () => {
  const pieces: [TranscriptCall, ...TranscriptCall[]] = [piece(2, "first\n", true), piece(4, "head…5 tokens truncated…tail"), piece(6, "end\n")];
  const cut = joinPieces(pieces);
  assert.equal(pieces[0].stdout, "first\nhead…5 tokens truncated…tailend\n");
  assert.deepEqual(cut.map((call) => call.line), [4]);
  assert.equal(pieces[0].declaredSuccess, true, "the claim made before the end was seen is the most misleading");
});
