// A pattern from the user or the model, compiled by RE2's rules: matching takes time linear in the text, whatever
// the pattern, so no pattern can hang a command on a long stream.
import { RE2JS } from "re2js";

/** A line test for `pattern` (RE2 syntax), or why RE2 cannot compile it. */
export function compileLinearPattern(pattern: string, ignoreCase: boolean): { test: (line: string) => boolean } | { error: string } {
  try {
    const compiled = RE2JS.compile(pattern, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
    return { test: (line) => compiled.matcher(line).find() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}
