// A scratch folder per test file, removed when the file's tests end, and the wrap call the rerun tests share.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import { runCli, type CliResult } from "./cli.js";

/** A new folder named after `prefix`; the returned function gives a fresh path in it on each call. */
export function scratchPaths(prefix: string): (name: string) => string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  after(() => rmSync(dir, { recursive: true, force: true }));
  let count = 0;
  return (name) => join(dir, `${++count}-${name}`);
}

export const stdoutText = (result: CliResult): string => result.stdout.toString("utf8");
export const stderrText = (result: CliResult): string => result.stderr.toString("utf8");

/** `toolspan wrap --out RUN WRAPARGS -- ARGV` into a fresh run file; resolves to its path. */
export async function wrapInto(fresh: (name: string) => string, wrapArgs: readonly string[], argv: readonly string[]): Promise<string> {
  const run = fresh("run.jsonl");
  const result = await runCli(["wrap", "--out", run, ...wrapArgs, "--", ...argv]);
  assert.ok(existsSync(run), `wrap wrote its span: ${stderrText(result)}`);
  return run;
}
