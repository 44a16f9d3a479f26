// Ground truth from real past Codex CLI versions (0.60.1, 0.122.0, 0.142.0; test/e2e/lab/record-transcripts.ts
// recorded them with unified exec disabled): their shell tool kills a command at the call's timeout_ms and cuts a
// long output on its own budget. Audit must call the killed command unverifiable and timed out, the cut one clipped
// with the size Codex says it dropped, and the clean one clean with its exact size.
import assert from "node:assert/strict";
import { test } from "node:test";
import { auditTranscript } from "../../src/audit/audit-transcript.js";
import { CODEX_PAST_VERSIONS, codexPastSession } from "../e2e/lab/recorded-sessions.js";
import { assertPreviewsBegin, droppedFrom, keptAround, readModelSaw } from "../helpers/lab-truth.js";
import { transcriptPath } from "../helpers/transcripts.js";

// 0.60.1 and 0.122.0 hand the model a JSON object ({output, metadata}); 0.142.0 plain text under a header.
const SHELL_COMMAND_HEADER = /^Exit code: -?\d+\nWall time: [\d.]+ seconds\n(?:Total output lines: \d+\n)?Output:\n/;
const outputText = (text: string): string => (text.startsWith("{") ? String((JSON.parse(text) as { output: unknown }).output) : text.replace(SHELL_COMMAND_HEADER, ""));
const CHARS_CUT = /…(\d+) chars truncated…/;
const TOKENS_CUT = /…(\d+) tokens truncated…/;
const approxTokens = (bytes: number): number => Math.ceil(bytes / 4);

for (const version of CODEX_PAST_VERSIONS) {
  test(`Codex ${version} in the lab: a killed command is unverifiable, the cut one clipped with what Codex dropped`, async () => {
    const audit = await auditTranscript(transcriptPath(`lab/codex/lab-${version}.jsonl`));
    const seen = readModelSaw(`lab/codex/lab-${version}.model-saw.json`).map(({ text }) => outputText(text));
    const [killed, cut, clean] = codexPastSession().calls;
    assert.equal(audit.harnessVersion, version);
    assert.deepEqual(audit.problems, []);
    assertPreviewsBegin(audit, seen);
    assert.deepEqual(audit.calls.map((call) => call.verdict), ["unverifiable", "clipped", "clean"]);
    // The shell tool's argv is kept as the argv; shell_command's string as the command line, run with bash.
    assert.deepEqual(
      audit.calls.map(({ span }) => span.source.command ?? span.argv),
      [killed, cut, clean].map((call) => {
        const command = call!.step.kind === "shell" ? call!.step.command : "?";
        return version === "0.142.0" ? command : ["bash", "-lc", command];
      }),
    );

    // Codex's own words for its time limit, then what the command had printed when it was killed.
    const [timedOut, clipped, whole] = audit.calls;
    assert.match(seen[0]!, /^command timed out after \d+ milliseconds\nstarted\n$/);
    assert.equal(timedOut!.span.timed_out, true);
    assert.match(timedOut!.reason ?? "", /^timed out after \d+ ms \(Codex's command time limit, the call's timeout_ms\)/);
    assert.equal(timedOut!.span.stdout_bytes, null, "the transcript cannot show what it would have written");

    const output = cut!.output!;
    assert.equal(clipped!.span.returncode, cut!.exitCode);
    const charsCut = CHARS_CUT.test(seen[1]!);
    const kept = keptAround(seen[1]!, charsCut ? CHARS_CUT : TOKENS_CUT, charsCut ? /^Total output lines: \d+\n\n/ : /^/);
    const dropped = droppedFrom(output, kept);
    assert.ok(dropped.tailIsTheEnd, "Codex keeps the output's own tail");
    assert.equal(clipped!.span.clip_evidence?.marker, charsCut ? "codex-chars-truncated" : "codex-tokens-truncated");
    // Above the output, Codex states its line count (0.142.0 in the header above "Output:").
    const totalLines = output.split("\n").length - 1;
    assert.deepEqual(clipped!.span.clip_evidence?.groups, charsCut ? { droppedChars: dropped.chars, totalLines } : { droppedTokens: approxTokens(dropped.chars), totalLines });
    // Which budget Codex cut on: 10,000 bytes under gpt-5.5 until 0.122.0, 10,000 tokens (40,000 bytes) after.
    assert.equal(kept.head.length + kept.tail.length, version === "0.142.0" ? 40_000 : 10_000);

    assert.equal(whole!.span.returncode, 0);
    assert.equal(whole!.span.stdout_bytes, Buffer.byteLength(clean!.output!));
  });
}
