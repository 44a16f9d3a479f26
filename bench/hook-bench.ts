// The hook benchmark: what putting toolspan in front of a harness's shell call costs. Side by side, interleaved:
// the bare call as the harness runs it (`bash -c CMD`), the same call under `toolspan wrap --harness`, and the
// whole path (the harness runs `toolspan hook`, then the rewritten command). The hook's cost is the last minus
// the second; the target is at most 40 ms.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "./measure.js";

export interface HookBenchResult {
  runs: number;
  /** Wall seconds of each run, by candidate. */
  bare: number[];
  wrap: number[];
  hookAndWrap: number[];
  /** The hook step alone, within hookAndWrap. */
  hookOnly: number[];
  /** `node -e 0`: the floor of any hook that is a Node process. */
  node: number[];
}

const COMMAND = "true";

function timed(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv, input?: string): Promise<{ seconds: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(argv[0]!, argv.slice(1), { cwd, env, stdio: [input === undefined ? "ignore" : "pipe", "pipe", "ignore"] });
    const out: Buffer[] = [];
    child.stdout!.on("data", (chunk: Buffer) => out.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) reject(new Error(`${argv.join(" ")}: exit ${code}`));
      else resolve({ seconds, stdout: Buffer.concat(out).toString("utf8") });
    });
    if (input !== undefined) child.stdin!.end(input);
  });
}

/** Measures the three candidates `runs` times each, rotating which goes first. */
export async function measureHook(root: string, runs: number, log: (line: string) => void): Promise<HookBenchResult> {
  const home = mkdtempSync(join(tmpdir(), "toolspan-hook-bench-"));
  const env = { ...process.env, TOOLSPAN_HOME: home };
  const toolspan = [process.execPath, join(root, "bin/toolspan.js")];
  const input = JSON.stringify({ session_id: "bench", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: COMMAND, description: "bench" } });
  const result: HookBenchResult = { runs, bare: [], wrap: [], hookAndWrap: [], hookOnly: [], node: [] };
  const candidates = {
    node: async () => result.node.push((await timed([process.execPath, "-e", "0"], root, env)).seconds),
    bare: async () => result.bare.push((await timed(["bash", "-c", COMMAND], root, env)).seconds),
    wrap: async () => result.wrap.push((await timed([...toolspan, "wrap", "--harness", "claude-code", "--session", "bench", "--", "bash", "-c", COMMAND], root, env)).seconds),
    hookAndWrap: async () => {
      const hook = await timed([...toolspan, "hook", "claude-code"], root, env, input);
      const rewritten = (JSON.parse(hook.stdout) as { hookSpecificOutput: { updatedInput: { command: string } } }).hookSpecificOutput.updatedInput.command;
      const call = await timed(["bash", "-c", rewritten], root, env);
      result.hookOnly.push(hook.seconds);
      result.hookAndWrap.push(hook.seconds + call.seconds);
    },
  };
  try {
    const names = Object.keys(candidates) as (keyof typeof candidates)[];
    for (const name of names) await candidates[name](); // warm-up, untimed: the page cache
    result.bare.length = result.wrap.length = result.hookAndWrap.length = result.hookOnly.length = result.node.length = 0;
    for (let i = 0; i < runs; i++) {
      const k = i % names.length;
      for (const name of [...names.slice(k), ...names.slice(0, k)]) await candidates[name]();
      log(`hook run ${i + 1}/${runs}`);
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  return result;
}

const ms = (seconds: number): string => `${(seconds * 1000).toFixed(1)} ms`;

/** The section of BENCHMARKS.md. */
export function hookSection(input: { date: Date; loadBefore: string; loadAfter: string; command: string; result: HookBenchResult }): string {
  const { result } = input;
  const bare = median(result.bare);
  const wrap = median(result.wrap);
  const whole = median(result.hookAndWrap);
  const added = whole - wrap;
  return [
    "## toolspan hook",
    "",
    `Measured ${input.date.toISOString().slice(0, 10)} with \`${input.command}\`; load average ${input.loadBefore} before, ${input.loadAfter} after.`,
    `${result.runs} runs of each, interleaved (the first candidate rotates), after one untimed warm-up; medians of wall time.`,
    "",
    "| candidate | what runs | median |",
    "|---|---|---|",
    `| bare | \`bash -c ${COMMAND}\`, as the harness runs the call | ${ms(bare)} |`,
    `| wrap | \`toolspan wrap --harness claude-code --session S -- bash -c ${COMMAND}\` | ${ms(wrap)} |`,
    `| hook + wrap | \`toolspan hook claude-code\` on the call's JSON, then the rewritten command | ${ms(whole)} |`,
    `| hook alone | \`toolspan hook claude-code\` (part of the row above) | ${ms(median(result.hookOnly))} |`,
    `| node | \`node -e 0\`: the floor of any hook that is a Node process | ${ms(median(result.node))} |`,
    "",
    `- The hook adds ${ms(added)} on top of wrap (hook + wrap minus wrap; ${(whole / wrap).toFixed(2)}× wrap); target at most 40 ms: ${added <= 0.04 ? "**met**" : "**NOT met**"}.`,
    `- wrap itself adds ${ms(wrap - bare)} to the bare call (node's start-up, mostly).`,
    `- The hook alone is ${ms(median(result.hookOnly) - median(result.node))} over \`node -e 0\`: a hook that is a Node process cannot add less than node's own start-up (${ms(median(result.node))} here).`,
    "",
  ].join("\n");
}
