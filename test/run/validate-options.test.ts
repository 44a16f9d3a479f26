// runTool's arguments checked at its entry, through the library's own entry point as a caller imports it.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { test } from "node:test";
import fc from "fast-check";
import { BUILTIN_RULES, runTool, ToolspanOptionError, type RunToolOptions } from "../../src/index.js";
import { validateRunToolOptions } from "../../src/run/validate-options.js";
import { scratchPaths } from "../helpers/scratch.js";

const fresh = scratchPaths("toolspan-validate-");

/** runTool of a command that would leave a file behind; asserts it rejected with `option` named and ran nothing. */
async function rejects(argv: unknown, options: unknown, option: string, message: RegExp): Promise<void> {
  const marker = fresh("ran");
  const withMarker = typeof options === "object" && options !== null ? { ...options, env: { ...process.env, MARKER: marker } } : options;
  await assert.rejects(
    runTool(argv as string[], withMarker as RunToolOptions),
    (error: unknown) => {
      assert.ok(error instanceof ToolspanOptionError, String(error));
      assert.equal(error.option, option);
      assert.match(error.message, message);
      return true;
    },
  );
  assert.equal(existsSync(marker), false, "nothing ran");
}

const touch = ["sh", "-c", 'touch "$MARKER"'];

test("the four slips of the issue: each rejected before anything runs, the option named", async () => {
  await rejects("echo hi", {}, "argv", /^runTool: argv takes an array of strings without NUL bytes, got "echo hi" \(no shell splits/);
  await rejects(touch, { keep: "middle" }, "keep", /^runTool: keep takes "head", "tail" or "head\+tail", got "middle"$/);
  await rejects(touch, { timeoutSeconds: 0 }, "timeoutSeconds", /^runTool: timeoutSeconds takes null \(none\) or a number of seconds greater than 0, got 0$/);
  await rejects(touch, { stdin: -1 }, "stdin", /^runTool: stdin takes "inherit", "ignore" or an open file descriptor, got -1$/);
  await rejects(touch, { stdin: "text" }, "stdin", /^runTool: stdin takes "inherit", "ignore" or an open file descriptor, got "text"$/);
});

test("an unknown option is named, with the one it is likeliest a slip for", async () => {
  await rejects(touch, { timeout: 5 }, "timeout", /^runTool: no option "timeout"; did you mean timeoutSeconds\?$/);
  await rejects(touch, { kepe: "tail" }, "kepe", /did you mean keep\?$/);
  await rejects(touch, { frobnicate: true }, "frobnicate", /no option "frobnicate" \(docs\/api.md lists them\)$/);
});

test("what spawn or the redaction loop would have choked on: NUL bytes, a rule whose pattern is not global", async () => {
  await rejects(["sh", "-c", "a\0b"], {}, "argv", /got an array$/);
  await rejects(touch, { cwd: "/tmp\0x" }, "cwd", /cwd takes a path without NUL bytes/);
  await rejects(touch, { redact: [{ id: "x", description: "", pattern: /x/ }] }, "redact", /global RegExp/);
  await rejects(touch, { store: { dir: "" } }, "store", /dir a non-empty path/);
  await rejects(touch, null, "options", /options takes an object, got null/);
});

test("valid options run as before; undefined means unset", async () => {
  const marker = fresh("ran");
  const result = await runTool(touch, {
    cap: null, stdoutCap: 10, stderrCap: 0, keep: "head+tail", previewChars: 0, hashWindow: 1, toolName: "", timeoutSeconds: null,
    idleTimeoutSeconds: 30, stallGraceSeconds: 0, killAfterSeconds: 0.5, runId: "run-1", parentSpanId: null, stdin: "ignore",
    marker: false, buffer: true, onStdout: () => {}, forwardSignals: false, signal: new AbortController().signal,
    redact: BUILTIN_RULES, redactArgv: false, recordArgs: false, traceparent: undefined, env: { ...process.env, MARKER: marker },
  });
  assert.equal(result.exitCode, 0);
  assert.ok(existsSync(marker));
});

test("whatever the value of an option, the check passes it or throws ToolspanOptionError naming that option", () => {
  const names = ["cap", "keep", "previewChars", "hashWindow", "cwd", "timeoutSeconds", "stallGraceSeconds", "runId", "env", "stdin", "marker", "onStdout", "signal", "redact", "store", "traceparent"];
  fc.assert(
    fc.property(fc.constantFrom(...names), fc.anything({ withNullPrototype: true, withMap: true, withBigInt: true }), (name, value) => {
      try {
        validateRunToolOptions(["true"], { [name]: value });
      } catch (error) {
        assert.ok(error instanceof ToolspanOptionError, String(error));
        assert.equal(error.option, name);
        assert.ok(!/[\u0000-\u001f]/.test(error.message), "the value is escaped");
      }
    }),
  );
});
