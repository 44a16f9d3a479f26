// The instructions benchmark: start-up and throughput counted in instructions by valgrind's callgrind, for this
// checkout and, side by side, a baseline checkout. On a shared, loaded machine wall-clock medians move with the
// neighbours; callgrind's count for the same binary and input does not move with the load, so a change of a
// percent between two commits is visible here when it is lost in the noise of the wall-clock sections.
// node runs with --single-threaded: V8's background compile and GC threads otherwise make the count of the same
// run move by about ±2% (which work they do before the process ends varies); without them it moves by ±0.3%.
import { execFileSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { generate } from "./lint-bench.js";
import { median, runChild } from "./measure.js";

/** Spans in the generated trace that lint and triage read. */
export const TRACE_SPANS = 20_000;

/** One measured command, its argv after `node`, with FILE standing for the generated trace. */
export interface InstructionCase {
  name: string;
  args: readonly string[];
  /** Exit statuses that are not a failure: lint and triage exit 1 on a trace with findings. */
  exitCodes: readonly number[];
}

const FILE = "FILE";
/** The trace's first span alone: lint's start-up, with next to nothing to read. */
const ONE_SPAN = "ONE_SPAN";

/** V8's options for every measured node (see the top of this file). */
const NODE_FLAGS = ["--single-threaded"] as const;

export const CASES: readonly InstructionCase[] = [
  { name: "floor", args: ["-e", "0"], exitCodes: [0] },
  { name: "help", args: ["bin/toolspan.js", "--help"], exitCodes: [0] },
  { name: "wrap", args: ["bin/toolspan.js", "wrap", "--json", "--", "true"], exitCodes: [0] },
  { name: "lint, one span", args: ["bin/toolspan.js", "lint", ONE_SPAN], exitCodes: [0, 1] },
  { name: "lint", args: ["bin/toolspan.js", "lint", FILE], exitCodes: [0, 1] },
  { name: "lint, no workers", args: ["bin/toolspan.js", "lint", "--workers", "0", FILE], exitCodes: [0, 1] },
  { name: "triage", args: ["bin/toolspan.js", "triage", FILE], exitCodes: [0, 1] },
];

/** A checkout that was measured: where it is, and which commit it is. */
export interface Checkout {
  dir: string;
  commit: string;
}

export interface InstructionResults {
  runs: number;
  spans: number;
  valgrind: string;
  mine: Checkout;
  baseline: Checkout | null;
  /** Instruction counts of each run, by checkout dir, then by case name. */
  counts: Map<string, Map<string, number[]>>;
}

/** The count callgrind reports on stderr (`==PID== Collected : N`), or null when there is none. */
export function parseCollected(stderr: string): number | null {
  const match = /Collected\s*:\s*(\d+)/.exec(stderr);
  return match ? Number(match[1]) : null;
}

/** valgrind's version line, or null when valgrind is not installed. */
export function valgrindVersion(): string | null {
  try {
    return execFileSync("valgrind", ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

/** Why `dir` cannot be measured as a baseline (a one-line message), or null when it is a built checkout. */
export function baselineProblem(dir: string): string | null {
  if (!existsSync(dir)) return `--baseline ${dir}: no such directory`;
  const missing = ["dist", "bin/toolspan.js"].filter((path) => !existsSync(join(dir, path)));
  if (missing.length > 0) return `--baseline ${dir}: not a built checkout (no ${missing.join(" and no ")}; run npm run build there)`;
  return null;
}

/** The commit checked out in `dir`, short, marked when src/ or bin/ has uncommitted changes (read-only git calls). */
export function commitOf(dir: string): string {
  const git = (...args: string[]): string =>
    execFileSync("git", ["--no-optional-locks", "-C", dir, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  try {
    const commit = git("rev-parse", "--short", "HEAD");
    return git("status", "--porcelain", "--", "src", "bin") === "" ? commit : `${commit}+changes`;
  } catch {
    return "unknown";
  }
}

/** Runs every case `runs` times in each checkout, alternating checkouts (the first one rotates every run). */
export async function measureInstructions(
  root: string,
  baselineDir: string | null,
  runs: number,
  valgrind: string,
  log: (line: string) => void,
): Promise<InstructionResults> {
  const mine: Checkout = { dir: root, commit: commitOf(root) };
  const baseline: Checkout | null = baselineDir === null ? null : { dir: resolve(baselineDir), commit: commitOf(baselineDir) };
  const checkouts = baseline === null ? [mine] : [mine, baseline];
  const trace = await generate(root, TRACE_SPANS, log);
  // wrap writes its span under TOOLSPAN_HOME: a scratch one, so the bench leaves nothing in ~/.toolspan.
  const home = mkdtempSync(join(tmpdir(), "toolspan-instructions-bench-"));
  const env = { ...process.env, TOOLSPAN_HOME: home };
  const oneSpan = join(home, "one-span.jsonl");
  writeFileSync(oneSpan, `${firstLine(trace.path)}\n`);
  const paths: Record<string, string> = { [FILE]: trace.path, [ONE_SPAN]: oneSpan };
  const counts = new Map(checkouts.map((c) => [c.dir, new Map(CASES.map((k) => [k.name, [] as number[]]))]));
  try {
    for (let run = 0; run < runs; run++) {
      for (const instructionCase of CASES) {
        const k = run % checkouts.length;
        for (const checkout of [...checkouts.slice(k), ...checkouts.slice(0, k)]) {
          const args = instructionCase.args.map((arg) => paths[arg] ?? arg);
          const argv = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", process.execPath, ...NODE_FLAGS, ...args];
          const result = await runChild(argv, checkout.dir, { stdout: { path: "/dev/null" }, exitCodes: instructionCase.exitCodes, env });
          const count = parseCollected(result.stderr);
          if (count === null) throw new Error(`${instructionCase.name} in ${checkout.dir}: no 'Collected :' line on valgrind's stderr`);
          counts.get(checkout.dir)!.get(instructionCase.name)!.push(count);
          log(`instructions ${instructionCase.name} ${checkout.commit} run ${run + 1}/${runs}: ${millions(count)}`);
        }
      }
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  return { runs, spans: trace.spans, valgrind, mine, baseline, counts };
}

/** The first line of a generated trace (its lines are a few KB: the first 64 KiB hold one). */
function firstLine(path: string): string {
  const fd = openSync(path, "r");
  try {
    const head = Buffer.alloc(1 << 16);
    const text = head.subarray(0, readSync(fd, head, 0, head.length, 0)).toString("utf8");
    return text.slice(0, text.indexOf("\n"));
  } finally {
    closeSync(fd);
  }
}

const millions = (count: number): string => `${(count / 1e6).toFixed(1)}M`;
const signedMillions = (count: number): string => `${count >= 0 ? "+" : "−"}${millions(Math.abs(count))}`;

/** The median count of one case in one checkout, and how far its runs spread around it. */
function summary(results: InstructionResults, checkout: Checkout, name: string): { median: number; spread: number } {
  const values = results.counts.get(checkout.dir)!.get(name)!;
  const mid = median(values);
  return { median: mid, spread: (Math.max(...values) - Math.min(...values)) / mid };
}

/** The markdown table: one row per case, this checkout's figures and, with a baseline, the baseline's and the ratio. */
export function instructionsTable(results: InstructionResults): string {
  const { mine, baseline } = results;
  const cell = (checkout: Checkout, name: string): string => {
    const { median: mid, spread } = summary(results, checkout, name);
    return `${millions(mid)} (±${((spread / 2) * 100).toFixed(1)}%)`;
  };
  const overFloor = (checkout: Checkout, name: string): string =>
    name === "floor" ? "—" : signedMillions(summary(results, checkout, name).median - summary(results, checkout, "floor").median);
  const head =
    baseline === null
      ? ["| case | command | instructions | minus floor |", "|---|---|---|---|"]
      : [
          `| case | command | baseline ${baseline.commit} | this ${mine.commit} | after/baseline | minus floor, baseline | minus floor, this |`,
          "|---|---|---|---|---|---|---|",
        ];
  const rows = CASES.map((instructionCase) => {
    const command = `\`node ${instructionCase.args.join(" ")}\``;
    if (baseline === null) return `| ${instructionCase.name} | ${command} | ${cell(mine, instructionCase.name)} | ${overFloor(mine, instructionCase.name)} |`;
    const ratio = summary(results, mine, instructionCase.name).median / summary(results, baseline, instructionCase.name).median;
    return (
      `| ${instructionCase.name} | ${command} | ${cell(baseline, instructionCase.name)} | ${cell(mine, instructionCase.name)} | ` +
      `${ratio.toFixed(3)} | ${overFloor(baseline, instructionCase.name)} | ${overFloor(mine, instructionCase.name)} |`
    );
  });
  return [...head, ...rows].join("\n");
}

/** The section of BENCHMARKS.md. */
export function instructionsSection(input: {
  date: Date;
  loadBefore: string;
  loadAfter: string;
  command: string;
  results: InstructionResults;
}): string {
  const { results } = input;
  const { mine, baseline } = results;
  const runsText = results.runs === 2 ? "the mean of the 2 runs" : `the median of ${results.runs} runs`;
  return [
    "## toolspan instructions",
    "",
    `Measured ${input.date.toISOString().slice(0, 10)} with \`${input.command}\`; load average ${input.loadBefore} before, ${input.loadAfter} after.`,
    `- this checkout: commit ${mine.commit}${baseline === null ? "" : `; baseline: commit ${baseline.commit} (\`${baseline.dir}\`)`}`,
    `- ${results.valgrind}, \`valgrind --tool=callgrind --callgrind-out-file=/dev/null node ${NODE_FLAGS.join(" ")} ARGS\` from each checkout's root, ` +
      `with the same \`${process.version}\` node, stdin and stdout /dev/null; the count is callgrind's \`Collected\` line ` +
      "(the node process only: `true` under wrap is not counted)",
    `- FILE is one generated trace of ${results.spans.toLocaleString("en-US")} spans (bench/gen-spans.mjs), the same file for every run; ` +
      "ONE_SPAN is its first line alone",
    `- ${results.runs} run${results.runs === 1 ? "" : "s"} of each case in each checkout${baseline === null ? "" : ", alternating checkouts"}; ` +
      `each figure is ${runsText}, ± half the spread between runs`,
    "",
    instructionsTable(results),
    "",
    "How to read it: instruction counts do not depend on the machine's load, so a ratio more than about 1% " +
      "away from 1 is a real change in what the code does; \"minus floor\" is what toolspan itself costs beyond `node -e 0`, " +
      "and the lint and triage rows' excess over help is the cost of reading the trace.",
    "",
  ].join("\n");
}
