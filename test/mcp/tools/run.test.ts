// The `run` tool through the SDK's own Client: what the model gets of a long failing test log, what the span says,
// standard input, working folder, timeouts, binary output, progress, cancellation and the run limit.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fixturePath, sha256 } from "../../helpers/fixtures.js";
import { call, resultText, startMcp, untilChanged, type McpServer } from "../../helpers/mcp.js";
import { liveGroupMembers } from "../../helpers/process-group.js";
import { scratchPaths } from "../../helpers/scratch.js";

const fresh = scratchPaths("toolspan-mcp-run-");
const testLog = (bytes: number, exit: number): string => `${process.execPath} ${fixturePath("test-log.mjs")} ${bytes} ${exit}`;
// What a command writes on stdout, run here, whatever its exit status.
const stdoutOf = (command: string): Buffer => spawnSync("bash", ["-c", command], { stdio: ["ignore", "pipe", "ignore"] }).stdout;

let server: McpServer;
before(async () => {
  server = await startMcp();
});
after(() => server.close());

describe("a failing 68 KB test log", () => {
  test("the model gets the head and the tail, each cut marked, and the span says the same", async () => {
    const command = testLog(68_195, 1);
    const result = await call(server, "run", { command });
    const answer = result.structuredContent;
    assert.equal(result.isError, undefined);
    assert.equal(answer.returncode, 1);
    assert.deepEqual(answer.stdout.cut, [{ offset: 8000, length: 52_195 }]);
    assert.deepEqual(answer.stdout.kept.map(({ offset, length }: { offset: number; length: number }) => [offset, length]), [[0, 8000], [60_195, 8000]]);
    assert.equal(answer.stdout.stored, true);
    assert.deepEqual(answer.follow_up.map((next: { tool: string }) => next.tool), ["search_output", "read_output"]);
    assert.deepEqual(answer.follow_up[1].arguments, { span_id: answer.span_id, stream: "stdout", offset: 8000, length: 8000 });
    const text = resultText(result);
    assert.match(text, /^toolspan run: exit 1, [\d.]+ s, span [0-9a-f]{16}\.\nstdout: 68195 bytes; you got bytes 0-8000 and bytes 60195-68195 \(16000 bytes\); bytes 8000-60195 \(52195 bytes\) were cut, stored and verified by sha256\./);
    assert.match(text, /\n\[toolspan: bytes 8000-60195 of stdout \(52195 bytes\) were cut here\]\n/);
    assert.match(text, /FAILED tests\/test_answer\.py::test_answer - AssertionError: assert 41 == 42\n$/, "the tail holds the summary");

    const whole = stdoutOf(command);
    const span = server.spans().find((candidate) => candidate.span_id === answer.span_id)!;
    assert.deepEqual(span.argv, ["bash", "-c", command]);
    assert.equal(span.tool_name, "node");
    assert.equal(span.stdout_bytes, 68_195);
    assert.equal(span.stdout_stream_sha256, sha256(whole));
    const kept = Buffer.concat([whole.subarray(0, 8000), whole.subarray(60_195)]);
    assert.equal(span.stdout_kept_sha256, sha256(kept), "the span's kept hash is of exactly the bytes in the answer");
    assert.equal(answer.stdout.kept.map((piece: { text: string }) => piece.text).join(""), kept.toString("utf8"));
    assert.equal(span.harness, "mcp@0.1.0");
  });

  test("a failure in the cut part: search_output finds it, read_output of its offset returns it, both verified", async () => {
    const command = `${testLog(30_000, 1)}; seq 1 20000`;
    const run = (await call(server, "run", { command })).structuredContent;
    const whole = stdoutOf(command);
    const failed = whole.indexOf("FAILED tests/");
    assert.ok(run.stdout.cut[0].offset < failed && failed < run.stdout.cut[0].offset + run.stdout.cut[0].length, "the FAILED line lies in the cut");
    assert.doesNotMatch(run.stdout.kept.map((piece: { text: string }) => piece.text).join(""), /FAILED/);
    const found = await call(server, "search_output", { span_id: run.span_id, pattern: "^FAILED" });
    assert.equal(found.structuredContent.matches.length, 1);
    const match = found.structuredContent.matches[0];
    assert.equal(match.offset, failed);
    assert.equal(match.text, "FAILED tests/test_answer.py::test_answer - AssertionError: assert 41 == 42");
    assert.equal(found.structuredContent.stream_sha256, sha256(whole));
    const read = await call(server, "read_output", { span_id: run.span_id, offset: match.offset, length: match.bytes + 1 });
    assert.equal(read.structuredContent.text, `${match.text}\n`);
    assert.equal(read.structuredContent.offset, failed);
    assert.equal(read.structuredContent.next_offset, failed + match.bytes + 1);
  });
});

describe("standard input, working folder, ending", () => {
  test("stdin is /dev/null unless given: cat ends at once; given, the command reads exactly it", async () => {
    const empty = await call(server, "run", { command: "cat; echo end" });
    assert.equal(empty.structuredContent.stdout.kept[0].text, "end\n");
    const given = await call(server, "run", { command: "od -An -c", stdin: "héllo\n" });
    assert.equal(given.structuredContent.stdout.kept[0].text.replace(/\s+/g, " ").trim(), "h 303 251 l l o \\n");
    const both = await call(server, "run", { command: "read a; read b; echo \"$b/$a\"", stdin: "one\ntwo\n" });
    assert.equal(both.structuredContent.stdout.kept[0].text, "two/one\n");
    assert.deepEqual(readdirSafe(join(server.home, "tmp")), [], "no stdin file is left behind");
  });

  test("cwd: absolute or from the server's folder; a missing one is an error result with a span saying why", async () => {
    const dir = fresh("work");
    execFileSync("mkdir", ["-p", join(dir, "sub")]);
    assert.equal((await call(server, "run", { command: "pwd", cwd: join(dir, "sub") })).structuredContent.stdout.kept[0].text, `${join(dir, "sub")}\n`);
    const missing = await call(server, "run", { command: "pwd", cwd: join(dir, "absent") });
    assert.equal(missing.isError, true);
    assert.match(missing.structuredContent.error, /working directory cannot be used/);
    assert.match(resultText(missing), /could not start: ENOENT: working directory cannot be used/);
    assert.ok(server.spans().some((span) => span.span_id === missing.structuredContent.span_id && span.returncode === null));
  });

  test("timeout_seconds stops the whole group: SIGTERM, returncode 143, timed_out", async () => {
    const result = await call(server, "run", { command: "sleep 30 & sleep 30; wait", timeout_seconds: 0.5 });
    assert.equal(result.structuredContent.timed_out, true);
    assert.equal(result.structuredContent.returncode, 143);
    assert.match(resultText(result), /^toolspan run: exit 143, killed by SIGTERM, stopped at its timeout/);
  });

  test("binary output is handed on as base64, cut the same way", async () => {
    const result = await call(server, "run", { command: "head -c 30000 /dev/urandom" });
    const stdout = result.structuredContent.stdout;
    assert.equal(stdout.encoding, "binary");
    assert.equal(stdout.kept_encoding, "base64");
    assert.deepEqual(stdout.kept.map((piece: { text: string }) => Buffer.from(piece.text, "base64").length), [8000, 8000]);
    const span = server.spans().find((candidate) => candidate.span_id === result.structuredContent.span_id)!;
    const kept = Buffer.concat(stdout.kept.map((piece: { text: string }) => Buffer.from(piece.text, "base64")));
    assert.equal(sha256(kept), span.stdout_kept_sha256);
  });

  test("stdout and stderr share the budget: a short stderr is kept whole, each labelled", async () => {
    const result = await call(server, "run", { command: `${testLog(40_000, 2)}; echo oops >&2` });
    const { stdout, stderr } = result.structuredContent;
    assert.equal(stderr.truncated, false);
    assert.equal(stderr.kept[0].text, "oops\n");
    assert.equal(stdout.kept_bytes, 16_000 - 5);
    assert.match(resultText(result), /\n\[stdout\]\n[^]*\n\[stderr\]\noops\n$/);
  });
});

function readdirSafe(dir: string): string[] {
  return existsSync(dir) ? execFileSync("ls", ["-A", dir], { encoding: "utf8" }).split("\n").filter(Boolean) : [];
}

describe("long runs", () => {
  test("progress notifications when the client asks: rising seconds, the timeout as total", async () => {
    const seen: { progress: number; total?: number; message?: string }[] = [];
    const result = await server.client.callTool({ name: "run", arguments: { command: "sleep 2.5; echo done", timeout_seconds: 60 } }, undefined, {
      onprogress: (progress) => seen.push(progress),
    });
    assert.equal((result.structuredContent as { returncode: number }).returncode, 0);
    assert.ok(seen.length >= 2, `progress notifications: ${JSON.stringify(seen)}`);
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i]!.progress > seen[i - 1]!.progress, "progress rises");
    assert.ok(seen.every((note) => note.total === 60 && /^running for \d+ s$/.test(note.message ?? "")), JSON.stringify(seen));
  });

  test("a cancelled call stops the command's whole process group and still records the span", async () => {
    const pidFile = fresh("pid");
    const controller = new AbortController();
    // The pid is written after both forks, so once it is read the group has its three members.
    const pending = server.client.callTool(
      { name: "run", arguments: { command: `sleep 300 & sleep 300 & echo $$ > ${pidFile}; wait` } },
      undefined,
      { signal: controller.signal },
    );
    const rejected = assert.rejects(pending);
    await untilChanged(join(pidFile, ".."), () => existsSync(pidFile) && readFileSync(pidFile, "utf8").endsWith("\n"), "the command to start");
    const group = Number(readFileSync(pidFile, "utf8"));
    assert.ok(liveGroupMembers(group).length >= 3, "bash and its two sleeps run");
    controller.abort();
    await rejected;
    const runs = join(server.home, "runs", "mcp");
    const spanOf = () => server.spans().find((span) => span.argv[2]!.includes(pidFile));
    await untilChanged(runs, () => spanOf() !== undefined, "the cancelled call's span");
    const span = spanOf()!;
    assert.equal(span.signal, "SIGTERM");
    assert.equal(span.returncode, 143);
    assert.deepEqual(liveGroupMembers(group), [], "no process of the group is left running");
  });
});

describe("many calls at once", () => {
  test("20 concurrent runs under --max-runs 4: every answer its own, never more than 4 running", async () => {
    const limited = await startMcp(["--max-runs", "4"]);
    try {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => call(limited, "run", { command: `sleep 0.4; echo ${i}` })));
      results.forEach((result, i) => assert.equal(result.structuredContent.stdout.kept[0].text, `${i}\n`));
      const spans = limited.spans();
      assert.equal(new Set(spans.map((span) => span.span_id)).size, 20);
      const edges = spans.flatMap((span) => {
        const start = Date.parse(span.started_at);
        return [{ at: start, step: 1 }, { at: start + span.duration_ms - 2, step: -1 }];
      });
      edges.sort((a, b) => a.at - b.at || a.step - b.step);
      let running = 0;
      let most = 0;
      for (const edge of edges) most = Math.max(most, (running += edge.step));
      assert.ok(most <= 4, `at most 4 at once, saw ${most}`);
      assert.ok(most >= 2, `runs overlapped (${most} at once)`);
    } finally {
      await limited.close();
    }
  });
});
