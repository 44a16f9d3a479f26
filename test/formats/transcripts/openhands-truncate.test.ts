import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import fc from "fast-check";
import { pythonLineCount, sdkTruncate } from "../../../src/formats/transcripts/openhands-truncate.js";
import { scratchPaths } from "../../helpers/scratch.js";
import { transcriptPath } from "../../helpers/transcripts.js";

const fresh = scratchPaths("toolspan-openhands-truncate-");

// The SDK's own truncate.py, run with its logger stubbed out: every case's copy, and its splitlines count.
const RUNNER = String.raw`
import json, logging, sys, types
logger = types.ModuleType("openhands.sdk.logger")
logger.get_logger = logging.getLogger
for name in ("openhands", "openhands.sdk"):
    sys.modules[name] = types.ModuleType(name)
sys.modules["openhands.sdk.logger"] = logger
code = {}
exec(compile(open(sys.argv[1], encoding="utf-8").read(), sys.argv[1], "exec"), code)
out = []
for case in json.load(sys.stdin):
    copy = code["maybe_truncate"](case["content"], case["limit"], save_dir=case["saveDir"], tool_prefix="terminal")
    out.append({"copy": copy, "lines": len(case["content"].splitlines())})
json.dump(out, sys.stdout)
`;

// Characters that tell a port from the original: astral ones (one character to Python, two UTF-16 units), and every
// line boundary splitlines knows, \r\n among them.
const CHARACTERS = ["a", "b", "é", "\u{1F600}", "\n", "\r", "\r\n", "\v", "\f", "\x1c", "\x85", "\u2028", " "];

test("sdkTruncate makes the same copy as the SDK's maybe_truncate, with and without a save directory", () => {
  const base = fresh("observations");
  const cases = fc.sample(
    fc.record({
      content: fc.array(fc.constantFrom(...CHARACTERS), { maxLength: 700, size: "max" }).map((parts) => parts.join("")),
      // Below the notice's 113, between it and the saved notice's length, and well past both.
      limit: fc.oneof(fc.integer({ min: -1, max: 120 }), fc.integer({ min: 113, max: 700 })),
      saveDir: fc.constantFrom(null, base, `${base}//nested/./dir/`),
    }),
    { numRuns: 400, seed: 15 },
  );
  const expected = JSON.parse(
    execFileSync("python3", ["-c", RUNNER, transcriptPath("openhands_sdk/truncate.py")], { input: JSON.stringify(cases), maxBuffer: 64 * 1024 * 1024 }).toString("utf8"),
  ) as { copy: string; lines: number }[];
  assert.equal(expected.length, cases.length);
  cases.forEach((item, index) => {
    const cut = sdkTruncate(item.content, item.limit, item.saveDir, "terminal");
    assert.equal(cut === "fits" ? item.content : cut.copy, expected[index]!.copy, JSON.stringify(item));
    if (cut !== "fits" && cut.copy.includes("</NOTE>")) assert.equal(`${cut.head}${cut.tail}`, cut.copy.replace(/<response clipped><NOTE>[^]*?<\/NOTE>/, ""));
    assert.equal(pythonLineCount(item.content), expected[index]!.lines, JSON.stringify(item.content));
  });
});
