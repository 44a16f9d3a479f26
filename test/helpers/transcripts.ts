// The transcript fixtures (test/fixtures/transcripts/<format>/…): real copies and our synthetic samples.
import { readTranscript } from "../../src/formats/transcripts/read-transcript.js";
import type { TranscriptRead } from "../../src/formats/transcripts/call.js";
import { repoPath } from "./repo.js";

/** The path of a transcript fixture, e.g. `codex/small.jsonl` or `synthetic/codex-markers.jsonl`. */
export const transcriptPath = (relative: string): string => repoPath(`test/fixtures/transcripts/${relative}`);

/** Reads a transcript fixture. */
export const readFixture = (relative: string): Promise<TranscriptRead> => readTranscript(transcriptPath(relative));

/** The real fixtures, by folder, with their format. */
export const REAL_FIXTURES: readonly { file: string; format: string }[] = [
  { file: "claude_code/40e7b02d-stream-json.jsonl", format: "claude-code" },
  { file: "claude_code/2b4ed4c0-b905-41de-9238-273db3ec737a.jsonl", format: "claude-code" },
  { file: "claude_code/agent-a485154.jsonl", format: "claude-code" },
  { file: "claude_code/claude-code-action-sample-turns.json", format: "claude-code" },
  { file: "claude_code/agent-f36dc5e5.jsonl", format: "claude-code" },
  { file: "claude_code/edge_cases.jsonl", format: "claude-code" },
  { file: "claude_code/short.jsonl", format: "claude-code" },
  { file: "claude_code/task_id_linking_real_world_bash.jsonl", format: "claude-code" },
  { file: "codex/rollout-2026-01-02T18-39-45-019b7f94-51b4-7593-922e-ba12b5b73b52.jsonl", format: "codex" },
  { file: "codex/rollout-2026-01-02T19-00-00-019b7f95-0000-7000-0000-000000000001.jsonl", format: "codex" },
  { file: "codex/rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl", format: "codex" },
  { file: "codex/small.jsonl", format: "codex" },
  { file: "gemini/session-2025-12-13T18-50-ed4c9337.json", format: "gemini" },
  { file: "gemini/session-2025-12-30T01-16-3f9ce747.json", format: "gemini" },
  { file: "gemini/session-2025-12-30T07-24-a1c91f1a.json", format: "gemini" },
  { file: "gemini/session-2026-01-02T03-26-ae691289.json", format: "gemini" },
  { file: "openhands/basic.json", format: "openhands" },
  { file: "openhands/basic_gui_mode.json", format: "openhands" },
  { file: "openhands/multi_swe_bench-output-line-1.jsonl", format: "openhands" },
  { file: "openhands/resolver-output.jsonl", format: "openhands" },
  { file: "openhands/wrong_initial_state.json", format: "openhands" },
  { file: "openhands_sdk/goal-events.jsonl", format: "openhands-sdk" },
  { file: "swe_agent/6e44b9__sweagenttestrepo-1c2844.traj", format: "swe-agent" },
  { file: "swe_agent/pydicom__pydicom-1458.traj", format: "swe-agent" },
  { file: "mini_swe_agent/github_issue.traj.json", format: "mini-swe-agent" },
  { file: "mini_swe_agent/local.traj.json", format: "mini-swe-agent" },
  { file: "mini_swe_agent/nano-swe-agent-traj.json", format: "mini-swe-agent" },
];
