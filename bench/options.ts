// The harness's command line: `npm run bench [-- --quick] [-- --sizes 1M,100M] ...`.

export const KiB = 1024;
export const MiB = 1024 * KiB;
export const GiB = 1024 * MiB;

export interface BenchOptions {
  sizes: number[];
  /** Repetitions of every size. */
  runs: number;
  startupRuns: number;
  /** Write BENCHMARKS.md (a full default run does; a partial one only prints, unless told). */
  write: boolean;
  /** The arguments as given, so the report can quote the exact command. */
  args: string[];
}

export const USAGE = `Usage: npm run bench [-- OPTIONS]

Measures toolspan wrap against the floor (CMD | openssl dgst -sha256) and the reference
wrapper (python subprocess.run), on zeros and on log-like text; prints a markdown table and
writes BENCHMARKS.md.

Options:
  --sizes LIST        output sizes, e.g. 1M,100M,1G (K/M/G are KiB/MiB/GiB; default 1M,100M,1G)
  --runs N            repetitions per size (default 5)
  --startup-runs N    repetitions of the start-up comparison (default 15)
  --quick             sizes 1M,100M, 2 runs each, 5 start-up runs
  --write / --no-write  write BENCHMARKS.md or not (default: only for a full default run)
  --help              show this help`;

// Five runs even at 1 GiB: the whole benchmark still takes only a few minutes, and on a shared machine three
// runs leave the median at the mercy of one noisy neighbour.
const DEFAULTS = { sizes: [MiB, 100 * MiB, GiB], runs: 5, startupRuns: 15 };
const QUICK = { sizes: [MiB, 100 * MiB], runs: 2, startupRuns: 5 };

/** Parses the harness's arguments; throws with a message fit for the user on anything unknown. */
export function parseOptions(args: string[]): BenchOptions | "help" {
  let sizes: number[] | null = null;
  let runs: number | null = null;
  let startupRuns: number | null = null;
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
    else if (arg === "--sizes") sizes = value().split(",").map(parseSize);
    else if (arg === "--runs") runs = parseCount(arg, value());
    else if (arg === "--startup-runs") startupRuns = parseCount(arg, value());
    else if (arg === "--write") write = true;
    else if (arg === "--no-write") write = false;
    else throw new Error(`unknown option ${arg}`);
  }
  const partial = quick || sizes !== null || runs !== null || startupRuns !== null;
  return {
    sizes: sizes ?? (quick ? QUICK.sizes : DEFAULTS.sizes),
    runs: runs ?? (quick ? QUICK.runs : DEFAULTS.runs),
    startupRuns: startupRuns ?? (quick ? QUICK.startupRuns : DEFAULTS.startupRuns),
    write: write ?? !partial,
    args,
  };
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
