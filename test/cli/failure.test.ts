import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { BUG_EXIT, failureReport, REPORT_REQUEST } from "../../src/cli/failure.js";
import { MAX_LINE_OPTION } from "../../src/cli/max-line-option.js";
import { UsageError } from "../../src/cli/usage-error.js";
import { LineTooLong } from "../../src/formats/line-splitter.js";
import { unreadableInput } from "../../src/formats/jsonl-lines.js";
import { ToolspanError } from "../../src/util/errors.js";

const lint = { name: "lint", options: [MAX_LINE_OPTION] };

describe("failureReport: the exit policy", () => {
  test("a usage error: its line, its hint, the command's help; exit 2", () => {
    assert.deepEqual(failureReport(new UsageError("no file given", "toolspan lint FILE..."), lint), {
      text: "toolspan: no file given\nusage: toolspan lint FILE...\n(see toolspan lint --help)\n",
      code: 2,
    });
  });

  test("any other ToolspanError: one line, escaped; exit 2", () => {
    assert.deepEqual(failureReport(new ToolspanError("cannot read r\x1b]2;x.jsonl: ENOENT"), lint), { text: "toolspan: cannot read r\\u001b]2;x.jsonl: ENOENT\n", code: 2 });
  });

  test("a library error names the library option; the CLI prints its flag for it", () => {
    const error = unreadableInput("run.jsonl", new LineTooLong(3, 100));
    assert.equal(error.option, "maxLineBytes");
    assert.match(error.message, /\(maxLineBytes raises the limit\)$/);
    assert.equal(failureReport(error, lint).text, "toolspan: cannot read run.jsonl: line 3 is longer than 100 bytes (--max-line-bytes raises the limit)\n");
    // A command without that flag leaves the library's name as it is.
    assert.match(failureReport(error, { name: "show", options: [] }).text, /\(maxLineBytes raises the limit\)\n$/);
  });

  test("a system call's error on a named file: one line, exit 2", () => {
    const error = Object.assign(new Error("ENOENT: no such file or directory, open 'missing.json'"), { code: "ENOENT", syscall: "open", path: "missing.json" });
    assert.deepEqual(failureReport(error, lint), { text: "toolspan: ENOENT: no such file or directory, open 'missing.json'\n", code: 2 });
  });

  test("anything else is a bug: the stack, the request to report it, exit 70", () => {
    for (const error of [new TypeError("x is undefined"), Object.assign(new Error("coded, no syscall"), { code: "ERR_X" }), "a thrown string"]) {
      const { text, code } = failureReport(error, lint);
      assert.equal(code, BUG_EXIT);
      assert.ok(text.endsWith(`\n${REPORT_REQUEST}\n`), text);
    }
    assert.match(failureReport(new TypeError("x is undefined"), lint).text, /^TypeError: x is undefined\n\s+at /);
  });
});
