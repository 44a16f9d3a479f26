// Lints spans and files for the linter's tests: one span with every rule at its default severity, a whole
// file through lintFiles, and spans built from real streams with real sha256 values (CONTRACT.md, toolspan/1).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { StreamName } from "../../src/contract/span.js";
import { lintFiles, type LintFilesOptions, type LintSummary } from "../../src/lint/lint-files.js";
import { lintLine, type Finding } from "../../src/lint/lint-line.js";
import { activeSpanRules } from "../../src/lint/active-rules.js";
import type { SpanObject } from "../../src/contract/span-fields.js";
import { RULES_BY_ID } from "../../src/lint/rules/index.js";
import { defaultSeverities, type Severities } from "../../src/lint/severities.js";
import { NORMALIZATION_ID } from "../../src/meter/normalize.js";
import { oracle, type OracleKeep } from "./oracle.js";

/** Findings for one line of text, linted as line 1 with every span rule at `severities` (default: the defaults). */
export function lintText(text: string, severities: Severities = defaultSeverities()): Finding[] {
  const { rules, invalidJson } = activeSpanRules(severities);
  return lintLine(text, 1, rules, invalidJson).findings;
}

/** Findings for one span object. */
export function lintSpan(span: SpanObject, severities?: Severities): Finding[] {
  return lintText(JSON.stringify(span), severities);
}

/** Only the findings of one rule. */
export const findingsOf = (findings: readonly Finding[], rule: string): Finding[] => findings.filter((f) => f.rule === rule);

/** "rule/messageId[/stream]" for each finding: compact for deepEqual. */
export const summarize = (findings: readonly Finding[]): string[] =>
  findings.map((f) => `${f.rule}/${f.messageId}${f.stream ? `/${f.stream}` : ""}`);

/** A copy of `span` with `changes` applied; a key set to `undefined` is removed. */
export function withChanges(span: SpanObject, changes: Record<string, unknown>): SpanObject {
  const copy: SpanObject = { ...span };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete copy[key];
    else copy[key] = value;
  }
  return copy;
}

export interface StreamSpec {
  cap: number | null;
  keep?: OracleKeep;
}

export interface SpanSpec {
  stdout: Buffer;
  stderr: Buffer;
  stdoutCap?: number | null;
  stderrCap?: number | null;
  keep?: OracleKeep;
  hashWindow?: number;
  previewChars?: number;
  returncode?: number | null;
  runId?: string;
  spanId?: string;
}

/** A complete span as toolspan writes it for these two streams, every figure computed by the test oracle. */
export function spanFor(spec: SpanSpec): SpanObject {
  const hashWindow = spec.hashWindow ?? 256;
  const previewChars = spec.previewChars ?? 512;
  const keep = spec.keep ?? "head";
  const out = oracle(spec.stdout, { cap: spec.stdoutCap === undefined ? 8192 : spec.stdoutCap, keep, hashWindow, previewChars });
  const err = oracle(spec.stderr, { cap: spec.stderrCap === undefined ? 8192 : spec.stderrCap, keep, hashWindow, previewChars });
  const returncode = spec.returncode === undefined ? 0 : spec.returncode;
  const span: SpanObject = {
    contract: "toolspan/1",
    span_type: "tool",
    run_id: spec.runId ?? "run-test",
    span_id: spec.spanId ?? "span-test",
    parent_span_id: null,
    tool_name: "pytest",
    argv: ["pytest", "-q"],
    cwd: "/work/repo",
    started_at: "2025-01-02T03:04:05.678Z",
    duration_ms: 12.5,
    returncode,
    signal: null,
    timed_out: false,
    stalled: false,
    error: null,
    ok_preview: returncode === 0 && !out.truncated && !err.truncated,
    encoding: out.encoding === "binary" || err.encoding === "binary" ? "binary" : "utf-8",
    hash_window: hashWindow,
    preview_chars: previewChars,
    preview_redactions: 0,
    redaction: "on",
    normalization: NORMALIZATION_ID,
  };
  for (const [name, m] of [["stdout", out], ["stderr", err]] as const) {
    span[`${name}_bytes`] = m.bytes;
    span[`${name}_cap`] = m.cap;
    span[`${name}_truncated`] = m.truncated;
    span[`${name}_keep`] = m.keep;
    span[`${name}_sha256`] = m.sha256;
    span[`${name}_stream_sha256`] = m.streamSha256;
    span[`${name}_normalized_sha256`] = m.normalizedSha256;
    span[`${name}_head_sha256`] = m.headSha256;
    span[`${name}_tail_sha256`] = m.tailSha256;
    span[`${name}_kept_sha256`] = m.keptSha256;
    span[`${name}_encoding`] = m.encoding;
    span[`${name}_blob`] = null;
    span[`preview_${name}`] = m.preview;
  }
  return span;
}

/** 450 bytes of test output: 30 lines of 15 bytes. */
export const CLEAN_STDOUT = Buffer.from(Array.from({ length: 30 }, (_, i) => `test_${String(i).padStart(2, "0")} PASSED\n`).join(""));
/** 27 bytes of stderr. */
export const CLEAN_STDERR = Buffer.from("warning: deprecated option\n");

/**
 * A complete, correct span that lints with zero findings: stdout (450 bytes) clipped at a cap of 200 (head
 * kept, sha256 null, head/tail hashes over 256 bytes), stderr (27 bytes) complete under the same cap, its
 * preview the whole stream. returncode 0, ok_preview false (stdout was clipped).
 */
export function cleanSpan(changes: Record<string, unknown> = {}): SpanObject {
  return withChanges(spanFor({ stdout: CLEAN_STDOUT, stderr: CLEAN_STDERR, stdoutCap: 200, stderrCap: 200 }), changes);
}

/** A small span with two complete utf-8 streams, nothing clipped, ok_preview true. */
export function completeSpan(changes: Record<string, unknown> = {}): SpanObject {
  return withChanges(spanFor({ stdout: Buffer.from("3 passed in 0.01s\n"), stderr: CLEAN_STDERR }), changes);
}

/** The example record published in Tool Previews Lie, keys and values as in test/fixtures/lint/published-example.jsonl. */
export function publishedRecord(changes: Record<string, unknown> = {}): SpanObject {
  return withChanges(
    {
      span_type: "tool",
      tool_name: "pytest",
      cwd: "/work/repo",
      preview_stdout: "===== test session starts =====\n",
      preview_stderr: "",
      stdout_bytes: 24118,
      stderr_bytes: 902,
      stdout_cap: 8192,
      stderr_cap: 8192,
      stdout_truncated: true,
      stderr_truncated: false,
      stdout_sha256: null,
      stderr_sha256: "b3a1...",
      stdout_head_sha256: "9c21...",
      stdout_tail_sha256: "44de...",
      encoding: "utf-8",
      ok_preview: true,
    },
    changes,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Rule tests, in the shape of ESLint's RuleTester: valid spans give no finding of the rule; each invalid
// span gives exactly the listed findings of the rule (message id, and stream where the rule names one).

export interface ExpectedReport {
  messageId: string;
  stream?: StreamName;
  /** A fragment the formatted message must hold. */
  message?: string | RegExp;
}

export interface ValidCase {
  name: string;
  /** A span object, or a raw line of text. */
  span: SpanObject | string;
}

export interface InvalidCase extends ValidCase {
  errors: ExpectedReport[];
}

const lintCase = (span: SpanObject | string): Finding[] => (typeof span === "string" ? lintText(span) : lintSpan(span));

/** Asserts that `findings` of `ruleId` are exactly `expected`, in order, at the rule's default severity. */
export function assertReports(findings: readonly Finding[], ruleId: string, expected: readonly ExpectedReport[]): void {
  const own = findingsOf(findings, ruleId);
  const rule = RULES_BY_ID.get(ruleId);
  assert.ok(rule, `no rule '${ruleId}'`);
  assert.deepEqual(
    own.map((f) => ({ messageId: f.messageId, stream: f.stream })),
    expected.map((e) => ({ messageId: e.messageId, stream: e.stream })),
    `findings of ${ruleId}: ${JSON.stringify(own)}`,
  );
  own.forEach((finding, index) => {
    assert.equal(finding.severity, rule.severity);
    assert.ok(finding.messageId in rule.messages, `message id '${finding.messageId}' is not one of ${ruleId}'s`);
    assert.doesNotMatch(finding.message, /\{\w+\}/, "every placeholder of the message is filled");
    const fragment = expected[index]!.message;
    if (typeof fragment === "string") assert.ok(finding.message.includes(fragment), `'${finding.message}' lacks '${fragment}'`);
    else if (fragment) assert.match(finding.message, fragment);
  });
}

/** Declares the tests of one span rule. */
export function ruleTester(ruleId: string, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  describe(ruleId, () => {
    describe("valid", () => {
      for (const { name, span } of cases.valid) {
        test(name, () => assert.deepEqual(findingsOf(lintCase(span), ruleId), []));
      }
    });
    describe("invalid", () => {
      for (const { name, span, errors } of cases.invalid) {
        test(name, () => {
          assert.ok(errors.length > 0, "an invalid case names the findings it expects");
          assertReports(lintCase(span), ruleId, errors);
        });
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Whole files through lintFiles.

/** A fresh temporary directory, removed when the process exits. */
export function tempDir(prefix = "toolspan-lint-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

let shared: string | null = null;
let counter = 0;

/** Writes `content` to a new temporary file and returns its path. */
export function writeTemp(content: string | Buffer, name = "run.jsonl"): string {
  shared ??= tempDir();
  const path = join(shared, `${counter++}-${name}`);
  writeFileSync(path, content);
  return path;
}

/** JSONL text of objects and raw lines, one per line, with a final newline. */
export const jsonl = (lines: readonly (SpanObject | string)[]): string =>
  lines.map((line) => (typeof line === "string" ? line : JSON.stringify(line))).join("\n") + "\n";

export interface FileFinding extends Finding {
  file: string;
}

export interface FilesResult {
  findings: FileFinding[];
  unreadable: { file: string; reason: string }[];
  summary: LintSummary;
}

/** Lints files with lintFiles (in this thread unless `options` say otherwise) and gathers what it reported. */
export async function lintPaths(files: readonly string[], options: Partial<LintFilesOptions> = {}): Promise<FilesResult> {
  const findings: FileFinding[] = [];
  const unreadable: { file: string; reason: string }[] = [];
  const summary = await lintFiles(files, {
    severities: defaultSeverities(),
    workers: 0,
    onFinding: (file, finding) => findings.push({ file, ...finding }),
    onUnreadable: (file, reason) => unreadable.push({ file, reason }),
    ...options,
  });
  return { findings, unreadable, summary };
}

/** Writes `lines` to a temporary JSONL file and lints it. */
export async function lintLines(lines: readonly (SpanObject | string)[], options: Partial<LintFilesOptions> = {}): Promise<FilesResult> {
  return lintPaths([writeTemp(jsonl(lines))], options);
}
