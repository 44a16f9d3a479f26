// A transcript's spans are first-class: `audit --out` spans pass lint, `triage` gives each the first action
// `audit` printed, and a shell command line is rerun as `bash -c` with the same consent as any argv.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { auditTranscript } from "../../src/audit/audit-transcript.js";
import { TRANSCRIPT_SHELLS, isTranscriptSpan, spanArgv } from "../../src/contract/transcript-span.js";
import { triageFile } from "../../src/triage/triage-file.js";
import { FAILED_LINE, pytestLog } from "../e2e/lab/pytest-log.js";
import { runCli } from "../helpers/cli.js";
import { scratchPaths, stderrText, stdoutText } from "../helpers/scratch.js";
import { transcriptPath } from "../helpers/transcripts.js";

const fresh = scratchPaths("toolspan-transcript-spans-");

// Every transcript fixture audit reads (the unsupported ones and the one that is no transcript aside); an OpenHands
// V1 conversation is its directory, its event files alone are refused.
function transcripts(dir = transcriptPath("")): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "unsupported" || name === "LICENSES" ? [] : name === "events" ? [dir] : transcripts(path);
    return /\.(jsonl|json|traj)$/.test(name) && !["not-a-transcript.json", "codex-no-payload.jsonl", "swe-agent-no-history.traj"].includes(name) && !name.endsWith(".model-saw.json") ? [path] : [];
  });
}

test("every fixture's --out spans: lint finds no error in them, and triage's first row is audit's first action", async () => {
  const files = transcripts();
  assert.ok(files.length >= 25, `the fixtures are found (${files.length})`);
  let findings = 0;
  let unverifiable = 0;
  for (const file of files) {
    const audit = await auditTranscript(file);
    const out = fresh("spans.jsonl");
    writeFileSync(out, audit.calls.map((call) => `${JSON.stringify(call.span)}\n`).join(""));
    const lint = await runCli(["lint", "--format", "jsonl", out]);
    const errors = stdoutText(lint).split("\n").filter((line) => line.includes('"severity":"error"'));
    assert.deepEqual(errors, [], `${file}: no lint error`);
    const triaged = await triageFile(out);
    const rowOf = new Map(triaged.spans.map((span) => [span.spanId, span.matches[0]!.row.id]));
    for (const call of audit.findings) {
      findings++;
      assert.equal(rowOf.get(call.span.span_id) ?? null, call.firstAction?.row ?? null, `${file} ${call.span.span_id}: the same first action`);
      if (call.verdict !== "unverifiable") continue;
      unverifiable++;
      // The transcript cannot show the result: no figure may read as a command that printed nothing.
      assert.ok(["unverifiable-result", "timed-out"].includes(call.firstAction?.row ?? ""), `${file} ${call.span.span_id}: an unverifiable result has a first action (${call.firstAction?.row})`);
      assert.equal(call.span.source.unverifiable, call.reason);
      assert.equal(call.span.stdout_bytes, null);
    }
  }
  assert.ok(findings >= 20, `findings were compared (${findings})`);
  assert.ok(unverifiable >= 15, `unverifiable findings were compared (${unverifiable})`);
});

test("sizes a transcript states wrongly (negative, past 2^53, a string) become unknowns, never a span lint refuses", async () => {
  const lab = readFileSync(transcriptPath("lab/claude_code/lab-2.1.332.jsonl"), "utf8");
  for (const wrong of ["-1", "1e308", "9007199254740993", '"68195"', "1.5"]) {
    const transcript = fresh("session.jsonl");
    writeFileSync(transcript, lab.replace(/"(persistedOutputSize|numLines|totalLines)":\d+/g, `"$1":${wrong}`));
    const audit = await auditTranscript(transcript);
    const out = fresh("spans.jsonl");
    writeFileSync(out, audit.calls.map((call) => `${JSON.stringify(call.span)}\n`).join(""));
    const lint = await runCli(["lint", "--format", "jsonl", out]);
    assert.equal(stdoutText(lint), "", `${wrong}: no lint finding`);
    const persisted = audit.calls.find((call) => call.span.source.command === "cat pytest.log")!;
    assert.equal(persisted.span.stdout_bytes, null, `${wrong}: the size is unknown`);
  }
});

test("a transcript span runs its command line with the shell the harness used; nothing else is made an argv", () => {
  const source = { format: "claude-code", file: "t.jsonl", line: 3, index: null, call_id: "x", harness_version: null, transcript_sha256: "0".repeat(64) };
  assert.deepEqual(spanArgv({ source: { ...source, command: "npm test | tail", shell: "bash" } }), ["bash", "-c", "npm test | tail"]);
  assert.equal(spanArgv({ source: { ...source, command: "npm test" } }), null, "no shell named: not run");
  assert.equal(spanArgv({ source: { ...source, command: "npm test", shell: "/tmp/evil" } }), null, "a shell not in the list is not run");
  assert.equal(spanArgv({ source: { format: "x", command: "ls", shell: "bash" } }), null, "no transcript hash: not a transcript span");
  assert.deepEqual(spanArgv({ argv: ["ls", "-l"], source: { ...source, command: "rm -rf /", shell: "bash" } }), ["ls", "-l"], "a recorded argv wins");
  assert.ok(isTranscriptSpan({ source }));
  assert.ok(TRANSCRIPT_SHELLS.includes("bash"));
});

test("the unknowns are accepted only on a transcript span: the same figures in a wrap span are still errors", async () => {
  const base = { span_type: "tool", tool_name: "x", cwd: "/", returncode: 1, stdout_bytes: null, stderr_bytes: 0, stdout_cap: null, stderr_cap: null, stdout_truncated: true, stderr_truncated: false, stdout_sha256: null, stderr_sha256: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", stdout_head_sha256: null, stdout_tail_sha256: null, preview_stdout: "", preview_stderr: "", encoding: "utf-8", ok_preview: false };
  const source = { format: "claude-code", file: "t.jsonl", line: 3, index: null, call_id: "x", harness_version: null, transcript_sha256: "0".repeat(64) };
  const run = fresh("mixed.jsonl");
  writeFileSync(run, `${JSON.stringify(base)}\n${JSON.stringify({ ...base, source, clip_evidence: null })}\n`);
  const lint = await runCli(["lint", "--format", "jsonl", run]);
  const found = stdoutText(lint).trim().split("\n").map((line) => JSON.parse(line) as { line: number; rule: string });
  assert.deepEqual([...new Set(found.filter((f) => f.line === 1).map((f) => f.rule))].sort(), ["clipped-without-partial-hashes", "flag-under-cap", "invalid-type"]);
  assert.deepEqual(found.filter((f) => f.line === 2), [], "the transcript span has none");
});

test("rerun of a Claude Code Bash span: the same consent, then bash -c runs it and every byte is shown", async () => {
  const transcript = transcriptPath("lab/claude_code/lab-2.1.332.jsonl");
  const audit = await auditTranscript(transcript);
  const clipped = audit.findings.find((call) => call.span.source.command === "cat short.log; exit 1")!;
  assert.ok(clipped, "the lab transcript has the call");
  const dir = fresh("cwd");
  await runCli(["wrap", "--json", "--", "mkdir", dir]);
  writeFileSync(join(dir, "short.log"), `${"x".repeat(20_000)}\nFAILED test_tail\n`);
  const run = fresh("run.jsonl");
  writeFileSync(run, `${JSON.stringify({ ...clipped.span, cwd: dir })}\n`);
  const refused = await runCli(["rerun", `${run}:1`]);
  assert.equal(refused.code, 2, "no --yes and no terminal: nothing runs");
  assert.match(stderrText(refused), /argv +\["bash","-c","cat short\.log; exit 1"\]/);
  assert.match(stderrText(refused), /not confirmed/);
  const ran = await runCli(["rerun", "--yes", `${run}:1`]);
  assert.match(stderrText(ran), /the transcript kept a command line, not an argv/);
  const text = stdoutText(ran);
  assert.match(text, /verdict: unverifiable/);
  assert.match(text, /returncode 1 \(was 1\)/);
  assert.match(text, /which bytes the model saw is unknown; the whole stream:/);
  assert.match(text, /FAILED test_tail/);
});

test("rerun of a Claude Code persisted result: the span states the preview's head, so the bytes past it are shown", async () => {
  const audit = await auditTranscript(transcriptPath("lab/claude_code/lab-2.1.332.jsonl"));
  const persisted = audit.findings.find((call) => call.span.clip_evidence?.marker === "claude-code-output-too-large")!;
  const dir = fresh("persisted");
  await runCli(["wrap", "--json", "--", "mkdir", dir]);
  writeFileSync(join(dir, "pytest.log"), pytestLog(68_195));
  const run = fresh("persisted.jsonl");
  writeFileSync(run, `${JSON.stringify({ ...persisted.span, cwd: dir })}\n`);
  const text = stdoutText(await runCli(["rerun", "--yes", `${run}:1`]));
  assert.match(text, /stdout: the model saw 1942 of 68195 bytes \(head, cap 1942\); it never saw:\n----- stdout bytes 1942\.\.68195 /);
  assert.ok(text.includes(FAILED_LINE), "the FAILED line is among what the model never saw");
});

// The span audit wrote for Claude Code's call with no result, with a cwd that exists here. The transcript's own
// command needs a Makefile; the figures under test are the span's, whatever it runs.
async function lostCallRun(): Promise<string> {
  const audit = await auditTranscript(transcriptPath("synthetic/claude-code-markers.jsonl"));
  const lost = audit.findings.find((call) => call.span.source.command === "make build")!;
  assert.match(lost.reason ?? "", /^no result in the transcript/);
  const dir = fresh("lost");
  await runCli(["wrap", "--json", "--", "mkdir", dir]);
  writeFileSync(join(dir, "build.log"), `${"ok\n".repeat(5000)}error: the link failed\n`);
  const run = fresh("lost.jsonl");
  writeFileSync(run, `${JSON.stringify({ ...lost.span, cwd: dir, source: { ...lost.span.source, command: "cat build.log; exit 2" } })}\n`);
  return run;
}

test("rerun of a call with no result: its unknown figures prove nothing, and every byte it writes now is shown", async () => {
  const run = await lostCallRun();
  const triaged = stdoutText(await runCli(["triage", run]));
  assert.match(triaged, /unverifiable-result\n +observed: +unverifiable: no result in the transcript/);
  const ran = await runCli(["rerun", "--yes", `${run}:1`]);
  const text = stdoutText(ran);
  assert.match(text, /verdict: unverifiable/);
  assert.match(text, /stdout: the transcript cannot show the result the model got \(source\.unverifiable/);
  assert.ok(text.includes("error: the link failed"), "the end of what it writes is shown");
  const json = JSON.parse(stdoutText(await runCli(["rerun", "--yes", "--format", "json", `${run}:1`]))) as { unseen: { stream: string; result_unknown: boolean; cap_unknown: boolean }[] };
  assert.deepEqual(json.unseen.map((u) => [u.stream, u.result_unknown, u.cap_unknown]), [["stdout", true, false], ["stderr", true, false]]);
});

test("debug reruns a call with no result as it reruns a clip: audit, triage and debug end in one next step", async () => {
  const run = await lostCallRun();
  const result = await runCli(["debug", "--yes", run]);
  const text = stdoutText(result);
  assert.equal(result.code, 1, stderrText(result));
  assert.match(text, /\nincomplete spans: 0 clipped, 1 unverifiable \(the transcript cannot show the result\)\n/);
  assert.ok(text.includes("error: the link failed"), "what the command writes now is shown");
  assert.match(text, /rerun [^:]+: unverifiable; returncode 2 \(was not recorded\)/);
  assert.match(text, /\nnext: line 1 has no hash to check the rerun against/);
});
