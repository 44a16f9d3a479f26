// docs/audit.md's marker table is the table in src/formats/clip-markers.ts, one row per entry in its order: a
// new or changed entry fails here until the page says it too (the message holds the rows to paste).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { CLIP_MARKERS, type ClipMarker } from "../../src/formats/clip-markers.js";
import { repoPath } from "../helpers/repo.js";

const cell = (text: string): string => text.replace(/\|/g, "\\|");

/** The row the page shows for one entry: where is the source up to its first "; " (the detail stays in the code). */
export function markerRow(marker: ClipMarker): string {
  const groups = Object.entries(marker.groups).map(([meaning, index]) => `${index}: ${meaning}`).join(", ") || "none";
  const where = marker.source.split("; ")[0]!;
  return `| ${marker.harness} | \`${marker.id}\` | ${cell(marker.versions)} | \`${cell(marker.pattern.source)}\` | ${groups} | ${marker.verified} | ${cell(where)} |`;
}

test("docs/audit.md lists every marker of the table, in its order, as the table states it", () => {
  const page = readFileSync(repoPath("docs/audit.md"), "utf8").split("\n");
  const start = page.findIndex((line) => line === "| harness | id | versions | pattern | groups | verified | where |");
  assert.ok(start !== -1, "the marker table's header row");
  const after = page.slice(start + 2);
  const end = after.findIndex((line) => !line.startsWith("| "));
  const rows = end === -1 ? after : after.slice(0, end);
  const expected = CLIP_MARKERS.map(markerRow);
  assert.deepEqual(rows, expected, `rows for docs/audit.md:\n${expected.join("\n")}`);
});
