import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { startCli } from "../helpers/cli.js";
import { scratchPaths, stderrText } from "../helpers/scratch.js";

const fresh = scratchPaths("toolspan-guard-");

/** Resolves once the group is gone; kills it and rejects after `limitMs` (the command outlived toolspan). */
async function groupEnds(pgid: number, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) {
      process.kill(-pgid, "SIGKILL");
      throw new Error(`the command's group ${pgid} outlived toolspan by ${limitMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const unfinishedLines = (text: string): Record<string, unknown>[] =>
  text
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((record) => record.span_type === "tool_unfinished");

for (const out of [true, false]) {
  test(`SIGKILL to wrap${out ? " --out" : ""}: the command's group is stopped and a tool_unfinished record is left`, async () => {
    const run = fresh("run.jsonl");
    const pidFile = fresh("pid");
    // The group leader writes its pid (= the group id) and waits on a child; neither ends by itself for a minute.
    const script = `echo $$ > '${pidFile}'; echo ready; sleep 60 & wait`;
    const cli = startCli(["wrap", "--run-id", "r-guard", ...(out ? ["--out", run] : []), "--", "sh", "-c", script]);
    await cli.stdoutIncludes("ready\n");
    cli.child.kill("SIGKILL");
    // toolspan's stderr closes when the guard, which holds it too, has left its record and stopped the group.
    const result = await cli.done;
    assert.equal(result.signal, "SIGKILL");
    await groupEnds(Number.parseInt(readFileSync(pidFile, "utf8"), 10), 5_000);
    const records = unfinishedLines(out ? readFileSync(run, "utf8") : stderrText(result));
    assert.equal(records.length, 1, "one tool_unfinished record");
    assert.equal(records[0]!.run_id, "r-guard");
    assert.deepEqual(records[0]!.argv, ["sh", "-c", script]);
  });
}

test("a wrap that ends normally leaves no tool_unfinished record", async () => {
  const run = fresh("run.jsonl");
  const result = await startCli(["wrap", "--out", run, "--", "sh", "-c", "exit 3"]).done;
  assert.equal(result.code, 3);
  const lines = readFileSync(run, "utf8").trimEnd().split("\n");
  assert.equal(lines.length, 1);
  assert.equal((JSON.parse(lines[0]!) as { span_type: string }).span_type, "tool");
  assert.deepEqual(unfinishedLines(stderrText(result)), []);
});
