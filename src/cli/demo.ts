// `toolspan demo`: the incident of "Tool Previews Lie" in one command, on a bundled test run.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runTool } from "../run/run-tool.js";
import { defineCommand } from "./define-command.js";
import type { OptionSpec } from "./option-parser.js";
import { openOutOption, runIdToJoin } from "./out-option.js";

const OPTIONS = [
  { name: "out", kind: "string", value: "FILE", help: "the run file to append the span to (default: a new temporary file)" },
] as const satisfies readonly OptionSpec[];

const USAGE = `Usage: toolspan demo [--out FILE]

Wraps a bundled test run (examples/demo/run-tests.mjs: 380 tests pass, then one
fails) with the usual 8192-byte head cap, writes the span to a run file, shows
what the model saw and what the span says, then re-runs the same argv without a
cap, proves by hash that it reproduced the stream, and prints the bytes the
model never saw.`;

const lastLines = (text: string, count: number): string =>
  text.trimEnd().split("\n").slice(-count).map((line) => `    ${line}`).join("\n");

export const command = defineCommand({
  name: "demo",
  summary: "wrap a bundled test run whose failing assertion lies past the cap",
  usage: USAGE,
  options: OPTIONS,
  interleaved: false,
  run: ({ options }, io) => demo(options.out, io.env),
});

/** Runs the demo; resolves to 0 when it showed what it set out to show. */
async function demo(out: string | undefined, env: NodeJS.ProcessEnv): Promise<number> {
  const script = fileURLToPath(new URL("../../../examples/demo/run-tests.mjs", import.meta.url));
  const outPath = out ?? join(mkdtempSync(join(tmpdir(), "toolspan-demo-")), "run.jsonl");
  const runFile = openOutOption(outPath)!;
  const argv = [process.execPath, script];
  const clipped = await runTool(argv, { cap: 8192, marker: true, stdin: "ignore", toolName: "pytest", runId: runIdToJoin(runFile, env) });
  runFile.append(JSON.stringify(clipped.span));
  runFile.close();
  const full = await runTool(argv, { cap: null, stdin: "ignore", toolName: "pytest", runId: clipped.span.run_id });

  const span = clipped.span;
  const kept = clipped.stdout.toString("utf8");
  const unseen = full.stdout.subarray(span.stdout_cap ?? 0);
  const same = full.span.stdout_stream_sha256 === span.stdout_stream_sha256;
  process.stdout.write(
    [
      `toolspan demo: a test run wrapped with an 8192-byte head cap, as coding agents' wrappers do.`,
      ``,
      `1. What the model got (the end of it): ${span.stdout_cap} bytes of passing tests, then toolspan's marker:`,
      lastLines(kept, 4),
      ``,
      `2. What the span says (one line appended to ${outPath}):`,
      `    stdout_bytes ${span.stdout_bytes}   stdout_cap ${span.stdout_cap}   stdout_truncated ${span.stdout_truncated}`,
      `    returncode ${span.returncode}   ok_preview ${span.ok_preview}   encoding ${span.encoding}`,
      `    stdout_stream_sha256 ${span.stdout_stream_sha256}`,
      `    stdout_tail_sha256   ${span.stdout_tail_sha256}`,
      ``,
      `3. Re-run without a cap: stream sha256 ${same ? "identical: the same stream was reproduced" : "DIFFERS: the re-run wrote another stream"}.`,
      `   What the model never saw: ${unseen.length} bytes after byte ${span.stdout_cap}; they end with:`,
      lastLines(unseen.toString("utf8"), 5),
      ``,
      `The preview looked like a clean test session; the failing assertion was past the cap.`,
      `Next: read the span with 'jq . ${outPath}', or wrap your own command:`,
      `    npx toolspan wrap --out run.jsonl --marker -- YOUR COMMAND`,
      ``,
    ].join("\n"),
  );
  return span.stdout_truncated && same ? 0 : 1;
}
