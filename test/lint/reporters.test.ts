import { join } from "node:path";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Finding } from "../../src/lint/lint-line.js";
import { githubReporter } from "../../src/lint/reporters/github.js";
import { jsonlReporter } from "../../src/lint/reporters/jsonl.js";
import type { Counts, Reporter, Write } from "../../src/lint/reporters/reporter.js";
import { sarifReporter } from "../../src/lint/reporters/sarif.js";
import { textReporter } from "../../src/lint/reporters/text.js";
import { RULES } from "../../src/lint/rules/index.js";
import { lintPaths, publishedRecord, completeSpan, jsonl, writeTemp } from "../helpers/lint.js";

const error: Finding = { line: 3, rule: "ok-preview-while-truncated", severity: "error", messageId: "clipped", message: "ok_preview is true but stdout was clipped: the agent saw only part of it", stream: "stdout" };
const warning: Finding = { line: 12, rule: "possible-pipe-stall", severity: "warning", messageId: "empty", message: "both streams are empty and returncode is 0: check for a pipe stall" };

/** Runs a reporter over `findings` in `file` and returns all it wrote. */
function output(make: (write: Write) => Reporter, findings: readonly Finding[], file = "traces/run.jsonl", counts?: Partial<Counts>): string {
  let text = "";
  const reporter = make((chunk) => (text += chunk));
  for (const finding of findings) reporter.finding(file, finding);
  reporter.end({ errors: 1, warnings: 1, files: 1, lines: 20, ...counts });
  return text;
}

/** Findings of a real file: the published example record, a stalled span, a line that is no JSON. */
async function realFindings(): Promise<{ file: string; findings: (Finding & { file: string })[] }> {
  const file = writeTemp(jsonl([publishedRecord(), { ...completeSpan(), stdout_bytes: 0, stderr_bytes: 0, preview_stdout: "", preview_stderr: "" }, "{oops"]));
  return { file, findings: (await lintPaths([file])).findings };
}

describe("text reporter", () => {
  test("one line per finding, FILE:LINE: severity rule-id message, then the counts", () => {
    const lines = output(textReporter, [error, warning]).split("\n");
    assert.deepEqual(lines, [
      "traces/run.jsonl:3: error ok-preview-while-truncated ok_preview is true but stdout was clipped: the agent saw only part of it",
      "traces/run.jsonl:12: warning possible-pipe-stall both streams are empty and returncode is 0: check for a pipe stall",
      "1 error, 1 warning in 1 file (20 lines)",
      "",
    ]);
  });

  test("the counts are pluralised", () => {
    assert.equal(output(textReporter, [], "f", { errors: 0, warnings: 2, files: 3, lines: 1 }), "0 errors, 2 warnings in 3 files (1 line)\n");
  });

  test("every finding of a real file matches the format", async () => {
    const { file, findings } = await realFindings();
    const lines = output(textReporter, findings, file, { errors: 5, warnings: 1, lines: 3 }).trimEnd().split("\n");
    assert.equal(lines.length, findings.length + 1);
    for (const line of lines.slice(0, -1)) assert.match(line, /^.+:\d+: (error|warning) [a-z-]+ \S.*$/);
    assert.equal(lines.at(-1), "5 errors, 1 warning in 1 file (3 lines)");
  });
});

describe("jsonl reporter", () => {
  test("one object a line: file, line, rule, severity, message, message_id, and stream only where set", () => {
    const lines = output(jsonlReporter, [error, warning]).trimEnd().split("\n");
    assert.deepEqual(lines.map((line) => JSON.parse(line)), [
      { file: "traces/run.jsonl", line: 3, rule: "ok-preview-while-truncated", severity: "error", message: error.message, message_id: "clipped", stream: "stdout" },
      { file: "traces/run.jsonl", line: 12, rule: "possible-pipe-stall", severity: "warning", message: warning.message, message_id: "empty" },
    ]);
  });

  test("no summary line: nothing but the findings", () => {
    assert.equal(output(jsonlReporter, []), "");
  });

  test("file names and messages with quotes, newlines and non-ASCII survive", () => {
    const file = 'dir/na"me\nwith é.jsonl';
    const message = 'value "x\\y"\n€';
    const [line] = output(jsonlReporter, [{ ...warning, message }], file).split("\n");
    assert.deepEqual(JSON.parse(line!), { file, line: 12, rule: warning.rule, severity: "warning", message, message_id: "empty" });
  });
});

describe("sarif reporter", () => {
  const sarif = (findings: readonly Finding[], file?: string) =>
    JSON.parse(output((write) => sarifReporter(write, RULES, "9.8.7"), findings, file)) as {
      version: string;
      $schema: string;
      runs: {
        tool: { driver: { name: string; version: string; rules: { id: string; shortDescription: { text: string }; help: { text: string }; defaultConfiguration: { level: string } }[] } };
        results: { ruleId: string; ruleIndex: number; level: string; message: { text: string }; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[];
      }[];
    };

  test("SARIF 2.1.0 with one rule entry per rule, each with help text and its default level", () => {
    const log = sarif([]);
    assert.equal(log.version, "2.1.0");
    assert.match(log.$schema, /sarif-2\.1\.0/);
    assert.equal(log.runs.length, 1);
    const { driver } = log.runs[0]!.tool;
    assert.equal(driver.name, "toolspan");
    assert.equal(driver.version, "9.8.7");
    assert.deepEqual(driver.rules.map((rule) => rule.id), RULES.map((rule) => rule.id));
    assert.equal(new Set(driver.rules.map((rule) => rule.id)).size, 19);
    for (const [index, entry] of driver.rules.entries()) {
      assert.ok(entry.help.text.trim().length > 0, `${entry.id} has help text`);
      assert.equal(entry.shortDescription.text, RULES[index]!.description);
      assert.equal(entry.defaultConfiguration.level, RULES[index]!.severity === "error" ? "error" : "warning");
    }
    assert.deepEqual(log.runs[0]!.results, []);
  });

  test("results carry ruleId, ruleIndex, level, message and the line as region.startLine", () => {
    const { results, tool } = sarif([error, warning]).runs[0]!;
    assert.deepEqual(
      results.map((r) => [r.ruleId, r.level, r.message.text, r.locations[0]!.physicalLocation.region.startLine, r.locations[0]!.physicalLocation.artifactLocation.uri]),
      [
        [error.rule, "error", error.message, 3, "traces/run.jsonl"],
        [warning.rule, "warning", warning.message, 12, "traces/run.jsonl"],
      ],
    );
    for (const result of results) assert.equal(tool.driver.rules[result.ruleIndex]!.id, result.ruleId);
  });

  test("standard input is named stdin; paths become URIs: relative under the working directory, percent-encoded", () => {
    const uri = (file: string): string => sarif([warning], file).runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri;
    assert.equal(uri("-"), "stdin");
    assert.equal(uri("traces/run 1#a%.jsonl"), "traces/run%201%23a%25.jsonl");
    assert.equal(uri(join(process.cwd(), "traces", "run.jsonl")), "traces/run.jsonl");
    assert.equal(uri("/elsewhere/run.jsonl"), "file:///elsewhere/run.jsonl");
  });

  test("a real file's findings make a valid log, one result per finding", async () => {
    const { file, findings } = await realFindings();
    const { results } = sarif(findings, file).runs[0]!;
    assert.equal(results.length, findings.length);
    assert.deepEqual(results.map((r) => r.locations[0]!.physicalLocation.region.startLine), findings.map((f) => f.line));
    for (const result of results) assert.ok(result.locations[0]!.physicalLocation.region.startLine >= 1);
  });
});

describe("github reporter", () => {
  test("::error / ::warning with file, line and title, the message as data", () => {
    assert.deepEqual(output(githubReporter, [error, warning]).split("\n"), [
      `::error file=traces/run.jsonl,line=3,title=toolspan ok-preview-while-truncated::${error.message}`,
      `::warning file=traces/run.jsonl,line=12,title=toolspan possible-pipe-stall::${warning.message}`,
      "",
    ]);
  });

  test("properties escape %, CR, LF, ':' and ','; the message escapes %, CR and LF", () => {
    const file = "a,b:c%d\r\ne.jsonl";
    const message = "100% bad: a, b\r\nnext line";
    const text = output(githubReporter, [{ ...error, message }], file);
    assert.equal(text, "::error file=a%2Cb%3Ac%25d%0D%0Ae.jsonl,line=3,title=toolspan ok-preview-while-truncated::100%25 bad: a, b%0D%0Anext line\n");
    assert.equal(text.split("\n").length, 2, "one command, one line");
  });

  test("every command of a real file is one line of the expected shape", async () => {
    const { file, findings } = await realFindings();
    const lines = output(githubReporter, findings, file).trimEnd().split("\n");
    assert.equal(lines.length, findings.length);
    for (const line of lines) assert.match(line, /^::(error|warning) file=[^,:]+,line=\d+,title=toolspan [a-z-]+::\S/);
  });
});
