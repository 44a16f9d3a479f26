// `npm run bench`: toolspan wrap against the floor and the reference wrapper, toolspan lint against the Python
// linter from "Tool Previews Lie", jq and a bare JSON.parse loop, the hook's cost, the MCP server's memory, and
// instruction counts under callgrind beside a baseline checkout; writes BENCHMARKS.md.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CANDIDATES, SOURCES, STARTUP, type Candidate, type Source } from "./candidates.js";
import { runTimed, signalCurrent, type Sample } from "./measure.js";
import { composeBenchmarks, type SectionName } from "./benchmarks-file.js";
import { measureLint, removeTraces } from "./lint-bench.js";
import { hookSection, measureHook } from "./hook-bench.js";
import { mcpSection, measureMcpMemory } from "./mcp-memory.js";
import { baselineProblem, instructionsSection, measureInstructions, valgrindVersion } from "./instructions-bench.js";
import { lintResultsTable, lintSection, lintTargetLines, scalingTable, toolspanVersionLine } from "./lint-report.js";
import { MiB, USAGE, parseOptions, sizeLabel, type BenchOptions } from "./options.js";
import {
  describeSample,
  loadLine,
  machineLines,
  resultsTable,
  startupTable,
  targetLines,
  wrapSection,
  type Cell,
  type StartupResult,
} from "./report.js";

// dist/bench/run.js -> the repository root; every command runs from there, with paths relative to it.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

const log = (line: string): void => void process.stderr.write(`${line}\n`);

/** Rotates a list by `by` places, so each repetition starts with a different candidate. */
function rotate<T>(items: readonly T[], by: number): T[] {
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

// Every candidate must agree on what the source wrote; otherwise we would be timing something broken.
class Agreement {
  private readonly digests = new Map<string, string>();

  check(size: number, source: Source, candidate: Candidate, sample: Sample): void {
    const digest = candidate.digest(sample.stdout);
    const key = `${size}/${source.kind}`;
    const seen = this.digests.get(key);
    if (seen !== undefined && seen !== digest) {
      throw new Error(`${candidate.name} on ${sizeLabel(size)} ${source.kind}: sha256 ${digest}, others said ${seen}`);
    }
    this.digests.set(key, digest);
    const bytes = candidate.bytes(sample.stdout);
    if (bytes !== null && bytes !== size) {
      throw new Error(`${candidate.name} on ${sizeLabel(size)} ${source.kind}: counted ${bytes} bytes, expected ${size}`);
    }
  }
}

async function runCandidate(size: number, source: Source, candidate: Candidate, agreement: Agreement): Promise<Sample> {
  const sample = await runTimed(candidate.argv(source.argv(String(size))), ROOT);
  agreement.check(size, source, candidate, sample);
  return sample;
}

/** One untimed pass of everything on a small output: loads binaries into the page cache and fails fast. */
async function warmUp(agreement: Agreement): Promise<void> {
  log("warming up (1 MiB, every source and candidate) ...");
  for (const source of SOURCES) {
    for (const candidate of CANDIDATES) await runCandidate(MiB, source, candidate, agreement);
  }
}

/** All sizes, sources and candidates, interleaved within each repetition. */
async function measureOutputs(options: BenchOptions, agreement: Agreement): Promise<Cell[]> {
  const cells: Cell[] = [];
  for (const size of options.sizes) {
    const sizeCells = SOURCES.flatMap((source) =>
      CANDIDATES.map((candidate): Cell => ({ size, kind: source.kind, candidate: candidate.name, samples: [] })),
    );
    for (let rep = 0; rep < options.runs; rep++) {
      for (const source of SOURCES) {
        for (const candidate of rotate(CANDIDATES, rep)) {
          const sample = await runCandidate(size, source, candidate, agreement);
          sizeCells.find((c) => c.kind === source.kind && c.candidate === candidate.name)!.samples.push(sample);
          log(`${sizeLabel(size)} ${source.kind} ${candidate.name} run ${rep + 1}/${options.runs}: ${describeSample(sample)}`);
        }
      }
    }
    cells.push(...sizeCells);
  }
  return cells;
}

/** `node -e 0` against `toolspan wrap --json -- true`, alternating which goes first. */
async function measureStartup(runs: number): Promise<StartupResult> {
  const result: StartupResult = { bare: [], wrap: [] };
  log(`start-up: ${runs} runs each ...`);
  await runTimed(STARTUP.wrap, ROOT); // warm-up, untimed
  for (let i = 0; i < runs; i++) {
    const order = rotate(["bare", "wrap"] as const, i);
    for (const which of order) result[which].push(await runTimed(STARTUP[which], ROOT));
  }
  return result;
}

/** Stops the measured command with the harness, and deletes the lint benchmark's traces. */
function passOnSignals(): void {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      signalCurrent(signal);
      removeTraces();
      process.exit(128 + ({ SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const)[signal]);
    });
  }
}

/** The wrap benchmark: prints its tables; returns its section of BENCHMARKS.md. */
async function benchWrap(options: BenchOptions, command: string): Promise<string> {
  const loadBefore = loadLine();
  const agreement = new Agreement();
  await warmUp(agreement);
  const cells = await measureOutputs(options, agreement);
  const startup = await measureStartup(options.startupRuns);
  process.stdout.write(
    `${resultsTable(cells)}\n\n${startupTable(startup)}\n\n${targetLines(cells, startup).join("\n")}\n`,
  );
  return wrapSection({
    date: new Date(),
    loadBefore,
    loadAfter: loadLine(),
    command,
    sizes: options.sizes,
    runs: options.runs,
    startupRuns: options.startupRuns,
    cells,
    startup,
  });
}

/** The lint benchmark: prints its tables; returns its section of BENCHMARKS.md. */
async function benchLint(options: BenchOptions, command: string): Promise<string> {
  const loadBefore = loadLine();
  const toolspanVersion = toolspanVersionLine();
  const results = await measureLint(ROOT, { sizes: options.lintSizes, runs: options.lintRuns }, log);
  const scaling = scalingTable(results);
  process.stdout.write(
    `${lintResultsTable(results)}\n\n${scaling === null ? "" : `${scaling}\n\n`}${lintTargetLines(results).join("\n")}\n`,
  );
  return lintSection({ date: new Date(), loadBefore, loadAfter: loadLine(), command, runs: options.lintRuns, results, toolspanVersion });
}

async function main(): Promise<number> {
  let options: BenchOptions | "help";
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    log(`bench: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options === "help") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // Refuse what the instructions benchmark cannot measure before any benchmark has spent minutes measuring.
  const valgrind = options.instructions ? valgrindVersion() : null;
  if (options.instructions) {
    const problem =
      valgrind === null
        ? "valgrind not found: the instructions benchmark counts with valgrind's callgrind (install it, or --only another benchmark)"
        : options.baseline === null
          ? null
          : baselineProblem(options.baseline);
    if (problem !== null) {
      log(`bench: ${problem}`);
      return 2;
    }
  }
  passOnSignals();
  const path = join(ROOT, "BENCHMARKS.md");
  const readExisting = (): string | null => (existsSync(path) ? readFileSync(path, "utf8") : null);
  // A run that will rewrite one section must be able to keep the other: find out before measuring anything.
  if (options.write) {
    composeBenchmarks(readExisting(), {
      ...(options.wrap ? { wrap: "" } : {}),
      ...(options.lint ? { lint: "" } : {}),
      ...(options.hook ? { hook: "" } : {}),
      ...(options.mcp ? { mcp: "" } : {}),
      ...(options.instructions ? { instructions: "" } : {}),
    });
  }
  log(machineLines().join("\n"));
  const command = ["npm run bench", ...(options.args.length > 0 ? ["--", ...options.args] : [])].join(" ");
  const sections: Partial<Record<SectionName, string>> = {};
  if (options.wrap) sections.wrap = await benchWrap(options, command);
  if (options.wrap && options.lint) process.stdout.write("\n");
  if (options.lint) sections.lint = await benchLint(options, command);
  if (options.hook) {
    const loadBefore = loadLine();
    const result = await measureHook(ROOT, options.hookRuns, log);
    sections.hook = hookSection({ date: new Date(), loadBefore, loadAfter: loadLine(), command, result });
    process.stdout.write(`\n${sections.hook}`);
  }
  if (options.mcp) {
    const loadBefore = loadLine();
    const result = await measureMcpMemory(ROOT, options.mcpSize, log);
    sections.mcp = mcpSection({ date: new Date(), loadBefore, loadAfter: loadLine(), command, result });
    process.stdout.write(`\n${sections.mcp}`);
  }
  if (options.instructions) {
    const loadBefore = loadLine();
    const result = await measureInstructions(ROOT, options.baseline, options.instructionRuns, valgrind!, log);
    sections.instructions = instructionsSection({ date: new Date(), loadBefore, loadAfter: loadLine(), command, results: result });
    process.stdout.write(`\n${sections.instructions}`);
  }
  if (options.write) {
    writeFileSync(path, composeBenchmarks(readExisting(), sections));
    const which = Object.keys(sections).join(" and ");
    log(`wrote ${path} (the ${which} section${Object.keys(sections).length > 1 ? "s" : ""})`);
  } else {
    log("BENCHMARKS.md left as it was (partial run; pass --write to record it)");
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
