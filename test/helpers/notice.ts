// Reading a toolspan notice as the model would: the follow-up commands it offers, to paste into a shell.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ToolSpan } from "../../src/contract/span.js";

/** The commands a notice offers, in order (the failure grep, then the next range, per clipped stream). */
export function offeredCommands(notice: string): string[] {
  return [...notice.matchAll(/(?:in all of \w+|at a time): (.*)$/gm)].map((m) => m[1]!.replace(/\]$/, ""));
}

/** Every span of every session run file of `harness` under the toolspan home `home`, oldest file first. */
export function sessionSpans(home: string, harness: string): ToolSpan[] {
  const dir = join(home, "runs", harness);
  return readdirSync(dir)
    .filter((name) => name.endsWith(".jsonl"))
    .flatMap((name) => readFileSync(join(dir, name), "utf8").split("\n").filter((line) => line !== ""))
    .map((line) => JSON.parse(line) as ToolSpan);
}
