// The sessions record-transcripts.ts records under test/fixtures/transcripts/lab/, as data: the files each run
// starts with, and each call the scripted model makes with what it writes in full. The recorder plays them; the
// lab ground-truth tests (test/audit/*-lab.test.ts) compare what the model saw with these known outputs.
import type { ClaudeToolStep } from "./anthropic-server.js";
import { pytestLog } from "./pytest-log.js";
import type { ModelStep } from "./scripted-model.js";

/** One call of a recorded session and what is known of its whole result. */
export interface RecordedCall<Step = ModelStep> {
  step: Step;
  /** Every byte the command writes (stdout and stderr), when it runs to its end; absent where the harness stops
   * waiting for it (its time limit) and for tools that are not a shell. */
  output?: string;
  /** The command's exit status, with `output`. */
  exitCode?: number;
  /** For a search tool (Glob, Grep): how many lines its whole result has (files, or matching lines). */
  lines?: number;
}

/** A recorded session: the working folder's files, then the calls in order. */
export interface RecordedSession<Step = ModelStep> {
  files: Record<string, string>;
  calls: RecordedCall<Step>[];
}

const shell = (command: string, output: string, exitCode: number): RecordedCall<ModelStep> => ({ step: { kind: "shell", command }, output, exitCode });

const SEARCHED_FILES = 150;
const NEEDLES_PER_FILE = 3;

/** Claude Code 2.1.332: failures past and within its 30,000-byte read-back window, a persisted success, its
 * search tools past and within their caps, a call moved to the background, one killed at its limit, a clean one. */
export function claudeCodeSession(): RecordedSession<ModelStep | ClaudeToolStep> {
  const files: Record<string, string> = { "pytest.log": pytestLog(68_195), "short.log": pytestLog(20_000) };
  for (let i = 0; i < SEARCHED_FILES; i++) files[`f${String(i).padStart(3, "0")}.txt`] = `needle ${i}\n`.repeat(NEEDLES_PER_FILE);
  return {
    files,
    calls: [
      shell("cat pytest.log; exit 1", files["pytest.log"]!, 1),
      shell("cat short.log; exit 1", files["short.log"]!, 1),
      shell("cat pytest.log", files["pytest.log"]!, 0),
      { step: { kind: "tool", name: "Glob", input: { pattern: "**/*.txt" } }, lines: SEARCHED_FILES },
      { step: { kind: "tool", name: "Grep", input: { pattern: "needle", output_mode: "content" } }, lines: SEARCHED_FILES * NEEDLES_PER_FILE },
      { step: { kind: "tool", name: "Grep", input: { pattern: "needle", output_mode: "files_with_matches" } }, lines: SEARCHED_FILES },
      { step: { kind: "shell", command: "printf 'started\\n'; sleep 5; printf 'never printed\\n'", timeoutMs: 1000 } },
      { step: { kind: "shell", command: "sleep 5; printf 'never printed\\n'", timeoutMs: 1000 } },
      shell("printf 'ok\\n'", "ok\n", 0),
    ],
  };
}

/** Claude Code 2.1.332's --output-format stream-json: a failure excerpt and a clean call. */
export function claudeCodeStreamSession(): RecordedSession {
  const files = { "short.log": pytestLog(20_000) };
  return { files, calls: [shell("cat short.log; exit 1", files["short.log"], 1), shell("printf 'ok\\n'", "ok\n", 0)] };
}

/** Codex CLI 0.171.0: past the log's own 65,536-character copy, past the model's cap only, and a clean call. */
export function codexSession(): RecordedSession {
  const files = { "big.log": pytestLog(70_000), "mid.log": pytestLog(45_000) };
  return { files, calls: [shell("cat big.log; exit 1", files["big.log"], 1), shell("cat mid.log", files["mid.log"], 0), shell("printf 'ok\\n'", "ok\n", 0)] };
}

/** The past Codex versions the recorder plays `codexPastSession` on (test/e2e/harnesses-past), with unified exec
 * disabled so each offers its own shell tool: 0.60.1 and 0.122.0 `shell`, 0.142.0 `shell_command`. */
export const CODEX_PAST_VERSIONS = ["0.60.1", "0.122.0", "0.142.0"] as const;

/** A past Codex CLI's shell tool: a command killed at the call's timeout_ms, a failure past the model's cap (10,000
 * bytes for 0.60.1 and 0.122.0 under gpt-5.5, 10,000 tokens for 0.142.0), and a clean call. */
export function codexPastSession(): RecordedSession {
  const files = { "big.log": pytestLog(50_000) };
  return {
    files,
    calls: [
      { step: { kind: "shell", command: "printf 'started\\n'; sleep 5; printf 'never printed\\n'", timeoutMs: 1000 } },
      shell("cat big.log; exit 1", files["big.log"], 1),
      shell("printf 'ok\\n'", "ok\n", 0),
    ],
  };
}

/** Gemini CLI 0.61.0 cuts a tool result past 40,000 characters (tools.truncateToolOutputThreshold): one above,
 * one below, a failure under the cap. */
export function geminiSession(): RecordedSession {
  const files = { "big.log": pytestLog(70_000), "mid.log": pytestLog(30_000) };
  return { files, calls: [shell("cat big.log; exit 1", files["big.log"], 1), shell("cat mid.log", files["mid.log"], 0), shell("printf 'ok\\n'; exit 3", "ok\n", 3)] };
}

/** The session's steps as a script: each in turn, then `final`. */
export function playSession<Step>(session: RecordedSession<Step>, final: string): (results: readonly string[]) => Step | { kind: "final"; text: string } {
  return (results) => session.calls[results.length]?.step ?? { kind: "final", text: final };
}
