import assert from "node:assert/strict";
import { test } from "node:test";
import { CLIP_MARKERS, MARKER_WORDS, findClipMarker } from "../../src/formats/clip-markers.js";

test("every marker's pattern finds its own example, and the lookup names its harness", () => {
  for (const marker of CLIP_MARKERS) {
    assert.match(marker.example, marker.pattern, marker.harness);
    assert.equal(findClipMarker(`some output\n${marker.example}\nmore`)?.harness, marker.harness);
  }
});

test("every example holds one of the words the quick pre-check looks for", () => {
  for (const marker of CLIP_MARKERS) {
    assert.ok(MARKER_WORDS.some((word) => marker.example.includes(word)), `${marker.harness}: ${marker.example}`);
  }
});

test("a harness can be passed over, so toolspan's own marker does not hide another one", () => {
  const toolspan = CLIP_MARKERS.find((marker) => marker.harness === "toolspan")!;
  const text = `${toolspan.example}\n<response clipped>`;
  assert.equal(findClipMarker(text)?.harness, "toolspan");
  assert.equal(findClipMarker(text, "toolspan")?.harness, "SWE-agent / OpenHands");
  assert.equal(findClipMarker(toolspan.example, "toolspan"), null);
});

test("ordinary output, and near misses, hold no marker", () => {
  for (const text of ["", "collected 241 items\n240 passed", "truncated at nothing", "[... omitted lines ...]", "<response>"]) {
    assert.equal(findClipMarker(text), null, text);
  }
});
