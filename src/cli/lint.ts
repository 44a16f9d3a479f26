// `toolspan lint`: check trace files against the contract.
import { lintFiles } from "../lint/lint-files.js";
import type { Finding } from "../lint/lint-line.js";
import { FORMATS, REPORTERS } from "../lint/reporters/index.js";
import type { Reporter, Write } from "../lint/reporters/reporter.js";
import { RULES } from "../lint/rules/index.js";
import { applySeverities, defaultSeverities, SeverityError, UnknownRule, type Severities } from "../lint/severities.js";
import { VERSION } from "../util/version.js";
import { writeWithBackpressure } from "../util/backpressure.js";
import { escapeControls, escapeForTerminal } from "../formats/safe-text.js";
import { progressOnStderr } from "./progress.js";
import { defineCommand, type CommandIo } from "./define-command.js";
import type { OptionSpec, ParsedOptions } from "./option-parser.js";
import { UsageError } from "./usage-error.js";
import { CONFIG_FILE, ConfigFileError, readConfigFile } from "./config-file.js";
import { findingWithFlag, MAX_LINE_OPTION } from "./max-line-option.js";

const OPTIONS = [
  { name: "format", kind: "choice", value: "FORMAT", choices: FORMATS, help: "text (default), jsonl, sarif (SARIF 2.1.0) or github (workflow annotations)" },
  { name: "rule", kind: "string", value: "ID=SEVERITY", repeat: true, help: "set a rule to off, warning or error (repeatable)" },
  { name: "config", kind: "string", value: "FILE", help: `read rule severities from FILE (default: ./${CONFIG_FILE} if present)` },
  { name: "max-warnings", kind: "count", value: "N", help: "exit 1 when there are more than N warnings" },
  { name: "quiet", kind: "flag", help: "report errors only" },
  { name: "workers", kind: "count", value: "N", help: "worker threads for large inputs (default: the available cores; 0: none)" },
  { name: "rules", kind: "flag", help: "list every rule with its default severity and description" },
  MAX_LINE_OPTION,
] as const satisfies readonly OptionSpec[];

const USAGE = `Usage: toolspan lint [options] FILE...

Checks tool spans (one JSON object per line, or OTLP/JSON as the Collector's
file exporter writes it; '-' reads standard input) against the toolspan/1
contract: flags that disagree with byte counts, a preview that claims success
after a clip, hashes that are not hashes, and more. Lines are
numbered as an editor numbers them; spans whose span_type is not "tool" are
passed over; a malformed line is one finding and linting goes on.`;

const NOTES = `Config file (toolspan.config.json): {"rules": {"possible-second-cap": "off", "mixed-runs": "error"}}
--rule options apply after the config file.

Exit status: 0 no errors (warnings allowed), 1 errors (or more warnings than
--max-warnings), 2 usage error or a file that cannot be read.

Examples:
  toolspan lint run.jsonl
  toolspan lint --format sarif traces/*.jsonl > toolspan.sarif
  toolspan lint --rule possible-second-cap=off --max-warnings 0 run.jsonl`;

function rulesTable(): string {
  const width = Math.max(...RULES.map((rule) => rule.id.length)) + 2;
  return RULES.map((rule) => `${rule.id.padEnd(width)}${rule.severity.padEnd(9)}${rule.description}`).join("\n");
}

/** Parses one `--rule ID=SETTING`. */
function parseRuleOption(text: string): [string, string] {
  const eq = text.indexOf("=");
  if (eq <= 0) throw new UsageError(`--rule takes ID=off|warning|error, got '${text}'`);
  return [text.slice(0, eq), text.slice(eq + 1)];
}

function severitiesFrom(options: ParsedOptions<typeof OPTIONS>): Severities {
  const { config, path: configPath } = readConfigFile(options.config);
  // A bad setting in the file is the file's fault (one line); one in --rule is a usage error.
  const reported = (toError: (message: string) => Error, apply: () => Severities): Severities => {
    try {
      return apply();
    } catch (error) {
      if (error instanceof SeverityError) throw toError(error instanceof UnknownRule ? `${error.message} (toolspan lint --rules lists them)` : error.message);
      throw error;
    }
  };
  let severities = reported(
    (message) => new ConfigFileError(message),
    () => {
      if (config?.rules === undefined) return defaultSeverities();
      if (typeof config.rules !== "object" || config.rules === null) throw new SeverityError(`${configPath}: "rules" must be an object`);
      return applySeverities(defaultSeverities(), config.rules as Record<string, unknown>, configPath);
    },
  );
  for (const text of options.rule ?? []) {
    severities = reported(
      (message) => new UsageError(message),
      () => {
        const [id, setting] = parseRuleOption(text);
        return applySeverities(severities, { [id]: setting }, "--rule");
      },
    );
  }
  return severities;
}

export const command = defineCommand({
  name: "lint",
  summary: "check trace files against the span contract",
  usage: USAGE,
  notes: NOTES,
  options: OPTIONS,
  run: (parsed, io) => lint(parsed.rest, parsed.options, io),
});

async function lint(files: string[], options: ParsedOptions<typeof OPTIONS>, io: CommandIo): Promise<number> {
  if (options.rules) {
    io.stdout.write(`${rulesTable()}\n`);
    return 0;
  }
  if (files.length === 0) throw new UsageError("no file given", "toolspan lint [options] FILE... ('-' for standard input)");
  const severities = severitiesFrom(options);
  const quiet = options.quiet === true;
  const maxWarnings = options.maxWarnings;
  const out = io.stdout;
  out.on("error", () => {});
  // Findings are gathered into 64 KiB writes; a slow reader makes linting wait between ranges.
  let buffered = "";
  let draining: Promise<void> | undefined;
  // Every format passes through one escape: a file name, a V8 parse message quoting the line, a span id cannot
  // reach the terminal raw (in JSON formats the escape is inside a string, where it means the same character).
  const write: Write = (text) => {
    buffered += escapeForTerminal(text);
    if (buffered.length > 1 << 16) {
      draining = writeWithBackpressure(out, buffered) ?? draining;
      buffered = "";
    }
  };
  // Started at the first finding or at the end: when no file could be read, nothing is printed but the errors (no
  // summary of 0 files, no empty SARIF document that would read as a clean run).
  const startReporter = await REPORTERS[options.format ?? "text"]!();
  let reporter: Reporter | null = null;
  const reporting = (): Reporter => (reporter ??= startReporter(write, VERSION));
  const progress = progressOnStderr();
  let errors = 0;
  let warnings = 0;
  const unreadable: string[] = [];
  const summary = await lintFiles(files, {
    severities,
    workers: options.workers,
    onProgress: (bytes, lines) => progress.add(bytes, lines),
    afterRange: () => {
      const wait = draining;
      draining = undefined;
      return wait;
    },
    onUnreadable: (file, reason) => unreadable.push(`toolspan: cannot read ${escapeControls(file)}: ${escapeControls(reason)}`),
    onFinding: (file: string, finding: Finding) => {
      if (finding.severity === "error") errors++;
      else if (quiet) return; // --quiet: warnings are neither shown nor counted (ESLint does the same)
      else warnings++;
      reporting().finding(file, findingWithFlag(finding));
    },
  });
  progress.done();
  if (summary.files > 0 || unreadable.length === 0) reporting().end({ errors, warnings, files: summary.files, lines: summary.lines });
  out.write(buffered);
  for (const message of unreadable) io.stderr.write(`${message}\n`);
  if (unreadable.length > 0) return 2;
  if (errors > 0) return 1;
  return maxWarnings !== undefined && warnings > maxWarnings ? 1 : 0;
}
