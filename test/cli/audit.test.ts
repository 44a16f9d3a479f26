import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { test } from "node:test";
import { runCli } from "../helpers/cli.js";
import { scratchPaths, stdoutText } from "../helpers/scratch.js";
import { transcriptPath } from "../helpers/transcripts.js";

const fresh = scratchPaths("toolspan-audit-cli-");
const cwdWithoutConfig = (): string => {
  const dir = fresh("cwd");
  mkdirSync(dir);
  return dir;
};

const CLEAN = transcriptPath("codex/rollout-2026-01-02T18-39-45-019b7f94-51b4-7593-922e-ba12b5b73b52.jsonl");
const CLIPPED = transcriptPath("codex/rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl");

test("exit 0 when nothing was clipped, with a summary", async () => {
  const result = await runCli(["audit", CLEAN]);
  assert.equal(result.code, 0, result.stderr.toString());
  assert.match(result.stdout.toString(), /\(codex 0\.77\.0\): 3 calls, 0 clipped, 0 unverifiable/);
  assert.match(result.stdout.toString(), /0 clipped \(0 followed by a claim of success\), 0 unverifiable, in 3 calls of 1 transcript\n$/);
});

test("exit 1 with each clipped call, its evidence and its first action", async () => {
  const result = await runCli(["audit", CLIPPED]);
  assert.equal(result.code, 1);
  const text = result.stdout.toString();
  assert.match(text, /line 58 exec_command "rg -n -i/);
  assert.match(text, /clipped: Codex CLI 0\.128\.0-alpha\.1 marker codex-tokens-truncated .*droppedTokens 261632/);
  assert.match(text, /first action: re-run the tool with the cap removed \(row stdout-clipped/);
});

test("--format jsonl: one object per finding, the claim of success first", async () => {
  const result = await runCli(["audit", "--format", "jsonl", transcriptPath("synthetic/codex-markers.jsonl")]);
  assert.equal(result.code, 1);
  const records = result.stdout.toString().trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
  const findings = records.filter((record) => record.type === "finding");
  assert.equal(findings.length, 7);
  assert.equal(findings[0]!.declared_success, true);
  assert.equal(findings[0]!.first_action, "fetch the tail hash, re-run the tests");
  assert.equal(records.filter((record) => record.type === "skipped").length, 4);
});

test("exit 2 for an unrecognised file, naming it and the reason; the other files are still audited", async () => {
  const result = await runCli(["audit", transcriptPath("synthetic/codex-no-payload.jsonl"), CLEAN]);
  assert.equal(result.code, 2);
  assert.match(result.stderr.toString(), /codex-no-payload\.jsonl: not a Codex rollout: line 1 has no payload/);
  assert.match(result.stdout.toString(), /3 calls, 0 clipped/);
  const missing = await runCli(["audit", "no-such-transcript.jsonl"]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr.toString(), /cannot read no-such-transcript\.jsonl: ENOENT/);
});

test("a binary file: the reason quotes it escaped, so nothing of it reaches the terminal raw", async () => {
  const binary = fresh("binary");
  writeFileSync(binary, Buffer.from("\x7fELF\x02\x01\x01\x00\x1b[2J\x1b]0;owned\x07\r\x9bA", "latin1"));
  const result = await runCli(["audit", binary]);
  assert.equal(result.code, 2);
  const stderr = result.stderr.toString("latin1");
  assert.match(stderr, /not a recognised transcript/);
  assert.doesNotMatch(stderr.slice(0, -1), /[\x00-\x1f\x7f-\x9f]/, "no control byte but the last newline");
  assert.match(stderr, /\\u007fELF/);
});

test("--out writes a span per call that lint accepts, clipped ones included; triage lists the clipped ones", async () => {
  const clean = fresh("clean.jsonl");
  assert.equal((await runCli(["audit", "--out", clean, CLEAN, transcriptPath("mini_swe_agent/github_issue.traj.json")])).code, 0);
  assert.equal(readFileSync(clean, "utf8").trim().split("\n").length, 13);
  const lintClean = await runCli(["lint", "--rule", "mixed-runs=off", clean]);
  assert.equal(lintClean.code, 0, lintClean.stdout.toString());
  const clipped = fresh("clipped.jsonl");
  await runCli(["audit", "--out", clipped, CLIPPED]);
  const lint = await runCli(["lint", "--max-warnings", "0", clipped]);
  assert.equal(lint.code, 0, `unknown byte counts and caps are not errors: ${lint.stdout.toString()}`);
  const triage = await runCli(["triage", "--format", "jsonl", clipped]);
  assert.equal(triage.code, 1);
  const lines = triage.stdout.toString().trim().split("\n").map((line) => (JSON.parse(line) as { line: number }).line);
  assert.deepEqual([...new Set(lines)].sort((a, b) => a - b), [14, 17, 20], "the three clipped calls need action");
});

test("usage: no file is a usage error; --help teaches the formats and the exit statuses", async () => {
  assert.equal((await runCli(["audit"])).code, 2);
  const help = await runCli(["audit", "--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout.toString(), /Codex CLI +~\/\.codex\/sessions/);
  assert.match(help.stdout.toString(), /Exit status: 0 no clipped or unverifiable result, 1 at least one, 2 usage/);
});

test("--out: the spans' previews are redacted as wrap's, and preview_redactions counts the secrets", async () => {
  const secrets = "AWS_ACCESS_KEY_ID=AKIAUJZDE8GXD6NCF10E\nGITHUB_TOKEN=ghp_sMehGAkWvj7FAc9QeWJKY40uvSwMFLZDe1f8\n";
  const lines = readFileSync(transcriptPath("synthetic/codex-markers.jsonl"), "utf8").trimEnd().split("\n");
  const withSecrets = lines.map((line) => {
    let record: { payload?: { type?: string; output?: string } };
    try {
      record = JSON.parse(line) as typeof record;
    } catch {
      return line; // the fixture's deliberately broken lines stay as they are
    }
    if (record.payload?.type === "function_call_output") record.payload.output = `${secrets}${record.payload.output ?? ""}`;
    return JSON.stringify(record);
  });
  const transcript = fresh("secrets.jsonl");
  writeFileSync(transcript, `${withSecrets.join("\n")}\n`);
  const out = fresh("spans.jsonl");
  const result = await runCli(["audit", "--out", out, transcript], { cwd: cwdWithoutConfig() });
  assert.equal(result.code, 1, result.stderr.toString());
  const written = readFileSync(out, "utf8");
  assert.doesNotMatch(written, /AKIAUJZDE8GXD6NCF10E|ghp_sMehGAkWvj7FAc9QeWJKY40uvSwMFLZDe1f8/);
  const spans = written.trim().split("\n").map((line) => JSON.parse(line) as { preview_stdout: string; preview_redactions: number; redaction: string });
  // Eight calls; one has no output (its result is on a line the fixture breaks on purpose).
  assert.equal(spans.length, 8);
  const withOutput = spans.filter((span) => span.preview_stdout !== "");
  assert.equal(withOutput.length, 7);
  for (const span of withOutput) {
    assert.match(span.preview_stdout, /^AWS_ACCESS_KEY_ID=\[REDACTED:aws-access-key-id\]\nGITHUB_TOKEN=\[REDACTED:[a-z-]+\]\n/);
    assert.equal(span.preview_redactions, 2);
    assert.equal(span.redaction, "on");
  }
  assert.doesNotMatch(result.stdout.toString(), /AKIAUJZDE8GXD6NCF10E|ghp_sMeh/);
});

test("a Qwen Code session beside a Codex rollout: exit 2, refused by name, the rollout still audited", async () => {
  const result = await runCli(["audit", transcriptPath("unsupported/qwen-code.jsonl"), CLEAN]);
  assert.equal(result.code, 2);
  assert.match(result.stderr.toString(), /^toolspan: \S+qwen-code\.jsonl: looks like Qwen Code \(~\/\.qwen\/projects\/<project>\/chats\/<session>\.jsonl\): not supported\n$/);
  assert.match(result.stdout.toString(), /\(codex 0\.77\.0\): 3 calls, 0 clipped/);
  assert.match(result.stdout.toString(), /in 3 calls of 1 transcript\n$/, "the summary counts what was read");
});

test("every file refused: exit 2, the reasons on stderr, and no summary of nothing that reads as a clean audit", async () => {
  const result = await runCli(["audit", transcriptPath("unsupported/qwen-code.jsonl")]);
  assert.equal(result.code, 2);
  assert.match(result.stderr.toString(), /looks like Qwen Code/);
  assert.equal(result.stdout.toString(), "");
});

test("a clip whose marker states its limit in characters says so where the bytes are unknown (SWE-agent 1.0.1's layout)", async () => {
  // 1.0.1 keeps the observation already cut in the trajectory too: both copies hold the note, and no exact figure.
  const traj = JSON.parse(readFileSync(transcriptPath("synthetic/swe-agent-clipped.traj"), "utf8")) as { trajectory: { observation: string }[]; history: { role: string; content: unknown }[] };
  const kept = traj.history.find((message) => message.role === "tool")!.content as string;
  traj.trajectory[0]!.observation = kept.replace(/^Observation: /, "");
  const file = fresh("cut-in-both.traj");
  writeFileSync(file, JSON.stringify(traj));
  const text = stdoutText(await runCli(["audit", file]));
  assert.match(text, /marker swe-agent-clipped-note .*capChars 1000/);
  assert.match(text, /\n    stdout: unknown bytes written, cap unknown in bytes \(the marker's: 1000 characters\)\n/);
});

test("a result cut by the cap and killed at the time limit says both, and triage says how long it ran", async () => {
  const rollout = [
    { type: "session_meta", payload: { id: "s", cwd: "/w", cli_version: "0.119.0" } },
    { type: "response_item", payload: { type: "function_call", name: "shell_command", arguments: JSON.stringify({ command: "find /", timeout_ms: 10000 }), call_id: "a" } },
    {
      type: "response_item",
      payload: { type: "function_call_output", call_id: "a", output: "Exit code: 124\nWall time: 10.2 seconds\nTotal output lines: 2482\nOutput:\ncommand timed out after 10180 milliseconds\n/a\n…64995 tokens truncated…\n/z\n" },
    },
  ];
  const file = fresh("rollout.jsonl");
  writeFileSync(file, `${rollout.map((line) => JSON.stringify({ timestamp: "t", ...line })).join("\n")}\n`);
  const out = fresh("spans.jsonl");
  const text = stdoutText(await runCli(["audit", "--out", out, file]));
  assert.match(text, /\n    clipped: Codex CLI 0\.119\.0 marker codex-tokens-truncated .*droppedTokens 64995, totalLines 2482\n    also unverifiable: timed out after 10180 ms \(Codex's command time limit/);
  assert.match(stdoutText(await runCli(["triage", out])), /timed out after 10\.2 s, returncode 124/);
});

test("a marker that names the head and tail it kept states the cap in characters (Gemini CLI 0.61.0 in the lab)", async () => {
  const text = stdoutText(await runCli(["audit", transcriptPath("lab/gemini/lab-0.61.0.jsonl")]));
  assert.match(text, /: headChars 8000, tailChars 32000, droppedChars 30086\n    stdout: unknown bytes written, cap unknown in bytes \(the marker's: 40000 characters\)\n/);
});

test("Codex's header states the whole in tokens: the cap is what it kept, in tokens (the real 0.128 rollout)", async () => {
  const text = stdoutText(await runCli(["audit", transcriptPath("codex/rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl")]));
  assert.match(text, /: totalLines 734, droppedTokens 166, originalTokens 10166\n    stdout: unknown bytes written, cap unknown in bytes \(10000 tokens: the whole less the dropped\)\n/);
});

test("a persisted output's rounded size is said beside the unknown byte count (Claude Code 2.1.7)", async () => {
  const text = stdoutText(await runCli(["audit", transcriptPath("claude_code/agent-a485154.jsonl")]));
  assert.match(text, /: persistedSize 126\.7KB\n    stdout: unknown bytes written \(the marker's: 126\.7KB, rounded\), cap 1910\n/);
});

test("--redact-argv: secrets on the recorded command lines are replaced everywhere, and rerun refuses such a span", async () => {
  const token = `ghp_${"a1B2c3D4e5".repeat(4)}`;
  const rollout = [
    { type: "session_meta", payload: { id: "s", cwd: "/w", cli_version: "0.142.0" } },
    { type: "response_item", payload: { type: "function_call", name: "shell_command", arguments: JSON.stringify({ command: `deploy --token hunter2 && curl -H "Authorization: token ${token}" x` }), call_id: "a" } },
    { type: "response_item", payload: { type: "function_call_output", call_id: "a", output: "Exit code: 0\nWall time: 0 seconds\nOutput:\nok\n" } },
    { type: "response_item", payload: { type: "function_call", name: "shell", arguments: JSON.stringify({ command: ["mysql", "-u", "root", "-psecretpw"] }), call_id: "b" } },
    { type: "response_item", payload: { type: "function_call_output", call_id: "b", output: "{\"output\":\"…9 chars truncated…\",\"metadata\":{\"exit_code\":1}}" } },
    { type: "response_item", payload: { type: "function_call", name: "shell_command", arguments: JSON.stringify({ command: "ls" }), call_id: "c" } },
    { type: "response_item", payload: { type: "function_call_output", call_id: "c", output: "Exit code: 0\nWall time: 0 seconds\nOutput:\na\n" } },
  ];
  const file = fresh("secrets.jsonl");
  writeFileSync(file, `${rollout.map((line) => JSON.stringify({ timestamp: "t", ...line })).join("\n")}\n`);
  const out = fresh("redacted.jsonl");
  const cwd = cwdWithoutConfig();
  const results = [await runCli(["audit", "--redact-argv", "--out", out, file], { cwd }), await runCli(["audit", "--redact-argv", "--format", "jsonl", file], { cwd })];
  const written = readFileSync(out, "utf8");
  for (const text of [written, ...results.map((result) => result.stdout.toString())]) {
    assert.doesNotMatch(text, /hunter2|secretpw|ghp_a1B2/);
  }
  const spans = written.trimEnd().split("\n").map((line) => JSON.parse(line) as { argv?: string[]; argv_redactions: number; source: { command?: string } });
  assert.deepEqual(spans.map((span) => span.argv_redactions), [2, 1, 0]);
  assert.equal(spans[0]!.source.command, 'deploy --token [REDACTED:password-flag] && curl -H "Authorization: [REDACTED:authorization-header]" x');
  assert.deepEqual(spans[1]!.argv?.slice(0, 3), ["mysql", "-u", "root"]);
  assert.equal((await runCli(["lint", out], { cwd })).code, 0);
  const refused = await runCli(["rerun", "--yes", `${out}:2`], { cwd });
  assert.equal(refused.code, 2);
  assert.match(refused.stderr.toString(), /argv_redactions/);
  // Without the flag the command is what ran, so a rerun can run it again.
  const plain = fresh("plain.jsonl");
  await runCli(["audit", "--out", plain, file], { cwd });
  assert.match(readFileSync(plain, "utf8"), /--token hunter2/);
});
