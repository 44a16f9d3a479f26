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
    // Stdout and stderr go to one file, of which only the first BASH_MAX_OUTPUT_LENGTH bytes (30,000 by default,
    // 150,000 at most) are read back. A successful result over 30,000 characters is replaced by a 2 KB preview of a
    // saved file; a failed one ("Exit code N" first) over 11,024 characters by a 10,000-character head+tail excerpt.
    limit: (end, env) => Math.min(envCount(env, "BASH_MAX_OUTPUT_LENGTH", 30_000, 150_000), end.returncode === 0 ? 30_000 : 11_024),
    framing: 100,
    sources: ["test/e2e/claude-code-lab.test.ts (measured with the real binary)", "code.claude.com/docs/en/settings (BASH_MAX_OUTPUT_LENGTH)"],
  },
  codex: {
    id: "codex",
    name: "Codex CLI",
    verified: "0.171.0",
    // The shell tool's output (stdout and stderr merged) reaches the model whole up to 40,000 bytes: 10,000 tokens of
    // the model's truncation policy at 4 bytes a token. A lower tool_output_token_limit in config.toml lowers it
    // (the hook passes that on as --harness-limit). The header before "Output:" is not counted.
    limit: () => 40_000,
    framing: 0,
    sources: ["test/e2e/codex-lab.test.ts (measured with the real binary)", "openai/codex codex-rs/utils/string/src/truncate.rs"],
  },
  gemini: {
    id: "gemini",
    name: "Gemini CLI",
    verified: "0.61.0",
    // A run_shell_command result longer than tools.truncateToolOutputThreshold (40,000 UTF-16 units by default) is cut
    // to its first 20% and last 80%. The whole result counts: <untrusted_context>, "Output: ", the Exit Code, Signal and
    // Process Group PGID lines, and the note that a hook changed the input.
    limit: () => 40_000,
    framing: 400,
    sources: ["test/e2e/gemini-lab.test.ts (measured with the real binary)", "@google/gemini-cli 0.61.0 bundle: formatTruncatedToolOutput"],
  },
};

/** The profile for `id`, or undefined for a harness toolspan does not know. */
export function harnessProfile(id: string): HarnessProfile | undefined {
  return (HARNESS_IDS as readonly string[]).includes(id) ? PROFILES[id as HarnessId] : undefined;
}
