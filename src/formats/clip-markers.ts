// The marks other harnesses leave in the text a model saw when they clipped a tool's output.
// One versioned table, read by lint's possible-second-cap and by the transcript audit. Each entry names
// where its wording comes from; wordings change between versions, so a missing match is no proof.

/** What a capture group of a marker states, in the unit the harness wrote. */
export type MarkerGroupMeaning =
  | "droppedTokens"
  | "droppedChars"
  | "omittedLines"
  | "totalLines"
  | "originalTokens"
  | "capBytes"
  | "capChars"
  | "capLines"
  | "persistedSize"
  | "keptBytes"
  | "totalBytes"
  | "headChars"
  | "tailChars"
  | "firstLine"
  | "lastLine"
  | "stream";

/** How far an entry was checked: against the harness's source, a real transcript, both, or the text only. */
export type MarkerVerification = "source" | "fixture" | "source+fixture" | "issue";

/** What a marker's figures cannot be trusted for from some version on, said in the evidence of each match. */
export interface MarkerCaveat {
  /** The harness version (`major.minor`) from which it holds; a transcript that names no version gets it too. */
  since: string;
  note: string;
}

export interface ClipMarker {
  /** Stable id of the entry, e.g. `codex-tokens-truncated`; the audit's `clip_evidence.marker`. */
  id: string;
  /** Which harness writes it. */
  harness: string;
  /** Versions known to write it, e.g. `">=0.125"`, or `"unknown"`. */
  versions: string;
  /** Matches the marker anywhere in a text. Every pattern is linear: literals, bounded classes and digit runs. */
  pattern: RegExp;
  /** What each capture group states, by group number. */
  groups: Partial<Record<MarkerGroupMeaning, number>>;
  /** Its numbers (and its header's) are written in the user's locale (`12,345`, `12.345`, `12 345`): read as digits
   * without the separators. */
  localeDigits?: boolean;
  /** A text as the harness writes it; tests check the pattern finds it and its groups. */
  example: string;
  /** Where the wording was checked, and how. */
  verified: MarkerVerification;
  source: string;
  /** Said with every match of the harness's own marker in a transcript of the versions it names. */
  caveat?: MarkerCaveat;
  /** A header the harness may write at the start of the text that holds the marker: its figures join the marker's
   * groups. Anchored there, so an output that prints the same words elsewhere states nothing. */
  header?: { pattern: RegExp; groups: Partial<Record<MarkerGroupMeaning, number>> };
}

// Order matters twice: the first entry that matches is the one reported, so an entry whose groups say more
// comes before a looser one of the same harness.
export const CLIP_MARKERS: readonly ClipMarker[] = [
  {
    id: "toolspan-marker",
    harness: "toolspan",
    versions: ">=0.1",
    pattern: /\[toolspan: (stdout|stderr) clipped: kept (\d+) of (\d+) bytes/,
    groups: { stream: 1, keptBytes: 2, totalBytes: 3 },
    example: "[toolspan: stdout clipped: kept 8192 of 24118 bytes (head); sha256 of the whole stream 9c21…; span 7f3a…]",
    verified: "source",
    source: "src/run/marker.ts (this repository)",
  },
  {
    id: "claude-code-output-too-large",
    harness: "Claude Code",
    versions: ">=2.1 (seen in 2.1.7)",
    pattern: /Output too large \(([\d.]{1,12}\s?[KMG]?B)\)\. Full output saved to/,
    groups: { persistedSize: 1 },
    example: "<persisted-output>\nOutput too large (126.7KB). Full output saved to: /tmp/out.txt\n\nPreview (first 2KB):\n…",
    verified: "fixture",
    source: "test/fixtures/transcripts/claude_code/agent-a485154.jsonl line 36 (Claude Code's source is not public)",
  },
  {
    id: "claude-code-persisted-output",
    harness: "Claude Code",
    versions: ">=2.1 (seen in 2.1.7)",
    pattern: /<persisted-output>/,
    groups: {},
    example: "<persisted-output>\nPreview (first 2KB):\n…\n</persisted-output>",
    verified: "fixture",
    source: "test/fixtures/transcripts/claude_code/agent-a485154.jsonl line 36",
  },
  {
    id: "claude-code-failure-excerpt",
    harness: "Claude Code",
    versions: ">=1.0.24 (seen in 1.0.24 to 2.1.332)",
    pattern: /\n\n\.\.\. \[(\d+) characters truncated\] \.\.\.\n\n/,
    groups: { droppedChars: 1 },
    example: "Exit code 1\nhead of the output\n\n... [20007 characters truncated] ...\n\ntail of the output",
    verified: "source",
    source:
      "Claude Code 2.1.332's bundle (test/e2e/harnesses): `uI=/\\n\\n\\.\\.\\. \\[(\\d+) characters truncated\\] \\.\\.\\.\\n\\n/g` and `cp(e,n)`, which keeps the first n/2 and last n/2 characters of a failed Bash result longer than n + 1024 (n = 10,000); measured in test/e2e/claude-code-lab.test.ts; fixture lab/claude_code/lab-2.1.332.jsonl",
    caveat: {
      // Measured in 2.1.332; a real public 2.0.76 stream-json run still cut its excerpts from all of the output
      // (35,335 of about 45,000 characters dropped, the tail the run's own end): blind round 7, not kept.
      since: "2.1",
      note: "Claude Code 2.1 and later cut this excerpt from the first 30,000 bytes of output they read back (BASH_MAX_OUTPUT_LENGTH, lower when set lower): droppedChars is a lower bound, and the tail shown is the end of those bytes, not necessarily of the output",
    },
  },
  {
    id: "claude-code-lines-truncated",
    harness: "Claude Code",
    versions: ">=1.0 (seen in 1.0.98; in 2.1.332 for notebook cell outputs)",
    pattern: /\n\n\.\.\. \[(\d+) lines truncated\] \.\.\./,
    groups: { omittedLines: 1 },
    example: "src/a.ts\nsrc/b.ts\n\n... [560 lines truncated] ...",
    verified: "fixture",
    source:
      "test/fixtures/transcripts/claude_code/claude-code-viewer-fe5e1c67-lines-107-108.jsonl line 2 (a Bash `find` result of Claude Code 1.0.98, toolUseResult.stdout ends so too); Claude Code 2.1.332's bundle keeps the wording: the first BASH_MAX_OUTPUT_LENGTH (30,000) characters, then `\\n\\n... [${n} lines truncated] ...` with n the lines after the cut",
  },
  {
    id: "claude-code-glob-showing-of",
    harness: "Claude Code",
    versions: "unknown (read in 2.1.332)",
    pattern: /\(Showing (\d+) of (\d+) matching files; (\d+) more are not listed\./,
    groups: { capLines: 1, totalLines: 2, omittedLines: 3 },
    example: "f001.txt\n(Showing 100 of 150 matching files; 50 more are not listed. Narrow the pattern or path to see the rest.)",
    verified: "source",
    source:
      "Claude Code 2.1.332's bundle: the Glob tool's result text (`dJr`), one file a line; toolUseResult has truncated: true, numFiles, totalMatches; fixture lab/claude_code/lab-2.1.332.jsonl",
  },
  {
    id: "claude-code-glob-showing-first",
    harness: "Claude Code",
    versions: "unknown (read in 2.1.332)",
    pattern: /\(Showing the first (\d+) files; there are more than (\d+) matches\./,
    groups: { capLines: 1 },
    example: "f001.txt\n(Showing the first 100 files; there are more than 1000 matches. Narrow the pattern or path to see the rest.)",
    verified: "source",
    source: "Claude Code 2.1.332's bundle: the Glob tool's `dJr`, when the count of matches is not complete",
  },
  {
    id: "claude-code-results-truncated",
    harness: "Claude Code",
    versions: "unknown (still written in 2.1.332 when the result has no match count)",
    pattern: /\(Results are truncated\. Consider using a more specific path or pattern\.\)/,
    groups: {},
    example: "src/a.ts\n(Results are truncated. Consider using a more specific path or pattern.)",
    verified: "source",
    source: "Claude Code 2.1.332's bundle: the Glob tool's `dJr` when `totalMatches` is absent (results of versions before that field); toolUseResult has truncated: true",
  },
  {
    id: "claude-code-grep-pagination",
    harness: "Claude Code",
    versions: "unknown (read in 2.1.332)",
    pattern: /\[Showing results with pagination = limit: (\d+)/,
    groups: { capLines: 1 },
    example: "f083.txt:1:needle 83\n\n[Showing results with pagination = limit: 250]",
    verified: "source",
    source:
      "Claude Code 2.1.332's bundle: the Grep tool's result (`[Showing results with pagination = ${...}]` where a limit was applied); toolUseResult has numLines 250, totalLines 450, appliedLimit 250 in fixture lab/claude_code/lab-2.1.332.jsonl",
  },
  {
    id: "codex-tokens-truncated",
    harness: "Codex CLI",
    versions: "unknown (seen in 0.116.0 to 0.171.0)",
    pattern: /…(\d+) tokens truncated…/,
    groups: { droppedTokens: 1 },
    example: "Warning: truncated output (original token count: 12307)\nTotal output lines: 889\n\nhead\n…2307 tokens truncated…\ntail",
    verified: "source",
    source:
      "openai/codex codex-rs/core/src/truncate.rs (truncate_middle, truncate_output_to_tokens); fixture codex/rollout-2026-05-11T13-28-45-….jsonl; the header as the real 0.171.0 writes it in fixture lab/codex/lab-0.171.0.jsonl; the versions as real public rollouts of 0.122.0-alpha.13, 0.126.0-alpha.8, 0.128.0, 0.144.1 and 0.144.5 hold them too (blind round 6; no licence, not kept); the real 0.142.0's shell_command in fixture lab/codex/lab-0.142.0.jsonl; real public 0.116.0 and 0.119.0-alpha.28 rollouts too (blind round 9; no licence, not kept)",
    // 0.144 and later write the whole output's token and line counts above the cut (12307 tokens, 2307 dropped);
    // 0.116's unified exec only the line count.
    header: {
      pattern: /^(?:Warning: truncated output \(original token count: (\d{1,12})\)\n)?Total output lines: (\d{1,12})\n/,
      groups: { originalTokens: 1, totalLines: 2 },
    },
  },
  {
    id: "codex-persistence-truncated",
    harness: "Codex CLI",
    versions: "unknown (read in 0.171.0)",
    pattern: /\n\.\.\. command output truncated for persistence \.\.\.\n/,
    groups: {},
    example: "head of the output\n... command output truncated for persistence ...\ntail of the output",
    verified: "source",
    source:
      "Codex CLI 0.171.0's binary (test/e2e/harnesses), beside the rollout writer's strings: the log's copy of a command's output (item_completed aggregated_output) is cut to 65,536 characters, half each side, measured in test/e2e/codex-lab.test.ts; fixture lab/codex/lab-0.171.0.jsonl",
    caveat: {
      since: "0.0",
      note: "Codex cuts output this way when it writes the session log, not before the model: the model may have seen more than the log shows",
    },
  },
  {
    id: "codex-chars-truncated",
    harness: "Codex CLI",
    versions: "unknown (seen in 0.60.1 and 0.122.0, where the model's output budget is in bytes)",
    pattern: /…(\d+) chars truncated…/,
    groups: { droppedChars: 1 },
    example: "Total output lines: 310\n\ntotal 8\n…1200 chars truncated…\nend",
    verified: "fixture",
    source:
      "the real 0.60.1 and 0.122.0 shell tool under gpt-5.5 (a 10,000-byte budget, the turn_context's truncation_policy in 0.122.0), fixtures lab/codex/lab-0.60.1.jsonl and lab-0.122.0.jsonl; not found in the openai/codex files read",
    header: { pattern: /^Total output lines: (\d{1,12})\n/, groups: { totalLines: 1 } },
  },
  {
    id: "codex-truncated-warning",
    harness: "Codex CLI",
    versions: "unknown (seen in 0.144.1 to 0.171.0, above …N tokens truncated…)",
    pattern: /Warning: truncated output \(original token count: (\d+)\)/,
    groups: { originalTokens: 1 },
    example: "Warning: truncated output (original token count: 52341)\nTotal output lines: 712",
    verified: "fixture",
    source:
      "fixture lab/codex/lab-0.171.0.jsonl (the real 0.171.0, above its …N tokens truncated… cut, where codex-tokens-truncated matches first); not in the openai/codex files read; real public 0.144.1 and 0.144.5 rollouts write it too (blind round 6; no licence, not kept)",
  },
  {
    id: "codex-omitted-lines",
    harness: "Codex CLI",
    versions: "<0.6x (format_output_for_model_body; seen in 0.58.0)",
    pattern: /\[\.\.\. omitted (\d+) of (\d+) lines \.\.\.\]/,
    groups: { omittedLines: 1, totalLines: 2 },
    example: "Total output lines: 480\n\nhead\n[... omitted 120 of 480 lines ...]\n\ntail",
    verified: "source",
    source: "openai/codex codex-rs/core/src/truncate.rs (truncate_formatted_exec_output); fixture codex/codex-session-view-rollout-0.58-lines-1-40.jsonl line 40",
  },
  {
    id: "codex-truncated-to-fit",
    harness: "Codex CLI",
    versions: "<0.6x (format_output_for_model_body; seen in 0.55.0)",
    pattern: /\[\.\.\. output truncated to fit (\d+) bytes \.\.\.\]/,
    groups: { capBytes: 1 },
    example: "Total output lines: 243\n\nhead\n[... output truncated to fit 10240 bytes ...]\n\ntail",
    verified: "source",
    source:
      "openai/codex codex-rs/core/src/truncate.rs (truncate_formatted_exec_output, MODEL_FORMAT_MAX_BYTES 10 KiB); real public 0.55.0 rollouts hold it, below Total output lines: N (blind round 9; no licence, not kept)",
    header: { pattern: /^Total output lines: (\d{1,12})\n/, groups: { totalLines: 1 } },
  },
  {
    id: "openhands-observation-truncated",
    harness: "OpenHands",
    versions: "unknown",
    pattern: /\[\.\.\. Observation truncated due to length \.\.\.\]/,
    groups: {},
    example: "/workspace/mui__mater\n[... Observation truncated due to length ...]\nde-annotation:",
    verified: "issue",
    source: "named in the marker list toolspan's audit was specified with, unverified; the wording appears in public OpenHands trajectories (truncate_content, max_message_chars)",
  },
  {
    id: "openhands-command-output-truncated",
    harness: "OpenHands",
    versions: ">=0.2x (CmdOutputObservation, MAX_CMD_OUTPUT_SIZE 9500 chars)",
    pattern: /\[\.\.\. Command output truncated: removed (\d+) characters from the middle \.\.\.\]/,
    groups: { droppedChars: 1 },
    example: "[... Command output truncated: removed 5000 characters from the middle ...]",
    verified: "source",
    source: "All-Hands-AI/OpenHands openhands/events/observation/commands.py (_truncate_if_needed)",
  },
  {
    id: "openhands-sdk-output-saved",
    harness: "OpenHands",
    versions: ">=1.4 (software-agent-sdk; read in 1.43.1)",
    pattern: /<response clipped><NOTE>Due to the max output limit, only part of the full response has been shown to you\. The complete output has been saved to /,
    groups: {},
    example:
      "head<response clipped><NOTE>Due to the max output limit, only part of the full response has been shown to you. The complete output has been saved to /workspace/conversations/e18b/observations/terminal_output_1a2b3c4d.txt - you can use other tools to view the full content (truncated part starts around line 412).</NOTE>tail",
    verified: "source",
    source:
      "OpenHands/software-agent-sdk openhands-sdk/openhands/sdk/utils/truncate.py (DEFAULT_TRUNCATE_NOTICE_WITH_PERSIST, maybe_truncate with save_dir: head and tail kept around it), written by TerminalObservation.to_llm_content (openhands-tools/openhands/tools/terminal/definition.py: MAX_CMD_OUTPUT_SIZE, 30,000 characters, into full_output_save_dir) and the browser's: only in the model's copy (an LLM log's), never in the event itself",
  },
  {
    id: "openhands-sdk-response-clipped",
    harness: "OpenHands",
    versions: ">=1.0 (software-agent-sdk; read in 1.43.1)",
    pattern: /<response clipped><NOTE>Due to the max output limit, only part of the full response has been shown to you\./,
    groups: {},
    example: "head<response clipped><NOTE>Due to the max output limit, only part of the full response has been shown to you.</NOTE>tail",
    verified: "source",
    source:
      "OpenHands/software-agent-sdk openhands-sdk/openhands/sdk/utils/truncate.py (DEFAULT_TRUNCATE_NOTICE, put by maybe_truncate between the head and tail it keeps), as the terminal cuts at 30,000 characters (openhands-tools/openhands/tools/terminal/terminal/terminal_session.py), llm/message.py any tool text past 50,000, and file_editor a command's output at 16,000 (tools/file_editor/utils/constants.py CONTENT_TRUNCATED_NOTICE, its file and directory views' notices being response-clipped's)",
  },
  {
    id: "openhands-previous-output-truncated",
    harness: "OpenHands",
    versions: ">=1.0 (software-agent-sdk; read in 1.43.1)",
    pattern: /\[Previous command outputs are truncated\. Showing the last \d{1,12} lines of the output below\.\]/,
    groups: {},
    example: "[Previous command outputs are truncated. Showing the last 1999 lines of the output below.]\n…",
    verified: "source",
    source:
      "OpenHands/software-agent-sdk openhands-tools/openhands/tools/terminal/terminal/terminal_session.py (metadata.prefix when the command's first prompt scrolled out of the terminal's history: its head is lost)",
  },
  {
    id: "swe-agent-clipped-note",
    harness: "SWE-agent",
    versions: ">=0.7 (next_step_truncated_observation_template)",
    pattern: /<NOTE>Observations should not exceeded (\d+) characters\. (\d+) characters were elided/,
    groups: { capChars: 1, droppedChars: 2 },
    example: "<response clipped><NOTE>Observations should not exceeded 100000 characters. 30084 characters were elided. Please try a different command",
    verified: "source",
    source: "SWE-agent/SWE-agent sweagent/agent/agents.py (TemplateConfig.next_step_truncated_observation_template)",
  },
  {
    id: "response-clipped",
    harness: "SWE-agent / OpenHands",
    versions: "unknown",
    pattern: /<response clipped>/,
    groups: {},
    example: "<response clipped><NOTE>Observations should not exceeded 100000 characters.</NOTE>",
    verified: "source+fixture",
    source:
      "SWE-agent/SWE-agent sweagent/agent/agents.py, and OpenHands' str_replace_editor after a clipped file view in test/fixtures/transcripts/openhands/multi_swe_bench-output-line-1.jsonl; no real SWE-agent fixture holds it",
  },
  {
    id: "mini-swe-agent-elided-chars",
    harness: "mini-swe-agent",
    versions: ">=1.0",
    pattern: /<elided_chars>\s{0,4}(\d+) characters elided\s{0,4}<\/elided_chars>/,
    groups: { droppedChars: 1 },
    example: "<output_head>\nhead\n</output_head>\n<elided_chars>\n1234 characters elided\n</elided_chars>\n<output_tail>\ntail\n</output_tail>",
    verified: "source",
    source: "SWE-agent/mini-swe-agent src/minisweagent/config/default.yaml (action_observation_template, timeout_template: 10000-character cap)",
  },
  {
    id: "mini-swe-agent-timeout-truncated",
    harness: "mini-swe-agent",
    versions: ">=1.0",
    pattern: /<warning>Output was too long and has been truncated\.<\/warning>/,
    groups: {},
    example: "<warning>Output was too long and has been truncated.</warning>",
    verified: "source",
    source: "SWE-agent/mini-swe-agent src/minisweagent/config/default.yaml (timeout_template)",
  },
  {
    id: "goose-line-limit",
    harness: "Goose",
    versions: "unknown",
    pattern: /\[Output exceeded (\d+) line limit \((\d+) lines total\)/,
    groups: { capLines: 1, totalLines: 2 },
    example: "[Output exceeded 2000 line limit (5120 lines total). Full output saved to /tmp/x]",
    verified: "issue",
    source: "named in the marker list toolspan's audit was specified with, unverified; not found in the block/goose files read",
  },
  {
    id: "gemini-cli-characters-omitted",
    harness: "Gemini CLI",
    versions: "unknown (read in 0.61.0)",
    // toLocaleString() writes N: 12,345 in en-US, 12.345 in de, 12 345 (U+202F) in fr, 12'345 in de-CH: digits and
    // separators, read without the separators.
    pattern: /\n\n\.\.\. \[(\d[\d,.'\u00a0\u202f ]{0,22}) characters omitted\] \.\.\.\n\n/,
    groups: { droppedChars: 1 },
    localeDigits: true,
    example: "Output too large. Showing first 8,000 and last 32,000 characters. For full output see: /tmp/x/shell_1.txt\nhead\n\n... [62,345 characters omitted] ...\n\ntail",
    // Its header names the head and tail it kept, so the cap in characters; above it, if anything, the opening of
    // the <untrusted_context> a result of 0.61 is wrapped in.
    header: { pattern: /^(?:<untrusted_context>\n)?Output too large\. Showing first (\d[\d,.'\u00a0\u202f ]{0,22}) and last (\d[\d,.'\u00a0\u202f ]{0,22}) characters\./, groups: { headChars: 1, tailChars: 2 } },
    verified: "source",
    source:
      "google-gemini/gemini-cli packages/core/src/utils/fileUtils.ts formatTruncatedToolOutput; read in 0.61.0's bundle (test/e2e/harnesses): a tool result longer than truncateToolOutputThreshold (default 40,000 characters) keeps its first 20% and last 80% around this line, the whole output saved to the file the header names",
  },
  {
    id: "gemini-cli-output-too-large",
    harness: "Gemini CLI",
    versions: "unknown (read in 0.61.0)",
    pattern: /Output too large\. Showing first (\d[\d,.'\u00a0\u202f ]{0,22}) and last (\d[\d,.'\u00a0\u202f ]{0,22}) characters\. For full output see: /,
    groups: { headChars: 1, tailChars: 2 },
    localeDigits: true,
    example: "Output too large. Showing first 8,000 and last 32,000 characters. For full output see: /tmp/x/shell_1.txt",
    verified: "source",
    source: "google-gemini/gemini-cli packages/core/src/utils/fileUtils.ts formatTruncatedToolOutput; its header, where the omitted-characters line is not in the text",
  },
  {
    id: "gemini-cli-file-content-truncated",
    harness: "Gemini CLI",
    versions: "unknown (read in 0.61.0)",
    pattern: /IMPORTANT: The file content has been truncated\.\nStatus: Showing lines (\d{1,12})-(\d{1,12}) of (\d{1,12}) total lines\./,
    groups: { firstLine: 1, lastLine: 2, totalLines: 3 },
    example: "\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines 1-2000 of 5120 total lines.\nAction: To read more of the file, …",
    verified: "source+fixture",
    source:
      "google-gemini/gemini-cli packages/core/src/tools/read-file.ts, and test/fixtures/transcripts/gemini/session-2026-01-02T03-26-ae691289.json (a read_file at its 2,000-line default); read in 0.61.0's bundle: read_file's result when the file has more lines than it reads at once",
  },
  {
    id: "gemini-cli-background-log-tail",
    harness: "Gemini CLI",
    versions: "unknown (read in 0.61.0)",
    // Its first line ("Full Log Output:" when it showed every line), under the <untrusted_context> a result of
    // 0.61 may open with.
    pattern: /Showing last (\d{1,12}) of (\d{1,12}) lines:\n/,
    groups: { capLines: 1, totalLines: 2 },
    example: "Showing last 100 of 2481 lines:\nlog line 2382\n…",
    verified: "source",
    source:
      "google-gemini/gemini-cli packages/core/src/tools/read-background-output.ts; read in 0.61.0's bundle (test/e2e/harnesses): read_background_output shows the last `lines` (default 100) lines of a backgrounded command's log, counted in its last 64 KiB only",
  },
  {
    id: "gemini-cli-content-truncated",
    harness: "Gemini CLI",
    versions: "older (not in 0.61.0)",
    pattern: /\[CONTENT TRUNCATED\]/,
    groups: {},
    example: "…last lines kept\n[CONTENT TRUNCATED]",
    verified: "issue",
    source: "named for older Gemini CLI versions when toolspan's audit was extended; not in 0.61.0's bundle, not found in the google-gemini/gemini-cli files read",
  },
  {
    id: "cline-output-truncated",
    harness: "Cline",
    versions: "unknown",
    pattern: /\.\.\. \(output truncated\) \.\.\./,
    groups: {},
    example: "... (output truncated) ...",
    verified: "issue",
    source: "named in the marker list toolspan's audit was specified with, unverified; not found in the cline/cline files read",
  },
  {
    id: "continue-previous-lines-truncated",
    harness: "Continue",
    versions: "unknown",
    pattern: /\(previous (\d+) lines truncated\)/,
    groups: { omittedLines: 1 },
    example: "(previous 200 lines truncated)",
    verified: "issue",
    source: "named in the marker list toolspan's audit was specified with, unverified; not found in the continuedev/continue files read",
  },
];

// Every marker above holds one of these words: a text without any of them (almost every text) is cleared by
// one scan for plain words, about twice as fast as substring searches and far faster than every pattern.
// A test keeps the list complete.
export const MARKER_WORDS = ["truncated", "TRUNCATED", "clipped", "omitted", "elided", "persisted-output", "Output too large", "Output exceeded", "Showing"];
const ANY_MARKER_WORD = new RegExp(MARKER_WORDS.join("|"));

/** The first known clip marker in `text` from a harness other than `exceptHarness`, or null. */
export function findClipMarker(text: string, exceptHarness?: string): ClipMarker | null {
  return findClipMatch(text, exceptHarness)?.marker ?? null;
}

/** A marker found in a text, with what its capture groups state. */
export interface ClipMatch {
  marker: ClipMarker;
  /** Each named group's text; digits are given as numbers. */
  groups: Partial<Record<MarkerGroupMeaning, number | string>>;
}

/** Like findClipMarker, with the marker's capture groups read by their meaning. */
export function findClipMatch(text: string, exceptHarness?: string): ClipMatch | null {
  if (!ANY_MARKER_WORD.test(text)) return null;
  for (const marker of CLIP_MARKERS) {
    if (marker.harness === exceptHarness) continue;
    const match = marker.pattern.exec(text);
    if (!match) continue;
    const header = marker.header === undefined ? null : marker.header.pattern.exec(text);
    const groups = header === null ? {} : namedGroups(marker.header!.groups, header, marker.localeDigits === true);
    return { marker, groups: { ...groups, ...namedGroups(marker.groups, match, marker.localeDigits === true) } };
  }
  return null;
}

function namedGroups(meanings: ClipMarker["groups"], match: RegExpExecArray, localeDigits: boolean): ClipMatch["groups"] {
  const groups: ClipMatch["groups"] = {};
  for (const [meaning, index] of Object.entries(meanings) as [MarkerGroupMeaning, number][]) {
    const raw = match[index];
    const value = raw !== undefined && localeDigits ? raw.replace(/[,.'\u00a0\u202f ]/g, "") : raw;
    if (value === undefined) continue;
    if (!/^\d+$/.test(value)) groups[meaning] = value;
    // A count past 2^53 has no exact number: the marker then states nothing toolspan can use (a hostile transcript's
    // 10^20 would otherwise become a cap lint refuses).
    else if (Number.isSafeInteger(Number(value))) groups[meaning] = Number(value);
  }
  return groups;
}

/** Caps that wrappers are known to use; a stream of exactly this many bytes with no flag was probably cut upstream. */
export const WELL_KNOWN_CAPS: ReadonlySet<number> = new Set([
  4096, 8192, 10000, 10240, 16384, 20000, 30000, 32768, 50000, 65536, 100000, 102400, 131072, 262144, 1048576,
]);
