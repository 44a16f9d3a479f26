import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { test } from "node:test";
import { auditTranscript } from "../../src/audit/audit-transcript.js";
import { scratchPaths } from "../helpers/scratch.js";
import { REAL_FIXTURES, transcriptPath } from "../helpers/transcripts.js";

const fresh = scratchPaths("toolspan-audit-transcript-");


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
    // Each output opens with Codex's line count, above the cut; the header above Output: states the whole in tokens,
    // 10,000 more than were dropped (the call's max_output_tokens).
    [
      [166, 734],
      [3644, 73],
      [261632, 6488],
    ].map(([droppedTokens, totalLines]) => ({
      harness: "Codex CLI",
      version: "0.128.0-alpha.1",
      versions: "unknown (seen in 0.116.0 to 0.171.0)",
      marker: "codex-tokens-truncated",
      groups: { totalLines, droppedTokens, originalTokens: droppedTokens! + 10_000 },
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
    "synthetic/openhands-sdk-conversation": ["openhands-sdk-response-clipped", "response-clipped", "openhands-previous-output-truncated", "unverifiable"],
    "synthetic/openhands-sdk-events.json": ["openhands-previous-output-truncated"],
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

test("the read-back caveat is said from 2.1 on: a 2.0.76 excerpt was cut from all of the output", async () => {
  const original = readFileSync(transcriptPath("synthetic/claude-code-out-of-order.jsonl"), "utf8");
  const noteAt = async (version: string): Promise<string | undefined> => {
    const file = fresh(`excerpt-${version}.jsonl`);
    writeFileSync(file, original.replaceAll('"version":"2.1.112"', `"version":"${version}"`));
    return (await auditTranscript(file)).findings[0]?.span.clip_evidence?.note;
  };
  assert.match((await noteAt("2.1.112")) ?? "", /^Claude Code 2\.1 and later cut this excerpt from the first 30,000 bytes/);
  assert.match((await noteAt("3.0.1")) ?? "", /first 30,000 bytes/);
  assert.equal(await noteAt("2.0.76"), undefined);
  assert.match((await noteAt("2.x")) ?? "", /first 30,000 bytes/, "a version naming no minor may be any of its major's");
});

test("a 1.x failure excerpt carries no read-back caveat: that window came with 2.x", async () => {
  const audit = await auditTranscript(transcriptPath("synthetic/claude-code-1x.jsonl"));
  const [excerpt] = audit.findings;
  assert.equal(excerpt?.span.clip_evidence?.marker, "claude-code-failure-excerpt");
  assert.equal(excerpt?.span.clip_evidence?.note, undefined);
});
