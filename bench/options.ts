// The harness's command line: `npm run bench [-- --quick] [-- --only lint] [-- --sizes 1M,100M] ...`.

export const KiB = 1024;
export const MiB = 1024 * KiB;
export const GiB = 1024 * MiB;

export interface BenchOptions {
  /** Run the wrap benchmark (sizes, runs, startupRuns apply to it). */
  wrap: boolean;
  /** Run the lint benchmark (lintSizes, lintRuns apply to it). */
  lint: boolean;
  /** Run the hook benchmark (hookRuns applies to it). */
  hook: boolean;
  /** Repetitions of each hook candidate. */
  hookRuns: number;
  /** Run the MCP server benchmark (mcpSize applies to it). */
  mcp: boolean;
  /** Bytes the MCP benchmark's run streams. */
  mcpSize: number;
  /** Run the instructions benchmark (baseline, instructionRuns apply to it). */
  instructions: boolean;
  /** A built checkout of an earlier commit to count side by side with this one; null: this checkout only. */
  baseline: string | null;
  /** Runs of each case in each checkout under callgrind. */
  instructionRuns: number;
  sizes: number[];
  /** Repetitions of every size. */
  runs: number;
  startupRuns: number;
  /** Span counts of the generated traces the linters read. */
  lintSizes: number[];
  /** Repetitions at each lint size. */
  lintRuns: (spans: number) => number;
  /** Write BENCHMARKS.md (a full default run does; a partial one only prints, unless told). Only the sections
   * of the benchmarks that ran are rewritten; the other's is kept as it is. */
  write: boolean;
  /** The arguments as given, so the report can quote the exact command. */
  args: string[];
}

export const USAGE = `Usage: npm run bench [-- OPTIONS]

Five benchmarks, each writing its own section of BENCHMARKS.md:
- wrap: toolspan wrap against the floor (CMD | openssl dgst -sha256) and the reference
  wrapper (python subprocess.run), on zeros and on log-like text;
- lint: toolspan lint against Tool Previews Lie's Python linter, jq and a bare JSON.parse loop in
  Node, on generated traces of realistic spans;
- hook: what the harness hook adds to a shell call;
- mcp: the MCP server's peak memory while a run streams 1 GiB, and the bytes a read of a range reads;
- instructions: start-up (node -e 0, --help, wrap -- true) and lint and triage of a 20k-span trace, in
  instructions counted by valgrind's callgrind (steady under load), beside a baseline checkout if given.
Prints markdown tables; a full run writes BENCHMARKS.md (a full --only run, its section only).

Options:
  --only wrap|lint|hook|mcp|instructions  run one of the benchmarks (default: all five)
  --sizes LIST        wrap: output sizes, e.g. 1M,100M,1G (K/M/G are KiB/MiB/GiB; default 1M,100M,1G)
  --runs N            wrap: repetitions per size (default 5)
  --startup-runs N    wrap: repetitions of the start-up comparison (default 15)
  --lint-sizes LIST   lint: spans per generated trace, e.g. 100k,1M (k/M are 10^3/10^6; default 100k,1M)
  --lint-runs N       lint: repetitions per trace (default 5, and 3 from 1M spans up)
  --hook-runs N       hook: repetitions of each candidate (default 30)
  --mcp-size SIZE     mcp: bytes the server's run streams (default 1G)
  --baseline DIR      instructions: a built checkout of an earlier commit to count beside this one
  --instruction-runs N  instructions: runs of each case in each checkout (default 2)
  --quick             wrap: sizes 1M,100M, 2 runs each, 5 start-up runs; lint: 10k,100k spans, 2 runs each;
                      instructions: 1 run each
  --write / --no-write  write BENCHMARKS.md or not (default: only for a full default run)
  --help              show this help`;

export const BENCHMARKS = ["wrap", "lint", "hook", "mcp", "instructions"] as const;

// Five runs even at 1 GiB: the whole benchmark still takes only a few minutes, and on a shared machine three
// runs leave the median at the mercy of one noisy neighbour.
const DEFAULTS = { sizes: [MiB, 100 * MiB, GiB], runs: 5, startupRuns: 15 };
const QUICK = { sizes: [MiB, 100 * MiB], runs: 2, startupRuns: 5 };
// The traces: 100k spans (~140 MB) five times, 1M (~1.4 GB) three times, the slowest candidate (jq)
// taking ~25 s a run at 1M.
const LINT_DEFAULTS = { sizes: [100_000, 1_000_000], runs: (spans: number) => (spans >= 1_000_000 ? 3 : 5) };
const LINT_QUICK = { sizes: [10_000, 100_000], runs: () => 2 };

/** Parses the harness's arguments; throws with a message fit for the user on anything unknown. */
export function parseOptions(args: string[]): BenchOptions | "help" {
  let only: (typeof BENCHMARKS)[number] | null = null;
  let mcpSize: number | null = null;
  let baseline: string | null = null;
  let instructionRuns: number | null = null;
  let hookRuns: number | null = null;
  let sizes: number[] | null = null;
  let runs: number | null = null;
  let startupRuns: number | null = null;
  let lintSizes: number[] | null = null;
  let lintRuns: number | null = null;
  let quick = false;
  let write: boolean | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = (): string => {
      const next = args[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === "--help" || arg === "-h") return "help";
    else if (arg === "--quick") quick = true;
    else if (arg === "--only") {
      const which = value();
      const known = BENCHMARKS.find((name) => name === which);
      if (known === undefined) throw new Error(`--only takes wrap, lint, hook, mcp or instructions, got '${which}'`);
      only = known;
    } else if (arg === "--sizes") sizes = value().split(",").map(parseSize);
    else if (arg === "--runs") runs = parseCount(arg, value());
    else if (arg === "--startup-runs") startupRuns = parseCount(arg, value());
    else if (arg === "--lint-sizes") lintSizes = value().split(",").map(parseSpanCount);
    else if (arg === "--lint-runs") lintRuns = parseCount(arg, value());
    else if (arg === "--hook-runs") hookRuns = parseCount(arg, value());
    else if (arg === "--mcp-size") mcpSize = parseSize(value());
    else if (arg === "--baseline") baseline = value();
    else if (arg === "--instruction-runs") instructionRuns = parseCount(arg, value());
    else if (arg === "--write") write = true;
    else if (arg === "--no-write") write = false;
    else throw new Error(`unknown option ${arg}`);
  }
  const wrap = only === null || only === "wrap";
  const lint = only === null || only === "lint";
  const hook = only === null || only === "hook";
  const mcp = only === null || only === "mcp";
  const instructions = only === null || only === "instructions";
  // An option of the benchmark that does not run would be silently ignored: say so instead.
  if (!wrap && (sizes !== null || runs !== null || startupRuns !== null)) {
    throw new Error("--sizes, --runs and --startup-runs are wrap options; they do nothing with --only lint");
  }
  if (!lint && (lintSizes !== null || lintRuns !== null)) {
    throw new Error("--lint-sizes and --lint-runs are lint options; they do nothing with --only wrap");
  }
  if (!instructions && (baseline !== null || instructionRuns !== null)) {
    throw new Error(`--baseline and --instruction-runs are instructions options; they do nothing with --only ${only}`);
  }
  const wrapPartial = quick || sizes !== null || runs !== null || startupRuns !== null;
  const lintPartial = quick || lintSizes !== null || lintRuns !== null;
  const partial = (wrap && wrapPartial) || (lint && lintPartial) || (hook && (quick || hookRuns !== null)) || (mcp && (quick || mcpSize !== null)) ||
    (instructions && (quick || instructionRuns !== null));
  const lintDefaults = quick ? LINT_QUICK : LINT_DEFAULTS;
  return {
    wrap,
    lint,
    hook,
    hookRuns: hookRuns ?? (quick ? 5 : 30),
    mcp,
    mcpSize: mcpSize ?? (quick ? 100 * MiB : GiB),
    instructions,
    baseline,
    instructionRuns: instructionRuns ?? (quick ? 1 : 2),
    sizes: sizes ?? (quick ? QUICK.sizes : DEFAULTS.sizes),
    runs: runs ?? (quick ? QUICK.runs : DEFAULTS.runs),
    startupRuns: startupRuns ?? (quick ? QUICK.startupRuns : DEFAULTS.startupRuns),
    lintSizes: lintSizes ?? lintDefaults.sizes,
    lintRuns: lintRuns === null ? lintDefaults.runs : () => lintRuns!,
    write: write ?? !partial,
    args,
  };
}

/** A span count: 2000, 100k, 1M (k and M are 10^3 and 10^6, as the issue counts spans). */
function parseSpanCount(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(text.trim());
  const n = match ? Number(match[1]) * { "": 1, K: 1e3, M: 1e6 }[match[2]!.toUpperCase() as "" | "K" | "M"] : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`bad span count '${text}' (e.g. 2000, 100k, 1M)`);
  return n;
}

/** "100k", "1M", or the plain count when it is not round. */
export function spansLabel(spans: number): string {
  if (spans >= 1e6 && spans % 1e6 === 0) return `${spans / 1e6}M`;
  if (spans >= 1e3 && spans % 1e3 === 0) return `${spans / 1e3}k`;
  return String(spans);
}

function parseSize(text: string): number {
  const match = /^(\d+)([KMG]?)(?:i?B)?$/i.exec(text.trim());
  if (!match) throw new Error(`bad size '${text}' (e.g. 1M, 100M, 1G, 4096)`);
  const unit = { "": 1, K: KiB, M: MiB, G: GiB }[match[2]!.toUpperCase() as "" | "K" | "M" | "G"];
  return Number(match[1]) * unit;
}

function parseCount(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} takes a whole number >= 1, got '${text}'`);
  return n;
}

/** "1 MiB", "100 MiB", "1 GiB", or bytes when the size is not a round unit. */
export function sizeLabel(bytes: number): string {
  for (const [unit, name] of [[GiB, "GiB"], [MiB, "MiB"], [KiB, "KiB"]] as const) {
    if (bytes >= unit && bytes % unit === 0) return `${bytes / unit} ${name}`;
  }
  return `${bytes} B`;
}
