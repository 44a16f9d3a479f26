import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { assertRunnable, consentMode, describeRerun } from "../../src/rerun/consent.js";
import type { LocatedSpan } from "../../src/rerun/locate-span.js";
import { RerunRefused } from "../../src/rerun/rerun-refused.js";

const located = (cwd: string): LocatedSpan => ({
  path: "run.jsonl",
  line: 2,
  span: {},
  argv: ["prog", "; rm -rf x", "$(touch pwned)"],
  cwd,
  rerunOf: "span-1",
});

describe("consentMode", () => {
  test("--yes goes, a terminal is asked, anything else is refused", () => {
    assert.equal(consentMode(true, false), "go");
    assert.equal(consentMode(true, true), "go");
    assert.equal(consentMode(false, true), "ask");
    assert.equal(consentMode(false, false), "refuse");
  });
});

describe("describeRerun", () => {
  test("shows argv as a JSON array, the cwd and the timeout", () => {
    const text = describeRerun(located("/work"), 30);
    assert.match(text, /argv {5}\["prog","; rm -rf x","\$\(touch pwned\)"\]/);
    assert.match(text, /cwd {6}"\/work"/);
    assert.match(text, /timeout {2}30s/);
    assert.match(describeRerun(located("/work"), undefined), /timeout {2}none/);
  });
});

describe("assertRunnable", () => {
  test("a cwd that exists passes; one that is gone is refused", async () => {
    const dir = mkdtempSync(join(tmpdir(), "toolspan-consent-"));
    await assertRunnable(located(dir));
    rmSync(dir, { recursive: true });
    await assert.rejects(assertRunnable(located(dir)), (error: unknown) => error instanceof RerunRefused && error.reason === "cwdMissing");
  });
});
