import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { auditTranscript } from "../../src/audit/audit-transcript.js";
import { REAL_FIXTURES, transcriptPath } from "../helpers/transcripts.js";

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

// Every clipped result in the real fixtures, by file: marker id and where. No other result may be reported clipped.
const CLIPPED: Record<string, string[]> = {
  "gemini/session-2026-01-02T03-26-ae691289.json": ["gemini-cli-file-content-truncated@17"],
  "openhands/multi_swe_bench-output-line-1.jsonl": ["response-clipped@1", "response-clipped@1", "response-clipped@1"],
  "claude_code/agent-a485154.jsonl": ["claude-code-output-too-large@32"],
  "codex/rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl": [
    "codex-tokens-truncated@40",
    "codex-tokens-truncated@49",
    "codex-tokens-truncated@58",
  ],
};

const UNVERIFIABLE: Record<string, number> = {
  "claude_code/edge_cases.jsonl": 2,
  "claude_code/task_id_linking_real_world_bash.jsonl": 1,
  "gemini/session-2025-12-13T18-50-ed4c9337.json": 1,
  "gemini/session-2025-12-30T01-16-3f9ce747.json": 1,
  "openhands/basic_gui_mode.json": 1,
};

test("the real fixtures: the clipped results found with their evidence, and no clean result reported clipped", async () => {
  for (const { file } of REAL_FIXTURES) {
    const audit = await auditTranscript(transcriptPath(file));
    const clipped = audit.findings
      .filter((call) => call.verdict === "clipped")
      .map((call) => `${call.span.clip_evidence!.marker}@${call.span.source.line ?? call.span.source.index}`);
    assert.deepEqual(clipped, CLIPPED[file] ?? [], file);
    assert.equal(audit.findings.length - clipped.length, UNVERIFIABLE[file] ?? 0, file);
  }
});

test("the real Codex splices name the tokens dropped and the version that wrote them", async () => {
  const audit = await auditTranscript(transcriptPath("codex/rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl"));
  assert.deepEqual(
    audit.findings.map((call) => call.span.clip_evidence),
    [166, 3644, 261632].map((droppedTokens) => ({
      harness: "Codex CLI",
      version: "0.128.0-alpha.1",
      versions: "unknown (seen in 0.128.0-alpha.1)",
      marker: "codex-tokens-truncated",
      groups: { droppedTokens },
    })),
  );
  assert.ok(audit.findings.every((call) => call.firstAction?.row === "stdout-clipped"));
});

test("synthetic samples: every harness's markers are found, the failures are unverifiable", async () => {
  const expected: Record<string, string[]> = {
    "synthetic/claude-code-markers.jsonl": ["toolspan-marker", "goose-line-limit", "unverifiable", "unverifiable"],
    "synthetic/codex-markers.jsonl": [
      "codex-tokens-truncated",
      "codex-chars-truncated",
      "codex-truncated-warning",
      "codex-omitted-lines",
      "codex-truncated-to-fit",
      "unverifiable",
      "unverifiable",
    ],
    "synthetic/openhands-markers.json": ["openhands-command-output-truncated", "openhands-observation-truncated", "response-clipped", "unverifiable"],
    "synthetic/swe-agent-clipped.traj": ["swe-agent-clipped-note"],
    "synthetic/codex-legacy-rollout.jsonl": ["codex-omitted-lines"],
    "synthetic/mini-swe-agent-elided.traj.json": ["mini-swe-agent-elided-chars", "mini-swe-agent-elided-chars"],
  };
  for (const [file, markers] of Object.entries(expected)) {
    const audit = await auditTranscript(transcriptPath(file));
    assert.deepEqual(
      audit.findings.map((call) => call.span.clip_evidence?.marker ?? call.verdict),
      markers,
      file,
    );
  }
});

test("Claude Code 2.1.332 in the lab: each cut the scripted model got is found, with what its marker states", async () => {
  const audit = await auditTranscript(transcriptPath("lab/claude_code/lab-2.1.332.jsonl"));
  const byCommand = (command: string) => audit.calls.find((call) => call.span.source.command === command)!;
  const evidence = (call: { span: { clip_evidence: unknown } }) => call.span.clip_evidence as { marker: string; groups: object; note?: string };

  // 68,195 bytes written, failed: the excerpt's marker says 20,007, counted in the 30,000 bytes read back only.
  const failed = byCommand("cat pytest.log; exit 1");
  assert.equal(failed.verdict, "clipped");
  assert.deepEqual(evidence(failed).groups, { droppedChars: 20007 });
  assert.match(evidence(failed).note ?? "", /lower bound.*not necessarily of the output/);
  assert.equal(failed.span.stdout_bytes, null);
  assert.equal(failed.span.returncode, 1);
  // 20,000 bytes, failed: within the window, the figure is exact, and still only claimed as a lower bound.
  assert.deepEqual(evidence(byCommand("cat short.log; exit 1")).groups, { droppedChars: 10011 });

  const persisted = byCommand("cat pytest.log");
  assert.equal(evidence(persisted).marker, "claude-code-output-too-large");
  assert.equal(persisted.span.stdout_bytes, 68195, "persistedOutputSize is the byte count");

  const [glob, grep, list] = audit.calls.filter((call) => call.span.tool_name !== "Bash");
  assert.deepEqual(evidence(glob!), { harness: "Claude Code", version: "2.1.332", versions: "unknown (read in 2.1.332)", marker: "claude-code-glob-showing-of", groups: { capLines: 100, totalLines: 150, omittedLines: 50 } });
  assert.deepEqual(evidence(grep!).groups, { capLines: 250 });
  assert.equal(list!.verdict, "clean", "Grep listing all 150 files cut nothing");

  const killed = byCommand("sleep 5; printf 'never printed\\n'");
  assert.equal(killed.verdict, "unverifiable");
  assert.equal(killed.span.timed_out, true);
  assert.equal(killed.firstAction?.row, "timed-out");
  assert.equal(byCommand("printf 'ok\\n'").verdict, "clean");
  assert.deepEqual(audit.findings.map((call) => call.verdict), ["clipped", "clipped", "clipped", "clipped", "clipped", "unverifiable", "unverifiable"]);
});

test("a 1.x failure excerpt carries no read-back caveat: that window came with 2.x", async () => {
  const audit = await auditTranscript(transcriptPath("synthetic/claude-code-1x.jsonl"));
  const [excerpt] = audit.findings;
  assert.equal(excerpt?.span.clip_evidence?.marker, "claude-code-failure-excerpt");
  assert.equal(excerpt?.span.clip_evidence?.note, undefined);
});

test("Codex 0.171 in the lab: the log's whole copy gives exact figures, and its own cut at 65,536 is said", async () => {
  const audit = await auditTranscript(transcriptPath("lab/codex/lab-0.171.0.jsonl"));
  assert.deepEqual(audit.problems, [], "token_usage_record and world_state lines are no problem");
  const [big, mid, ok] = audit.calls;
  // 45,000 bytes: the model got 20,000 of head and of tail; the log's item_completed copy holds all of it.
  const whole = readFileSync(transcriptPath("lab/codex/lab-0.171.0.jsonl"), "utf8").split("\n")[16]!;
  const full = (JSON.parse(whole) as { payload: { item: { aggregated_output: string } } }).payload.item.aggregated_output;
  assert.equal(Buffer.byteLength(full), 45_000);
  assert.deepEqual(
    [mid!.verdict, mid!.span.stdout_bytes, mid!.span.stdout_cap, mid!.span.stdout_keep, mid!.span.stdout_stream_sha256, mid!.span.stdout_tail_sha256],
    ["clipped", 45_000, 40_000, "head+tail", sha256(full), sha256(full.slice(-256))],
  );
  assert.equal(mid!.span.clip_evidence?.note, undefined);
  // 70,000 bytes: the log's copy is cut too, so nothing holds the whole output.
  assert.equal(big!.verdict, "clipped");
  assert.equal(big!.span.stdout_bytes, null);
  assert.match(big!.span.clip_evidence?.note ?? "", /kept only 65,536 characters .* no file holds the rest/);
  assert.equal(ok!.verdict, "clean");
  assert.equal(ok!.span.stdout_bytes, 3);
});
