// What the scripted model does in the toolspan tests: run a test suite, then, if the output carries a toolspan
// notice, run the grep it offers, as a model that reads the notice would.
import { fixturePath } from "../../helpers/fixtures.js";
import { offeredCommands } from "../../helpers/notice.js";
import type { ModelScript } from "./scripted-model.js";

/** A shell command that prints a test log of `bytes` bytes (the FAILED line last) on `where` and exits `exit`. */
export const testLogCommand = (bytes: number, exit: number, where = "stdout"): string =>
  `${process.execPath} ${fixturePath("test-log.mjs")} ${bytes} ${exit} ${where}`;

/** Run `first`; if its output carries a notice, run the grep the notice offers; then answer. */
export const firstThenGrep = (first: string): ModelScript => (results) => {
  if (results.length === 0) return { kind: "shell", command: first };
  const grep = results.length === 1 ? offeredCommands(results[0]!)[0] : undefined;
  return grep === undefined ? { kind: "final", text: "done" } : { kind: "shell", command: grep };
};
