import { execFileSync } from "node:child_process";
import { RULES } from "../src/lint/rules/index.js";
import { python, shellJoin } from "./candidates.js";

// What the lint benchmark runs on each generated trace: toolspan lint, Tool Previews Lie's Python linter, jq, and the
// least a linter that parses in Node can cost. Every command reads the same file; none writes to it.

export type LintCandidateName = "floor" | "engine" | "toolspan" | "python" | "jq";

export interface LintCandidate {
  name: LintCandidateName;
  /** What the tables call it. */
  label: string;
  argv: (file: string) => string[];
  /** "null": stdout to /dev/null, as `> /dev/null` does; "capture": read by the harness (a line or two). */
  stdout: "capture" | "null";
  /** Exit statuses that are not a failure: a linter exits 1 when it finds something. */
  exitCodes: readonly number[];
}

const ALL: readonly LintCandidate[] = [
  {
    // One thread, JSON.parse per line, no rules: the least any linter that parses in Node can cost. It prints one
    // JSON line (its counts), which the harness reads.
    name: "floor",
    label: "JSON.parse floor (node, 1 thread)",
    argv: (file) => ["node", "bench/json-parse-floor.mjs", file],
    stdout: "capture",
    exitCodes: [0],
  },
  {
    // toolspan lint with every rule turned off: reading, splitting, parsing on the worker threads and start-up,
    // the part of toolspan's time that no rule can win back.
    name: "engine",
    label: "toolspan lint, every rule off",
    argv: (file) => ["node", "bin/toolspan.js", "lint", "--format", "jsonl", ...RULES.flatMap((rule) => ["--rule", `${rule.id}=off`]), file],
    stdout: "null",
    exitCodes: [0],
  },
  {
    name: "toolspan",
    label: "toolspan lint",
    argv: (file) => ["node", "bin/toolspan.js", "lint", "--format", "jsonl", file],
    stdout: "null",
    exitCodes: [0, 1],
  },
  {
    // The interpreter `python3` resolves to, run directly (no version manager's shim), as the wrap benchmark does.
    name: "python",
    label: "reference (python)",
    argv: (file) => [python(), "bench/reference_lint.py", file],
    stdout: "null",
    exitCodes: [0, 1],
  },
  {
    name: "jq",
    label: "jq select(.stdout_truncated)",
    argv: (file) => ["jq", "-c", "select(.stdout_truncated)", file],
    stdout: "null",
    exitCodes: [0],
  },
];

let jq: string | null | undefined;

/** `jq --version`, or null when jq is not installed. */
export function jqVersion(): string | null {
  if (jq === undefined) {
    try {
      jq = execFileSync("jq", ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    } catch {
      jq = null;
    }
  }
  return jq;
}

/** The candidates this machine can run: jq only where it is installed. */
export function lintCandidates(): LintCandidate[] {
  return ALL.filter((candidate) => candidate.name !== "jq" || jqVersion() !== null);
}

/** Every candidate, installed or not, for the report's list of commands. */
export const ALL_LINT_CANDIDATES = ALL;

/** The command as a person would type it, with FILE for the trace (the engine's many --rule options as one). */
export function shownCommand(candidate: LintCandidate): string {
  const argv = candidate.argv("FILE");
  const command =
    candidate.name === "engine"
      ? `${shellJoin(argv.filter((arg, i) => arg !== "--rule" && argv[i - 1] !== "--rule"))
          .replace(" FILE", "")} --rule ID=off (for each of the ${RULES.length} rules) FILE`
      : shellJoin(argv);
  return candidate.stdout === "null" ? `${command} > /dev/null` : command;
}
