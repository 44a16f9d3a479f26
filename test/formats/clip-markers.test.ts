import assert from "node:assert/strict";
import { test } from "node:test";
import { CLIP_MARKERS, MARKER_WORDS, findClipMarker, findClipMatch } from "../../src/formats/clip-markers.js";

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

// What each marker's example must yield, by meaning: one entry per marker, so a new marker needs its test here.
const EXPECTED_GROUPS: Record<string, Record<string, number | string>> = {
  "toolspan-marker": { stream: "stdout", keptBytes: 8192, totalBytes: 24118 },
  "claude-code-output-too-large": { persistedSize: "126.7KB" },
  "claude-code-persisted-output": {},
  "claude-code-failure-excerpt": { droppedChars: 20007 },
  "claude-code-glob-showing-of": { capLines: 100, totalLines: 150, omittedLines: 50 },
  "claude-code-glob-showing-first": { capLines: 100 },
  "claude-code-results-truncated": {},
  "claude-code-grep-pagination": { capLines: 250 },
  "claude-code-lines-truncated": { omittedLines: 560 },
  "codex-tokens-truncated": { droppedTokens: 2307, originalTokens: 12307, totalLines: 889 },
  "codex-chars-truncated": { totalLines: 310, droppedChars: 1200 },
  "codex-persistence-truncated": {},
  "codex-truncated-warning": { originalTokens: 52341 },
  "codex-omitted-lines": { omittedLines: 120, totalLines: 480 },
  "codex-truncated-to-fit": { totalLines: 243, capBytes: 10240 },
  "openhands-observation-truncated": {},
  "openhands-command-output-truncated": { droppedChars: 5000 },
  "openhands-sdk-output-saved": {},
  "openhands-sdk-response-clipped": {},
  "openhands-previous-output-truncated": {},
  "swe-agent-clipped-note": { capChars: 100000, droppedChars: 30084 },
  "response-clipped": {},
  "mini-swe-agent-elided-chars": { droppedChars: 1234 },
  "mini-swe-agent-timeout-truncated": {},
  "goose-line-limit": { capLines: 2000, totalLines: 5120 },
  "gemini-cli-characters-omitted": { headChars: 8000, tailChars: 32000, droppedChars: 62345 },
  "gemini-cli-output-too-large": { headChars: 8000, tailChars: 32000 },
  "gemini-cli-file-content-truncated": { firstLine: 1, lastLine: 2000, totalLines: 5120 },
  "gemini-cli-background-log-tail": { capLines: 100, totalLines: 2481 },
  "gemini-cli-content-truncated": {},
  "cline-output-truncated": {},
  "continue-previous-lines-truncated": { omittedLines: 200 },
};

test("every marker has an id of its own and an expected reading below", () => {
  const ids = CLIP_MARKERS.map((marker) => marker.id);
  assert.equal(new Set(ids).size, ids.length);
  assert.deepEqual([...ids].sort(), Object.keys(EXPECTED_GROUPS).sort());
});

for (const marker of CLIP_MARKERS) {
  test(`marker ${marker.id}: its example is found with what its groups state`, () => {
    // A marker is found anywhere; a header only where it opens the text.
    const match = findClipMatch(`${marker.header === undefined ? "before\n" : ""}${marker.example}\nafter`);
    assert.equal(match?.marker.id, marker.id);
    assert.deepEqual(match.groups, EXPECTED_GROUPS[marker.id]);
    if (marker.header !== undefined) {
      const below = findClipMatch(`before\n${marker.example}\nafter`);
      const headerGroups = new Set(Object.keys(marker.header.groups));
      assert.equal(below?.marker.id, marker.id, "below other text the marker is still found");
      assert.deepEqual(below.groups, Object.fromEntries(Object.entries(EXPECTED_GROUPS[marker.id]!).filter(([name]) => !headerGroups.has(name))), "without its header's figures");
    }
    assert.ok(marker.versions !== "" && marker.source !== "", "versions and source are named");
    // Linear time: no quantified group anywhere, so no nested quantifier.
    assert.doesNotMatch(marker.pattern.source, /\)[*+?{]/);
  });
}

test("a marker's digits are read as numbers and its size as written", () => {
  assert.deepEqual(findClipMatch("x …261632 tokens truncated… y")?.groups, { droppedTokens: 261632 });
  assert.deepEqual(findClipMatch("Output too large (1.2MB). Full output saved to: /t")?.groups, { persistedSize: "1.2MB" });
});

test("a header the harness writes above its marker adds its figures; the marker without it states its own", () => {
  assert.deepEqual(findClipMatch("a\n…3644 tokens truncated…\nz")?.groups, { droppedTokens: 3644 });
  const headed = findClipMatch("Warning: truncated output (original token count: 52341)\nTotal output lines: 712\n\nhead\n…2307 tokens truncated…\ntail");
  assert.equal(headed?.marker.id, "codex-tokens-truncated");
  assert.deepEqual(headed?.groups, { originalTokens: 52341, totalLines: 712, droppedTokens: 2307 });
  // The same words printed by the command, below the top of the text, are the command's, not Codex's.
  const printed = findClipMatch("head\nWarning: truncated output (original token count: 9)\nTotal output lines: 5\n…2307 tokens truncated…\ntail");
  assert.deepEqual(printed?.groups, { droppedTokens: 2307 });
  assert.deepEqual(findClipMatch("<untrusted_context>\nOutput too large. Showing first 8,000 and last 32,000 characters. For full output see: /t\nh\n\n... [5 characters omitted] ...\n\nt")?.groups, {
    headChars: 8000,
    tailChars: 32000,
    droppedChars: 5,
  });
  // 0.116 wrote only the line count above the output.
  assert.deepEqual(findClipMatch("Total output lines: 4141\n\nhead\n…69978 tokens truncated…\ntail")?.groups, { totalLines: 4141, droppedTokens: 69978 });
  assert.deepEqual(findClipMatch("head\nTotal output lines: 5\n…12 chars truncated…")?.groups, { droppedChars: 12 });
});

test("long texts near a marker are cleared in linear time", () => {
  const near = `${"…12 tokens truncat".repeat(20000)}${"[... omitted 1 of ".repeat(20000)}${"<elided_chars> ".repeat(20000)}`;
  assert.equal(findClipMatch(near), null);
});

test("Claude Code's failure excerpt is found only with the blank lines around it, as the harness writes it", () => {
  assert.equal(findClipMatch("head\n\n... [12 characters truncated] ...\n\ntail")?.marker.id, "claude-code-failure-excerpt");
  assert.equal(findClipMatch("a line saying ... [12 characters truncated] ... in passing"), null);
});

test("Gemini CLI's omitted count is read whatever the locale wrote its thousands with", () => {
  for (const written of ["62,345", "62.345", "62\u202f345", "62\u00a0345", "62'345", "62345", "1,062,345"]) {
    const match = findClipMatch(`head\n\n... [${written} characters omitted] ...\n\ntail`);
    assert.equal(match?.marker.id, "gemini-cli-characters-omitted", written);
    assert.equal(match.groups.droppedChars, Number(written.replace(/\D/g, "")), written);
  }
});

test("a count past 2^53 in a marker is no figure; the marker is still found", () => {
  for (const marker of CLIP_MARKERS) {
    const huge = marker.example.replace(/\d+/g, "99999999999999999999");
    const match = findClipMatch(huge);
    if (match === null || match.marker.id !== marker.id) continue; // an example whose digits are part of the pattern's shape
    for (const value of Object.values(match.groups)) {
      if (typeof value === "number") assert.ok(Number.isSafeInteger(value), `${marker.id}: ${value}`);
    }
  }
});
