// A pattern from the user or the model, compiled by RE2's rules: matching takes time linear in the text, whatever
// the pattern, so no pattern can hang a command on a long stream.
import { createRequire } from "node:module";
import type { RE2JS as RE2JSClass } from "re2js";

// Loaded on first use: every wrap reads the config code, and RE2 costs ~17 ms of start-up that only a user
// pattern or a grep needs.
let engine: typeof RE2JSClass | null = null;
function re2(): typeof RE2JSClass {
  engine ??= (createRequire(import.meta.url)("re2js") as { RE2JS: typeof RE2JSClass }).RE2JS;
  return engine;
}

/** A line test for `pattern` (RE2 syntax), or why RE2 cannot compile it. */
export function compileLinearPattern(pattern: string, ignoreCase: boolean): { test: (line: string) => boolean } | { error: string } {
  try {
    const RE2JS = re2();
    const compiled = RE2JS.compile(pattern, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
    return { test: (line) => compiled.matcher(line).find() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

// JavaScript flags that RE2 has its own names for; `g`, `d` and `u` change what exec reports or reads, not what matches.
const re2Flag = (flag: string): number => {
  const RE2JS = re2();
  return ({ i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL } as Record<string, number>)[flag] ?? 0;
};

/** A RegExp whose `exec` runs on RE2 (with its linear-time lookbehinds): a pattern from a config file matches in
 * time linear in the text, so no pattern can keep a command's span from being written. The source must compile
 * both as JavaScript (the RegExp it extends) and as RE2, which refuses lookaheads and backreferences: the
 * constructor throws the RE2 message then. `exec` honours `lastIndex` for `g` and reports `indices` for `d`. */
export class LinearRegExp extends RegExp {
  private readonly linear: RE2JSClass;

  constructor(source: string, flags: string) {
    super(source, flags);
    const re2Flags = [...flags].reduce((all, flag) => all | re2Flag(flag), re2().LOOKBEHINDS);
    this.linear = re2().compile(source, re2Flags);
  }

  override exec(text: string): RegExpExecArray | null {
    const from = this.global ? this.lastIndex : 0;
    const matcher = this.linear.matcher(text);
    if (from > text.length || !matcher.find(from)) {
      if (this.global) this.lastIndex = 0;
      return null;
    }
    const groups = matcher.groupCount();
    const match = Array.from({ length: groups + 1 }, (_, group) => matcher.group(group) ?? undefined) as unknown as RegExpExecArray;
    match.index = matcher.start();
    match.input = text;
    const names = Object.entries(this.linear.namedGroups());
    if (names.length > 0) match.groups = Object.fromEntries(names.map(([name, group]) => [name, matcher.group(group) ?? undefined])) as Record<string, string>;
    if (this.hasIndices) {
      const span = (group: number): [number, number] | undefined => (matcher.start(group) < 0 ? undefined : [matcher.start(group), matcher.end(group)]);
      const indices = Array.from({ length: groups + 1 }, (_, group) => span(group)) as unknown as RegExpIndicesArray;
      if (names.length > 0) indices.groups = Object.fromEntries(names.map(([name, group]) => [name, span(group)])) as Record<string, [number, number]>;
      match.indices = indices;
    }
    if (this.global) this.lastIndex = matcher.end();
    return match;
  }
}
