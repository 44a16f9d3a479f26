// What each harness passes on to the model of a shell call's output, after toolspan: as data, with where each
// figure comes from. toolspan keeps at most this, so the harness never cuts again and toolspan's cap, told in the
// notice, is the only cap.

/** The harnesses toolspan sits in front of. */
export const HARNESS_IDS = ["claude-code", "codex", "gemini"] as const;
export type HarnessId = (typeof HARNESS_IDS)[number];

/** How the command ended, as far as a harness's limit depends on it. */
export interface CallEnd {
  returncode: number | null;
}

export interface HarnessProfile {
  id: HarnessId;
  /** The harness's own name. */
  name: string;
  /** The versions whose limits these are, checked against the real binary in test/e2e. */
  verified: string;
  /** What the harness passes on of one call's output (both streams together), in characters: the caller keeps
   * at most this many bytes, which is never more characters. */
  limit(end: CallEnd, env: NodeJS.ProcessEnv): number;
  /** Characters the harness adds around the output (an exit-code line, labels) that count against its limit. */
  framing: number;
  /** Where the figures come from. */
  sources: readonly string[];
}

// A whole number from the environment within [min, max], else the fallback: a harness reads its own variable the same way.
function envCount(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const value = Number(env[name]);
  return Number.isSafeInteger(value) && value > 0 ? Math.min(value, max) : fallback;
}

/** The profiles, by id. */
export const PROFILES: Readonly<Record<HarnessId, HarnessProfile>> = {
  "claude-code": {
    id: "claude-code",
    name: "Claude Code",
    verified: "2.1.332",
    // A failed call (non-zero exit) reaches the model as a 10,000-character head+tail excerpt; a successful one is
    // read back up to BASH_MAX_OUTPUT_LENGTH characters (30,000 by default, 150,000 at most).
    limit: (end, env) => (end.returncode === 0 ? envCount(env, "BASH_MAX_OUTPUT_LENGTH", 30_000, 150_000) : 10_000),
    framing: 200,
    sources: ["test/e2e/claude-code-lab.test.ts (measured with the real binary)", "code.claude.com/docs/en/settings (BASH_MAX_OUTPUT_LENGTH)"],
  },
  codex: {
    id: "codex",
    name: "Codex CLI",
    verified: "0.171.0",
    // The shell tool's output reaches the model truncated to about 10 KB, head and tail.
    limit: () => 10_000,
    framing: 200,
    sources: ["test/e2e/codex-lab.test.ts (measured with the real binary)", "openai/codex codex-rs truncation policy"],
  },
  gemini: {
    id: "gemini",
    name: "Gemini CLI",
    verified: "0.61.0",
    // run_shell_command output past truncateToolOutputThreshold (40,000 characters) is cut to 20% head, 80% tail.
    limit: () => 40_000,
    framing: 300,
    sources: ["test/e2e/gemini-lab.test.ts (measured with the real binary)", "gemini-cli docs: tools.truncateToolOutputThreshold"],
  },
};

/** The profile for `id`, or undefined for a harness toolspan does not know. */
export function harnessProfile(id: string): HarnessProfile | undefined {
  return (HARNESS_IDS as readonly string[]).includes(id) ? PROFILES[id as HarnessId] : undefined;
}
