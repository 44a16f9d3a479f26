// Turns measured samples into the markdown table, the target verdicts and BENCHMARKS.md.
import { execFileSync } from "node:child_process";
import { availableParallelism, cpus, loadavg, release, totalmem, type } from "node:os";
import { CANDIDATES, SOURCES, STARTUP, python, shellJoin, type CandidateName, type Source } from "./candidates.js";
import { bestWallOf, rssMiBOf, verdict, wallOf, type Sample } from "./measure.js";
import { GiB, sizeLabel } from "./options.js";

/** All runs of one candidate on one source at one size. */
export interface Cell {
  size: number;
  kind: Source["kind"];
  candidate: CandidateName;
  samples: Sample[];
}

export interface StartupResult {
  bare: Sample[];
  wrap: Sample[];
}

// The targets, in one place so the verdicts and the prose agree.
const TARGETS = { wallRatio1GiB: 1.3, maxRssMiB: 100, startupRatio: 2 };


function findCell(cells: Cell[], size: number, kind: string, candidate: CandidateName): Cell {
  const cell = cells.find((c) => c.size === size && c.kind === kind && c.candidate === candidate);
  if (!cell) throw new Error(`no results for ${sizeLabel(size)} ${kind} ${candidate}`);
  return cell;
}

/** Median wall time of a cell divided by the floor's on the same size and source. */
function ratioToFloor(cells: Cell[], cell: Cell): number {
  return wallOf(cell.samples) / wallOf(findCell(cells, cell.size, cell.kind, "floor").samples);
}

/** The main table: one row per size, source and candidate. */
export function resultsTable(cells: Cell[]): string {
  const label = (name: CandidateName): string => CANDIDATES.find((c) => c.name === name)!.label;
  const rows = cells.map((cell) => {
    const ratio = ratioToFloor(cells, cell);
    const figures = [
      wallOf(cell.samples).toFixed(3),
      `${ratio.toFixed(2)}×`,
      bestWallOf(cell.samples).toFixed(3),
      rssMiBOf(cell.samples).toFixed(1),
    ];
    return `| ${sizeLabel(cell.size)} | ${cell.kind} | ${label(cell.candidate)} | ${figures.join(" | ")} |`;
  });
  return [
    "| size | kind | candidate | median wall (s) | ratio to floor | fastest wall (s) | median peak RSS (MiB) |",
    "|---:|---|---|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
}

export function startupTable(startup: StartupResult): string {
  const bare = wallOf(startup.bare);
  const row = (command: readonly string[], samples: Sample[]): string =>
    `| \`${shellJoin(command)}\` | ${(wallOf(samples) * 1000).toFixed(1)} | ${(wallOf(samples) / bare).toFixed(2)}× | ${rssMiBOf(samples).toFixed(1)} |`;
  return [
    "| command | median wall (ms) | ratio to `node -e 0` | median peak RSS (MiB) |",
    "|---|---:|---:|---:|",
    row(STARTUP.bare, startup.bare),
    row(STARTUP.wrap, startup.wrap),
  ].join("\n");
}


/** On 1 GiB, toolspan's median wall time at most 1.3× the floor's, for every source. */
function wallTarget(cells: Cell[]): string {
  const title = `Wall time on 1 GiB at most ${TARGETS.wallRatio1GiB}× the floor`;
  const big = cells.filter((c) => c.size === GiB && c.candidate === "toolspan");
  if (big.length === 0) return `- ${title}: not measured in this run (no 1 GiB size).`;
  const parts = big.map((cell) => {
    const floor = findCell(cells, cell.size, cell.kind, "floor").samples;
    // Each repetition ran toolspan and the floor back to back: their ratios show how much noise is in the median.
    const paired = cell.samples.map((sample, i) => `${(sample.wallS / floor[i]!.wallS).toFixed(2)}×`).join(", ");
    return (
      `${cell.kind}: ${wallOf(cell.samples).toFixed(3)} s vs floor ${wallOf(floor).toFixed(3)} s = ` +
      `${ratioToFloor(cells, cell).toFixed(2)}×; repetition by repetition ${paired}`
    );
  });
  const met = big.every((cell) => ratioToFloor(cells, cell) <= TARGETS.wallRatio1GiB);
  return `- ${title}: ${verdict(met)} (${parts.join("; ")}).`;
}

/** toolspan's peak RSS under 100 MiB at every size, judged on the worst single run: "stays under" is a promise
 * about every run, not the median. */
function rssTarget(cells: Cell[]): string {
  const worst = cells
    .filter((c) => c.candidate === "toolspan")
    .map((cell) => ({ cell, peak: Math.max(...cell.samples.map((s) => s.maxRssKiB)) / 1024 }))
    .sort((a, b) => b.peak - a.peak)[0];
  if (!worst) return "- toolspan's peak RSS: not measured in this run.";
  const largest = Math.max(...cells.map((c) => c.size));
  const reference = cells
    .filter((c) => c.candidate === "reference" && c.size === largest)
    .map((c) => `${c.kind} ${rssMiBOf(c.samples).toFixed(0)} MiB`)
    .join(", ");
  return (
    `- toolspan's peak RSS under ${TARGETS.maxRssMiB} MiB at every size: ${verdict(worst.peak < TARGETS.maxRssMiB)} ` +
    `(highest single run ${worst.peak.toFixed(1)} MiB, ${worst.cell.kind} at ${sizeLabel(worst.cell.size)}; ` +
    `the reference reaches ${reference} at ${sizeLabel(largest)}).`
  );
}

/** `toolspan wrap --json -- true` at most 2× a bare `node -e 0`. */
function startupTarget(startup: StartupResult): string {
  const bare = wallOf(startup.bare);
  const wrap = wallOf(startup.wrap);
  return (
    `- \`toolspan wrap --json -- true\` at most ${TARGETS.startupRatio}× a bare \`node -e 0\`: ` +
    `${verdict(wrap / bare <= TARGETS.startupRatio)} ` +
    `(${(wrap * 1000).toFixed(1)} ms vs ${(bare * 1000).toFixed(1)} ms = ${(wrap / bare).toFixed(2)}×).`
  );
}

/** One line per target of the issue, each with the figures behind the verdict. */
export function targetLines(cells: Cell[], startup: StartupResult): string[] {
  return [wallTarget(cells), rssTarget(cells), startupTarget(startup)];
}

/** The facts about the machine that a reader needs to judge the figures. */
export function machineLines(): string[] {
  const version = (command: string, args: string[]): string => {
    try {
      return execFileSync(command, args, { encoding: "utf8" }).trim();
    } catch {
      return "(not found)";
    }
  };
  return [
    `- CPU: ${cpus()[0]?.model ?? "unknown"}, nproc ${availableParallelism()}; memory ${(totalmem() / GiB).toFixed(1)} GiB`,
    `- OS: ${type()} ${release()}`,
    `- node ${process.version}; ${version("openssl", ["version"])}; ${version(python(), ["--version"])} (${python()})`,
  ];
}

/** The load average, to read the figures by: other work on the machine slows every candidate. */
export function loadLine(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(" ");
}

/** The candidates' commands, written out for a size placeholder N. */
function commandLines(): string[] {
  const lines: string[] = [];
  for (const source of SOURCES) {
    const argv = source.argv("N");
    for (const candidate of CANDIDATES) {
      lines.push(`- ${source.kind}, ${candidate.name}: \`${shellJoin(candidate.argv(argv))}\``);
    }
  }
  return lines;
}

export interface ReportInput {
  date: Date;
  /** Load averages (1, 5, 15 min) when the run began and ended. */
  loadBefore: string;
  loadAfter: string;
  command: string;
  sizes: number[];
  runs: number;
  startupRuns: number;
  cells: Cell[];
  startup: StartupResult;
}

/** The wrap section of BENCHMARKS.md. */
export function wrapSection(input: ReportInput): string {
  return `## toolspan wrap

Produced by \`${input.command}\` on ${input.date.toISOString().replace(/\.\d+Z$/, "Z")}.

### Machine

${machineLines().join("\n")}
- load average (1/5/15 min): ${input.loadBefore} at the start, ${input.loadAfter} at the end

### What is measured

Each output is produced by a source command and consumed, through a pipe, by one of three candidates:

- **floor**: \`SOURCE | openssl dgst -sha256\`, one pipe and one SHA-256 pass, nothing kept: the least any
  wrapper that hashes the whole stream can cost. (coreutils \`sha256sum\` is several times slower here, so it is
  not the floor.)
- **toolspan**: \`node bin/toolspan.js wrap --json -- SOURCE\` (default cap 8192, head kept).
- **reference**: \`python3 bench/reference_wrap.py SOURCE\`, Tool Previews Lie's approach rewritten for the benchmark:
  \`subprocess.run\` reads both streams whole into memory, then hashes them (whole stream, first and last 256
  bytes), clips to 8192 bytes and decodes a 512-character preview. It always computes the whole-stream hash
  (Tool Previews Lie skips it for a clipped stream) so that it does the same hashing work as the others.

Sources: **zero** is \`head -c N /dev/zero\`; **text** is \`python3 bench/gen_text.py N\`, N bytes of log-like
UTF-8 lines (a pre-built ~64 KiB block written repeatedly, several times faster than \`openssl dgst\` can hash
it, so the source never sets the pace). All three candidates run the same source command; it runs without a
shell under toolspan and the reference. The interpreter that \`python3\` resolves to is run directly (the path
below), so a version manager's shim (pyenv's is a bash script) does not add its start-up to the text source or
the reference.

Commands (N is the size in bytes; each is run as \`/usr/bin/time -f '%e %M' COMMAND\` from the repository root):

${commandLines().join("\n")}

Runs: ${input.runs} of each candidate at each size (${input.sizes.map(sizeLabel).join(", ")}). Within a repetition the
candidates run back to back, in an order rotated from one repetition to the next, so noise from other work on
the machine falls on all of them alike. Wall times and peak RSS are medians, and the ratio to the floor is the
ratio of medians; the fastest run is shown too, since noise only ever adds time. Every run's whole-stream
SHA-256 (and byte count, where reported) is checked against the other candidates'; a mismatch stops the
benchmark. Nothing is written to disk: outputs stream through pipes.

- **Wall time** is taken by the harness with a monotonic clock from spawn to exit (GNU time's \`%e\` has 10 ms
  resolution, too coarse for 1 MiB). It includes starting \`/usr/bin/time\`, the same for every candidate.
- **Peak RSS** is GNU time's \`%M\`, \`ru_maxrss\` from \`wait4\`: on Linux, the largest resident set of the
  measured process *or any descendant it waited for* (the largest single process, not a sum). So the floor's
  figure is the largest of \`sh\`, the source and \`openssl\`, and a wrapper's is the larger of the wrapper and
  its source. The sources stay small (\`head\` ~2 MiB, the text generator ~14 MiB), so a wrapper's figure is
  its own.

### Results

${resultsTable(input.cells)}

Start-up (${input.startupRuns} runs each, interleaved):

${startupTable(input.startup)}

### Targets

${targetLines(input.cells, input.startup).join("\n")}
`;
}

/** One run's figures, for the progress log. */
export const describeSample = (sample: Sample): string =>
  `${sample.wallS.toFixed(3)} s, ${(sample.maxRssKiB / 1024).toFixed(1)} MiB`;
