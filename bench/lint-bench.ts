// The lint benchmark's measuring half: generate the traces, check that every candidate reads them as expected,
// then time them side by side.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lintCandidates, type LintCandidate, type LintCandidateName } from "./lint-candidates.js";
import { runChild, runTimed, type Sample } from "./measure.js";
import { spansLabel } from "./options.js";

/** One generated trace, with the generator's own counts. */
export interface Trace {
  spans: number;
  path: string;
  bytes: number;
  /** Spans with a planted defect: each is at least one error for toolspan lint. */
  defective: number;
  /** Spans whose stdout_truncated is true: what jq's select keeps. */
  stdoutTruncated: number;
  /** Spans written with every key, as toolspan wrap writes them (the others have the published schema's core keys). */
  toolspanWritten: number;
  generateS: number;
}

/** What each candidate reported on a trace in the untimed check run. */
export interface TraceCheck {
  spans: number;
  floorLines: number;
  toolspanErrors: number;
  toolspanErrorLines: number;
  toolspanWarnings: number;
  toolspanExit: number;
  pythonIssues: number;
  pythonExit: number;
  /** null when jq is not installed. */
  jqSelected: number | null;
}

/** All timed runs of one candidate on one trace. */
export interface LintCell {
  spans: number;
  bytes: number;
  candidate: LintCandidateName;
  samples: Sample[];
}

export interface LintResults {
  traces: Trace[];
  checks: TraceCheck[];
  cells: LintCell[];
  candidates: LintCandidate[];
  /** The floor's own read-and-parse MB/s (start-up excluded), per run, by span count. */
  floorLoopMBps: Map<number, number[]>;
}

// The traces live in one temporary directory, removed on every way out (an error, Ctrl-C, the end).
let workDir: string | null = null;

function traceDir(): string {
  if (workDir === null) {
    workDir = mkdtempSync(join(tmpdir(), "toolspan-lint-bench-"));
    process.on("exit", removeTraces);
  }
  return workDir;
}

/** Deletes the generated traces (safe to call more than once; the harness calls it on exit and on signals). */
export function removeTraces(): void {
  if (workDir === null) return;
  rmSync(workDir, { recursive: true, force: true });
  workDir = null;
}

/** Writes a trace of `spans` generated spans into the benchmark's temporary directory (removeTraces deletes it). */
export async function generate(root: string, spans: number, log: (line: string) => void): Promise<Trace> {
  const path = join(traceDir(), `spans-${spansLabel(spans)}.jsonl`);
  const started = process.hrtime.bigint();
  const { stderr } = await runChild(["node", "bench/gen-spans.mjs", String(spans), "--out", path, "--summary"], root);
  const generateS = Number(process.hrtime.bigint() - started) / 1e9;
  const summary = JSON.parse(stderr.trim().split("\n").pop() ?? "") as Record<string, number>;
  const trace: Trace = {
    spans,
    path,
    bytes: summary.bytes!,
    defective: summary.defective!,
    stdoutTruncated: summary.stdout_truncated!,
    toolspanWritten: summary.toolspan_written!,
    generateS,
  };
  log(
    `generated ${spansLabel(spans)} spans: ${(trace.bytes / 1e6).toFixed(1)} MB, ${trace.defective} defective, ` +
      `${trace.stdoutTruncated} with stdout clipped, in ${generateS.toFixed(1)} s`,
  );
  return trace;
}

function fail(trace: Trace, what: string): never {
  throw new Error(`lint check on ${spansLabel(trace.spans)} spans: ${what}`);
}

/**
 * One untimed run of every candidate, checked against the generator's counts; it also reads the trace into the
 * page cache, so that no timed run pays for the disk.
 */
async function check(root: string, trace: Trace, candidates: LintCandidate[], log: (line: string) => void): Promise<TraceCheck> {
  const run = (name: LintCandidateName) => candidates.find((c) => c.name === name);
  // The floor: every line parsed.
  const floor = JSON.parse((await runChild(run("floor")!.argv(trace.path), root)).stdout) as Record<string, number>;
  if (floor.objects !== trace.spans || floor.bytes !== trace.bytes) {
    fail(trace, `the floor parsed ${floor.objects} objects of ${floor.bytes} bytes, expected ${trace.spans} of ${trace.bytes}`);
  }
  // toolspan: one error finding or more on each defective span, and nothing else. Its findings go to a file,
  // read once it has exited.
  const findingsPath = join(traceDir(), "findings.jsonl");
  const toolspan = await runChild(run("toolspan")!.argv(trace.path), root, { stdout: { path: findingsPath }, exitCodes: [0, 1] });
  const errorLines = new Set<number>();
  let errors = 0;
  let warnings = 0;
  for (const line of readFileSync(findingsPath, "utf8").split("\n")) {
    if (line === "") continue;
    const finding = JSON.parse(line) as { line: number; severity: string };
    if (finding.severity === "error") {
      errors++;
      errorLines.add(finding.line);
    } else warnings++;
  }
  rmSync(findingsPath, { force: true });
  if (errorLines.size !== trace.defective || warnings !== 0 || toolspan.code !== (trace.defective > 0 ? 1 : 0)) {
    fail(
      trace,
      `toolspan lint found errors on ${errorLines.size} spans and ${warnings} warnings (exit ${toolspan.code}); ` +
        `the generator planted a defect in ${trace.defective} spans and nothing else`,
    );
  }
  // Every rule off: nothing at all to report, so no output and exit 0 (runChild rejects any other status).
  const engine = run("engine");
  if (engine) {
    const quiet = await runChild(engine.argv(trace.path), root);
    if (quiet.stdout !== "") fail(trace, `toolspan lint with every rule off printed ${quiet.stdout.length} characters`);
  }
  // The Python linter: its count, and an exit status that agrees with it (a crash would print no count).
  const py = await runChild(run("python")!.argv(trace.path), root, { exitCodes: [0, 1] });
  const issues = /issues=(\d+)\s*$/.exec(py.stdout);
  if (!issues || py.code !== (Number(issues[1]) > 0 ? 1 : 0)) {
    fail(trace, `the Python linter exited ${py.code} with ${issues ? `issues=${issues[1]}` : "no count"}\n${py.stderr.slice(-1000)}`);
  }
  // jq: one line per span whose stdout_truncated is true.
  let jqSelected: number | null = null;
  const jq = run("jq");
  if (jq) {
    jqSelected = (await runChild(jq.argv(trace.path), root, { stdout: "count-lines" })).stdoutLines;
    if (jqSelected !== trace.stdoutTruncated) fail(trace, `jq selected ${jqSelected} spans, expected ${trace.stdoutTruncated}`);
  }
  const result: TraceCheck = {
    spans: trace.spans,
    floorLines: floor.objects,
    toolspanErrors: errors,
    toolspanErrorLines: errorLines.size,
    toolspanWarnings: warnings,
    toolspanExit: toolspan.code,
    pythonIssues: Number(issues[1]),
    pythonExit: py.code,
    jqSelected,
  };
  log(
    `checked ${spansLabel(trace.spans)}: floor parsed ${result.floorLines} spans; toolspan ${errors} errors on ` +
      `${errorLines.size} spans, ${warnings} warnings; python issues=${result.pythonIssues}` +
      (jqSelected === null ? "" : `; jq selected ${jqSelected}`),
  );
  return result;
}

/** Rotates a list by `by` places, so each repetition starts with a different candidate. */
function rotate<T>(items: readonly T[], by: number): T[] {
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

export interface LintBenchOptions {
  sizes: number[];
  runs: (spans: number) => number;
}

/** Generates the traces, checks every candidate on each, then times them: repetitions interleaved. */
export async function measureLint(root: string, options: LintBenchOptions, log: (line: string) => void): Promise<LintResults> {
  const candidates = lintCandidates();
  if (!candidates.some((c) => c.name === "jq")) log("jq is not installed: it is left out of the lint benchmark");
  const results: LintResults = { traces: [], checks: [], cells: [], candidates, floorLoopMBps: new Map() };
  try {
    // All traces first: a generator failure shows before any long run.
    for (const spans of options.sizes) results.traces.push(await generate(root, spans, log));
    for (const trace of results.traces) {
      const checked = await check(root, trace, candidates, log);
      results.checks.push(checked);
      const cells = candidates.map((c): LintCell => ({ spans: trace.spans, bytes: trace.bytes, candidate: c.name, samples: [] }));
      const loop: number[] = [];
      const runs = options.runs(trace.spans);
      for (let rep = 0; rep < runs; rep++) {
        for (const candidate of rotate(candidates, rep)) {
          const sample = await runTimed(candidate.argv(trace.path), root, { stdout: candidate.stdout, exitCodes: candidate.exitCodes });
          // The same trace gives the same verdict every time.
          const expected = candidate.name === "toolspan" ? checked.toolspanExit : candidate.name === "python" ? checked.pythonExit : 0;
          if (sample.exitCode !== expected) fail(trace, `${candidate.name} exited ${sample.exitCode}, ${expected} in the check run`);
          if (candidate.name === "floor") loop.push((JSON.parse(sample.stdout) as { mb_per_s: number }).mb_per_s);
          cells.find((c) => c.candidate === candidate.name)!.samples.push(sample);
          log(
            `${spansLabel(trace.spans)} spans ${candidate.name} run ${rep + 1}/${runs}: ${sample.wallS.toFixed(3)} s, ` +
              `${(trace.bytes / 1e6 / sample.wallS).toFixed(1)} MB/s, ${(sample.maxRssKiB / 1024).toFixed(1)} MiB`,
          );
        }
      }
      results.floorLoopMBps.set(trace.spans, loop);
      results.cells.push(...cells);
    }
  } finally {
    removeTraces();
  }
  return results;
}
