import assert from "node:assert/strict";
import { test } from "node:test";
import { declaresSuccess } from "../../../src/formats/transcripts/success.js";

test("plain claims of success are seen, other text is not", () => {
  for (const text of ["All tests pass.", "all 240 tests passed", "The bug is fixed", "Done!", "Renamed successfully", "The task is complete."]) {
    assert.equal(declaresSuccess(text), true, text);
  }
  for (const text of ["Let me run the tests.", "3 tests failed", "I will fix it next", "", "undone work"]) {
    assert.equal(declaresSuccess(text), false, text);
  }
});

test("a sentence that hedges, denies, asks or plans claims nothing; another sentence of the same text still can", () => {
  // Real agents' words (blind round 9), and the plans and questions agents write around a result.
  for (const text of [
    "Probably because pylint is running successfully now, the output is short.",
    "Let me check what needs to be done.",
    "I haven't fixed the import yet.",
    "The tests are not fixed.",
    "Is the bug fixed?",
    "Once it is done, I will run the tests.",
    "It seems the build completed successfully",
  ]) {
    assert.equal(declaresSuccess(text), false, text);
  }
  for (const text of ["The output was long. All 12 tests pass.", "I looked at the log.\nDone.", "Everything is done"]) {
    assert.equal(declaresSuccess(text), true, text);
  }
});
