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
