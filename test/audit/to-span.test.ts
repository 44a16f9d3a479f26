import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { auditTranscript } from "../../src/audit/audit-transcript.js";
import { toSpan } from "../../src/audit/to-span.js";
import type { TranscriptRead } from "../../src/formats/transcripts/call.js";
import { lintSpan } from "../helpers/lint.js";
import type { SpanObject } from "../../src/contract/span-fields.js";
import { scratchPaths } from "../helpers/scratch.js";
import { REAL_FIXTURES, transcriptPath } from "../helpers/transcripts.js";

const fresh = scratchPaths("toolspan-to-span-");

const sha = (text: string): string => createHash("sha256").update(text).digest("hex");

const read: TranscriptRead = { format: "codex", harnessVersion: "0.130.0", sessionId: "s-1", calls: [], problems: [] };
const base = { callId: "c1", toolName: "exec_command", cwd: "/repo", stderr: "", line: 4, index: null, declaredSuccess: false, unverifiable: null };

test("a clean result: the seen text's bytes and hashes, returncode, source; ok_preview only for exit 0", () => {
  const span = toSpan({ ...base, command: "ls", returncode: 0, stdout: "a\nb\n" }, read, { file: "r.jsonl", position: 3 });
  assert.equal(span.stdout_bytes, 4);
  assert.equal(span.stdout_sha256, sha("a\nb\n"));
  assert.equal(span.stdout_stream_sha256, undefined, "no claim about every byte written");
  assert.equal(span.stdout_truncated, false);
  assert.equal(span.ok_preview, true);
  // A read made in memory has no content hash: the ids come from a hash of its calls instead.
  assert.equal(span.span_id, `s-1/${sha("[]").slice(0, 12)}/3`);
  assert.deepEqual(span.source, {
    format: "codex", file: "r.jsonl", line: 4, index: null, call_id: "c1", command: "ls", harness_version: "0.130.0", transcript_sha256: sha("[]"),
  });
  assert.equal(span.clip_evidence, null);
  assert.deepEqual(lintSpan(span as unknown as SpanObject), []);
});

test("no returncode where none is recorded, and no argv invented from a command string", () => {
  const span = toSpan({ ...base, command: "ls", stdout: "x" }, read, { file: "r.jsonl", position: 1 });
  assert.equal("returncode" in span, false);
  assert.equal("argv" in span, false);
  assert.equal(span.ok_preview, false);
});

test("a clipped result: flag set, byte count and cap unknown unless the marker states them, no full hash", () => {
  const span = toSpan({ ...base, stdout: "head\n…5210 tokens truncated…\ntail\n", returncode: 0 }, read, { file: "r.jsonl", position: 1 });
  assert.equal(span.stdout_truncated, true);
  assert.equal(span.stdout_bytes, null);
  assert.equal(span.stdout_cap, null);
  assert.equal(span.stdout_sha256, null);
  assert.equal(span.stdout_kept_sha256, sha("head\n…5210 tokens truncated…\ntail\n"));
  assert.equal(span.ok_preview, false);
  assert.deepEqual(span.clip_evidence?.groups, { droppedTokens: 5210 });
  const fit = toSpan({ ...base, stdout: "a\n[... output truncated to fit 10240 bytes ...]\n\nz" }, read, { file: "r.jsonl", position: 2 });
  assert.equal(fit.stdout_cap, 10240);
});

test("an unverifiable result: both streams' bytes and hashes unknown, the reason in source, the text only previewed", () => {
  const reason = "still running when its output was taken";
  const span = toSpan({ ...base, command: "npm run dev", stdout: "listening on :3000\n", stderr: "warn\n", unverifiable: reason }, read, { file: "r.jsonl", position: 1 });
  assert.equal(span.source.unverifiable, reason);
  for (const key of ["stdout_bytes", "stdout_sha256", "stdout_head_sha256", "stdout_tail_sha256", "stderr_bytes", "stderr_sha256", "stderr_head_sha256", "stderr_tail_sha256"] as const) {
    assert.equal(span[key], null, `${key} is unknown`);
  }
  assert.equal(span.stdout_truncated, false, "no cap is known to have cut it");
  assert.equal("stdout_kept_sha256" in span, false, "what reached the model is not claimed either");
  assert.equal(span.preview_stdout, "listening on :3000\n");
  assert.equal(span.ok_preview, false);
  assert.deepEqual(lintSpan(span as unknown as SpanObject), []);
  // A clip the transcript shows is the finding: its figures are the marker's, and the reason is not repeated.
  const clipped = toSpan({ ...base, stdout: "head\n…5210 tokens truncated…\ntail\n", unverifiable: reason }, read, { file: "r.jsonl", position: 2 });
  assert.equal(clipped.stdout_truncated, true);
  assert.equal(clipped.source.unverifiable, undefined);
  assert.equal(clipped.stderr_bytes, 0);
});

test("SWE-agent's clipped copy: exact bytes and hashes of both, and the span lints clean", async () => {
  const audit = await auditTranscript(transcriptPath("synthetic/swe-agent-clipped.traj"));
  const span = audit.calls[0]!.span;
  const full = Array.from({ length: 3000 }, (_, i) => `line ${i + 1}`).join("\n");
  assert.equal(span.stdout_bytes, Buffer.byteLength(full));
  assert.equal(span.stdout_cap, 1000);
  assert.equal(span.stdout_truncated, true);
  assert.equal(span.stdout_stream_sha256, sha(full));
  assert.equal(span.stdout_kept_sha256, sha(full.slice(0, 1000)));
  assert.equal(span.stdout_head_sha256, sha(full.slice(0, 256)));
  assert.equal(span.stdout_tail_sha256, sha(full.slice(-256)));
  assert.deepEqual(lintSpan(span as unknown as SpanObject).filter((f) => f.severity === "error"), []);
});

test("every clean call of every real fixture lints with no error", async () => {
  for (const { file } of REAL_FIXTURES) {
    const audit = await auditTranscript(transcriptPath(file));
    for (const call of audit.calls.filter((c) => c.verdict !== "clipped")) {
      const errors = lintSpan(call.span as unknown as SpanObject).filter((f) => f.severity === "error");
      assert.deepEqual(errors, [], `${file} ${call.span.span_id}`);
    }
  }
});

test("a byte count the harness recorded (Claude Code's persistedOutputSize) is the clipped stream's stdout_bytes", () => {
  const claude: TranscriptRead = { ...read, format: "claude-code" };
  const text = "<persisted-output>\nOutput too large (126.7KB). Full output saved to: /t/x.txt\n\nPreview (first 2KB):\nabc\n</persisted-output>";
  const span = toSpan({ ...base, toolName: "Bash", stdout: text, totalBytes: 129741 }, claude, { file: "s.jsonl", position: 1 });
  assert.equal(span.stdout_bytes, 129741);
  assert.equal(span.stdout_truncated, true);
  assert.equal(span.clip_evidence?.marker, "claude-code-output-too-large");
});

test("span ids come from the transcript's content: one file name in two folders never shares an id", async () => {
  const original = readFileSync(transcriptPath("mini_swe_agent/github_issue.traj.json"), "utf8");
  const [a, b, c] = ["run-1", "run-2", "run-3"].map((run) => {
    const dir = fresh(run);
    mkdirSync(dir);
    return join(dir, "django__django-11099.traj.json");
  });
  writeFileSync(a!, original);
  writeFileSync(b!, original.replace("ZeroDivisionError", "ValueError"));
  writeFileSync(c!, original);
  const [first, second, again] = await Promise.all([a!, b!, c!].map((file) => auditTranscript(file)));
  const ids = (audit: typeof first) => audit!.calls.map((call) => call.span.span_id);
  assert.equal(first!.calls[0]!.span.run_id, second!.calls[0]!.span.run_id, "the run is named after the file");
  assert.deepEqual(ids(first).filter((id) => ids(second).includes(id)), [], "no id shared by two contents");
  assert.deepEqual(ids(again), ids(first), "the same content gets the same ids, wherever it lies");
  assert.equal(new Set(ids(first)).size, ids(first).length);
  assert.equal(first!.calls[0]!.span.source.transcript_sha256, sha(`${original}`));
});

test("a line-based transcript's content hash is of its lines as read, a newline after each", async () => {
  const file = transcriptPath("codex/rollout-2026-01-02T19-00-00-019b7f95-0000-7000-0000-000000000001.jsonl");
  const lines = readFileSync(file, "utf8").split("\n");
  if (lines.at(-1) === "") lines.pop();
  const audit = await auditTranscript(file);
  assert.equal(audit.calls[0]!.span.source.transcript_sha256, sha(lines.map((line) => `${line}\n`).join("")));
});
