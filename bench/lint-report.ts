// Turns the lint benchmark's samples into its tables, its target verdicts and its section of BENCHMARKS.md.
import { execFileSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { ALL_LINT_CANDIDATES, jqVersion, shownCommand, type LintCandidateName } from "./lint-candidates.js";
import type { LintCell, LintResults, Trace, TraceCheck } from "./lint-bench.js";
import { bestWallOf, median, rssMiBOf, verdict, wallOf, type Sample } from "./measure.js";
import { spansLabel } from "./options.js";
import { machineLines } from "./report.js";

// The issue's targets, in one place so the verdicts and the prose agree.
const TARGETS = {
  /** toolspan lint's wall time on the ~140 MB trace, as a share of the Python linter's. */
  wallShareOfPython: 1 / 3,
  /** The ~140 MB trace: 100k spans. */
  wallSpans: 100_000,
  maxRssMiB: 200,
  /** Linear from 100k to 1M spans: time per byte at 1M at most this much above the time per byte at 100k. */
  linearSlack: 1.1,
  linearFrom: 100_000,
  linearTo: 1_000_000,
};

const MB = 1e6;
const peakMiBOf = (samples: Sample[]): number => Math.max(...samples.map((s) => s.maxRssKiB)) / 1024;
const mb = (bytes: number): string => (bytes / MB).toFixed(1);

function labelOf(name: LintCandidateName): string {
  return ALL_LINT_CANDIDATES.find((c) => c.name === name)!.label;
}

function cellOf(results: LintResults, spans: number, candidate: LintCandidateName): LintCell | undefined {
  return results.cells.find((c) => c.spans === spans && c.candidate === candidate);
}

/** The traces: sizes and what is in them. */
export function tracesTable(traces: Trace[]): string {
  const rows = traces.map(
    (t) =>
      `| ${spansLabel(t.spans)} | ${mb(t.bytes)} | ${(t.bytes / t.spans).toFixed(0)} | ${t.toolspanWritten} | ` +
      `${t.stdoutTruncated} | ${t.defective} |`,
  );
  return [
    "| spans | file (MB) | bytes per span | spans with every key (toolspan wrap's) | spans with stdout clipped | spans with a planted defect |",
    "|---:|---:|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
}

/** The main table: one row per trace and candidate. */
export function lintResultsTable(results: LintResults): string {
  const rows: string[] = [];
  for (const trace of results.traces) {
    const python = cellOf(results, trace.spans, "python");
    for (const cell of results.cells.filter((c) => c.spans === trace.spans)) {
      const wall = wallOf(cell.samples);
      const ratio = python ? `${(wall / wallOf(python.samples)).toFixed(2)}×` : "–";
      rows.push(
        `| ${spansLabel(cell.spans)} (${mb(cell.bytes)} MB) | ${labelOf(cell.candidate)} | ${wall.toFixed(3)} | ` +
          `${bestWallOf(cell.samples).toFixed(3)} | ${(cell.bytes / MB / wall).toFixed(1)} | ${ratio} | ${rssMiBOf(cell.samples).toFixed(1)} |`,
      );
    }
  }
  return [
    "| trace | candidate | median wall (s) | fastest wall (s) | MB/s (median) | wall ratio to python | median peak RSS (MiB) |",
    "|---|---|---:|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
}

/** How each candidate's time grows from the smallest trace to the largest. */
export function scalingTable(results: LintResults): string | null {
  if (results.traces.length < 2) return null;
  const small = results.traces[0]!;
  const large = results.traces[results.traces.length - 1]!;
  const byteRatio = large.bytes / small.bytes;
  const rows = results.candidates.map((candidate) => {
    const a = cellOf(results, small.spans, candidate.name)!;
    const b = cellOf(results, large.spans, candidate.name)!;
    const ratio = wallOf(b.samples) / wallOf(a.samples);
    return (
      `| ${candidate.label} | ${wallOf(a.samples).toFixed(3)} | ${wallOf(b.samples).toFixed(3)} | ${ratio.toFixed(2)}× | ` +
      `${rssMiBOf(a.samples).toFixed(1)} → ${rssMiBOf(b.samples).toFixed(1)} |`
    );
  });
  return [
    `| candidate | median wall at ${spansLabel(small.spans)} (s) | at ${spansLabel(large.spans)} (s) | time ratio (linear: ${byteRatio.toFixed(2)}×, the bytes' ratio) | median peak RSS (MiB) |`,
    "|---|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
}

/** What each candidate reported in the untimed check run, against what the generator planted. */
export function checksTable(results: LintResults): string {
  const rows = results.checks.map((c: TraceCheck) => {
    const trace = results.traces.find((t) => t.spans === c.spans)!;
    return (
      `| ${spansLabel(c.spans)} | ${trace.defective} | ${c.toolspanErrors} errors on ${c.toolspanErrorLines} spans, ` +
      `${c.toolspanWarnings} warnings (exit ${c.toolspanExit}) | ${c.pythonIssues} issues (exit ${c.pythonExit}) | ` +
      `${c.jqSelected ?? "not installed"} of ${trace.stdoutTruncated} | ${c.floorLines} |`
    );
  });
  return [
    "| spans | planted defects | toolspan lint | python linter | jq: spans selected | floor: spans parsed |",
    "|---:|---:|---|---|---:|---:|",
    ...rows,
  ].join("\n");
}

/** toolspan lint on the ~140 MB trace: at most a third of the Python linter's wall time. */
function wallTarget(results: LintResults): string {
  const title = "`toolspan lint` on one ~140 MB file (100k spans) at most 1/3 of the Python linter's wall time";
  const toolspan = cellOf(results, TARGETS.wallSpans, "toolspan");
  const python = cellOf(results, TARGETS.wallSpans, "python");
  if (!toolspan || !python) return `- ${title}: not measured in this run (no 100k trace).`;
  const share = wallOf(toolspan.samples) / wallOf(python.samples);
  // Each repetition ran the two back to back: their ratios show how much noise is in the median.
  const paired = toolspan.samples.map((s, i) => `${(s.wallS / python.samples[i]!.wallS).toFixed(2)}×`).join(", ");
  const floor = cellOf(results, TARGETS.wallSpans, "floor");
  const floorNote = floor
    ? `; the one-thread JSON.parse floor alone takes ${wallOf(floor.samples).toFixed(3)} s = ` +
      `${(wallOf(floor.samples) / wallOf(python.samples)).toFixed(2)}× the Python linter's time`
    : "";
  const engine = cellOf(results, TARGETS.wallSpans, "engine");
  const engineNote = engine
    ? `; with every rule off, reading, splitting and parsing on the worker threads with Node's start-up take ` +
      `${wallOf(engine.samples).toFixed(3)} s = ${(wallOf(engine.samples) / wallOf(python.samples)).toFixed(2)}× the Python linter's time, ` +
      `so the rules cost ${(wallOf(toolspan.samples) - wallOf(engine.samples)).toFixed(3)} s`
    : "";
  return (
    `- ${title}: ${verdict(share <= TARGETS.wallShareOfPython)} (${wallOf(toolspan.samples).toFixed(3)} s vs ` +
    `${wallOf(python.samples).toFixed(3)} s = ${share.toFixed(2)}×, target ≤ ${TARGETS.wallShareOfPython.toFixed(2)}×; ` +
    `repetition by repetition ${paired}${floorNote}${engineNote}).`
  );
}

/** toolspan lint's peak RSS under 200 MiB on every trace, judged on the worst single run. */
function rssTarget(results: LintResults): string {
  const cells = results.cells.filter((c) => c.candidate === "toolspan");
  if (cells.length === 0) return "- toolspan lint's peak RSS: not measured in this run.";
  const worst = cells.map((cell) => ({ cell, peak: peakMiBOf(cell.samples) })).sort((a, b) => b.peak - a.peak)[0]!;
  const medians = cells.map((c) => `${rssMiBOf(c.samples).toFixed(1)} MiB at ${spansLabel(c.spans)}`).join(", ");
  return (
    `- \`toolspan lint\`'s peak RSS under ${TARGETS.maxRssMiB} MiB whatever the file size: ` +
    `${verdict(worst.peak < TARGETS.maxRssMiB)} (highest single run ${worst.peak.toFixed(1)} MiB, at ` +
    `${spansLabel(worst.cell.spans)} spans; medians ${medians}).`
  );
}

/** From 100k to 1M spans, toolspan lint's time grows no faster than the file. */
function linearTarget(results: LintResults): string {
  const title = "Linting 1M spans scales linearly from 100k";
  const small = cellOf(results, TARGETS.linearFrom, "toolspan");
  const large = cellOf(results, TARGETS.linearTo, "toolspan");
  if (!small || !large) return `- ${title}: not judged in this run (it needs the 100k and 1M traces).`;
  const timeRatio = wallOf(large.samples) / wallOf(small.samples);
  const byteRatio = large.bytes / small.bytes;
  const perMB = (cell: LintCell): string => `${((wallOf(cell.samples) / (cell.bytes / MB)) * 1000).toFixed(2)} ms/MB`;
  return (
    `- ${title}: ${verdict(timeRatio <= byteRatio * TARGETS.linearSlack)} (${wallOf(large.samples).toFixed(3)} s vs ` +
    `${wallOf(small.samples).toFixed(3)} s = ${timeRatio.toFixed(2)}× for ${byteRatio.toFixed(2)}× the bytes; ` +
    `${perMB(small)} at 100k, ${perMB(large)} at 1M; met when the time ratio is at most ${TARGETS.linearSlack}× the bytes' ratio).`
  );
}

export function lintTargetLines(results: LintResults): string[] {
  return [wallTarget(results), rssTarget(results), linearTarget(results)];
}

export interface LintReportInput {
  date: Date;
  loadBefore: string;
  loadAfter: string;
  command: string;
  runs: (spans: number) => number;
  results: LintResults;
  /** toolspanVersionLine() when the run began (the build is the one made then). */
  toolspanVersion: string;
}

function floorLoopLine(results: LintResults): string {
  const parts = results.traces
    .filter((t) => (results.floorLoopMBps.get(t.spans) ?? []).length > 0)
    .map((t) => `${median(results.floorLoopMBps.get(t.spans)!).toFixed(0)} MB/s at ${spansLabel(t.spans)}`);
  return parts.length === 0 ? "" : ` Its own read-and-parse loop, Node's start-up excluded, runs at ${parts.join(", ")} (medians).`;
}

/** Which toolspan was measured, as a line for the report: the commit, and whether src/ or bin/ differed from it (read-only git calls). */
export function toolspanVersionLine(): string {
  const git = (...args: string[]): string =>
    execFileSync("git", ["--no-optional-locks", ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  try {
    const commit = git("rev-parse", "--short", "HEAD");
    const dirty = git("status", "--porcelain", "--", "src", "bin") !== "";
    return `- toolspan at commit ${commit}${dirty ? ", with uncommitted changes in src/ or bin/" : ""}`;
  } catch {
    return "- toolspan: commit unknown (not a git checkout)";
  }
}

/** The lint section of BENCHMARKS.md. */
export function lintSection(input: LintReportInput): string {
  const { results } = input;
  const jq = jqVersion();
  const runs = results.traces.map((t) => `${input.runs(t.spans)} at ${spansLabel(t.spans)}`).join(", ");
  const scaling = scalingTable(results);
  const commands = ALL_LINT_CANDIDATES.map((c) => {
    const present = results.candidates.some((r) => r.name === c.name);
    return `- ${c.name}: \`${shownCommand(c)}\`${present ? "" : " (not installed here: skipped)"}`;
  });
  return `## toolspan lint

Produced by \`${input.command}\` on ${input.date.toISOString().replace(/\.\d+Z$/, "Z")}.

### Machine

${machineLines().join("\n")}
${input.toolspanVersion}
- ${jq ?? "jq: not installed"}; \`toolspan lint\` uses worker threads for inputs of 16 MiB or more, as many as the cores (${availableParallelism()} here)
- load average (1/5/15 min): ${input.loadBefore} at the start, ${input.loadAfter} at the end

### What is measured

Five ways of reading the same trace, a JSONL file of tool spans:

- **floor**: \`node bench/json-parse-floor.mjs FILE\`: streams the file (\`fs.createReadStream\`, 1 MiB chunks),
  splits it on newlines keeping the partial line, \`JSON.parse\`s each line and counts; one thread, no rules. No
  linter that parses every line in one Node thread can be faster.${floorLoopLine(results)}
- **engine**: \`toolspan lint\` with every rule turned off (\`--rule ID=off\` for each): reading, splitting into lines,
  \`JSON.parse\` on the worker threads and start-up, what toolspan costs before any rule runs. It finds nothing
  and exits 0.
- **toolspan**: \`toolspan lint --format jsonl FILE\`, findings to \`/dev/null\`. It runs every rule (16 on each
  span, among them the sha256 of each preview that holds a whole stream, and 2 across the file). It exits 1
  because of the planted errors, which is accepted.
- **python**: \`python3 bench/reference_lint.py FILE\`, Tool Previews Lie's linter rewritten for the benchmark: it streams
  the file line by line with the C-accelerated \`json.loads\` and makes Tool Previews Lie's four checks (the six
  required keys, the flag against bytes and cap, a full hash on a clipped stream, \`ok_preview\` after a clip);
  it exits 1 on issues. As in the wrap benchmark, the interpreter \`python3\` resolves to is run directly.
- **jq**: \`jq -c 'select(.stdout_truncated)' FILE\`, the one-liner that lists clipped spans.

Traces: \`node bench/gen-spans.mjs N --out FILE\` (seed 1) writes N tool spans of one agent run into a temporary
directory (\`os.tmpdir()\`), deleted at the end, also on Ctrl-C. A third of the spans carry every key, as
\`toolspan wrap\` writes them (~1.9 KB), the others only the published schema's core keys (~1.1 KB); previews of a
few hundred characters (exactly 512, the preview limit, where the stream is longer), output of pytest, npm, cargo,
go, git, ls, grep, cat and tsc with a little non-ASCII text; about 20% of stdout streams clipped at 8192 bytes.
About 1% of the spans carry one planted defect that toolspan reports as an error; every other span is clean
(with \`--defect-rate 0\` the generator writes a trace on which \`toolspan lint\` reports nothing). The first 100k
spans of the 1M trace are the 100k trace. MB are 10^6 bytes.

${tracesTable(results.traces)}

Commands (each run as \`/usr/bin/time -f '%e %M' COMMAND\` from the repository root; FILE is the trace):

${commands.join("\n")}

Before the timed runs, every candidate runs once on each trace, untimed, and what it reports is checked against
what the generator planted; a mismatch stops the benchmark. That run also puts the trace in the page cache, so
the timed runs read it from memory, not from the disk.

${checksTable(results)}

Runs: ${runs}. Within a repetition the candidates run back to back, in an order rotated from one repetition to
the next, so noise from other work on the machine falls on all of them alike. Wall times and peak RSS are
medians; MB/s is the file's size over the median wall time, Node's or Python's start-up included; the ratio to
python is the ratio of medians. Wall time is taken by the harness from spawn to exit with a monotonic clock;
peak RSS is GNU time's \`%M\` (the largest process; toolspan's worker threads are in its process).

### Results

${lintResultsTable(results)}
${scaling === null ? "" : `\nFrom the smallest trace to the largest:\n\n${scaling}\n`}
### Targets

${lintTargetLines(results).join("\n")}
`;
}
