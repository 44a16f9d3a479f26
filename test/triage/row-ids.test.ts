// ROW_IDS is the decision table's ids, in its order; a misspelt row id is a compile error (the @ts-expect-error
// lines fail the build the day one compiles).
import assert from "node:assert/strict";
import { test } from "node:test";
import { ROW_IDS, type RowId } from "../../src/triage/row-ids.js";
import { TRIAGE_TABLE } from "../../src/triage/table.js";

test("ROW_IDS holds every row's id, in the table's order, and no other", () => {
  assert.deepEqual(Object.values(ROW_IDS), TRIAGE_TABLE.map((row) => row.id));
});

test("a misspelt row id does not compile", () => {
  // @ts-expect-error: not a row id
  const typo: RowId = "second-caps";
  // @ts-expect-error: no such constant
  const missing: string = ROW_IDS.secondCaps;
  assert.equal(Object.values(ROW_IDS).includes(typo), false);
  assert.equal(missing, undefined);
});
