import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { test } from "node:test";
import { PausedPipes } from "../../src/run/quiet-timer.js";
import { drainStreams, type Sink } from "../../src/run/stream-drain.js";
import { nodeFixture, patternBytes } from "../helpers/fixtures.js";

const OUT = "abcdefghijklmnopqrstuvwxyz\n"; // emit.mjs's default stdout pattern

/** A sink that keeps what it is given; `seen(pattern)` resolves once what it kept matches. */
function collect() {
  const parts: Buffer[] = [];
  const waiting: [RegExp, () => void][] = [];
  const bytes = () => Buffer.concat(parts);
  const sink = (chunk: Buffer): void => {
    parts.push(chunk);
    for (const [pattern, resolve] of waiting) if (pattern.test(String(bytes()))) resolve();
  };
  const seen = (pattern: RegExp) =>
    new Promise<void>((resolve) => (pattern.test(String(bytes())) ? resolve() : waiting.push([pattern, resolve])));
  return { sink, bytes, seen };
}

/** A sink that holds the first chunk until `release` is called: `holding` resolves when it starts to. */
function holdFirst(then: Sink = () => {}) {
  let release: () => void = () => {};
  let holding: () => void = () => {};
  let first = true;
  const started = new Promise<void>((resolve) => (holding = resolve));
  const sink: Sink = (chunk) => {
    if (!first) return then(chunk);
    first = false;
    then(chunk);
    holding();
    return new Promise<void>((resolve) => (release = resolve));
  };
  return { sink, holding: started, release: () => release() };
}

/** Runs a fixture with both pipes drained into the given sinks. */
function drained(argv: string[], sinks: { stdout: Sink; stderr: Sink }, paused = new PausedPipes()) {
  const [command, ...args] = argv;
  const child = spawn(command!, args, { stdio: ["ignore", "pipe", "pipe"] });
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  let chunks = 0;
  const drain = drainStreams({ stdout: child.stdout, stderr: child.stderr }, sinks, paused, () => chunks++);
  return { child, exited, drain, chunks: () => chunks };
}

// A real round trip through another process: time enough for an unpaused pipe to deliver many more chunks.
const anotherProcess = () => once(spawn(process.execPath, ["-e", ""], { stdio: "ignore" }), "exit");

/** Kills the descendant whose pid held-open.mjs printed as "pid N". */
const killLeftover = (stderr: Buffer): void => void process.kill(Number(/pid (\d+)/.exec(String(stderr))![1]), "SIGKILL");

test("reads both pipes to the end, each into its sink, and settles as not stalled", async () => {
  const out = collect();
  const err = collect();
  const run = drained(nodeFixture("emit.mjs", "--out", "300000", "--err", "7000"), { stdout: out.sink, stderr: err.sink });
  await run.exited;
  assert.equal(await run.drain.settle(10_000), false);
  assert.deepEqual(out.bytes(), patternBytes(300_000, OUT));
  assert.deepEqual(err.bytes(), patternBytes(7_000, "EFGHIJ!\n"));
  assert.ok(run.chunks() >= 2, `onChunk ran for every chunk (${run.chunks()})`);
});

test("a sink's promise pauses its pipe until it settles, and the pause is counted", async () => {
  const out = collect();
  const paused = new PausedPipes();
  const stdout = holdFirst(out.sink);
  const run = drained(nodeFixture("emit.mjs", "--out", "2000000", "--chunk", "1000"), { stdout: stdout.sink, stderr: () => {} }, paused);
  await stdout.holding;
  assert.equal(paused.held, true);
  const before = out.bytes().length;
  await anotherProcess();
  assert.equal(out.bytes().length, before, "no chunk came while the sink held the pipe");
  stdout.release();
  await run.exited;
  assert.equal(await run.drain.settle(10_000), false);
  assert.equal(paused.held, false);
  assert.deepEqual(out.bytes(), patternBytes(2_000_000, OUT));
});

test("a descendant holding the pipes open: after the grace, stalled, the pipes closed, what was read kept", async () => {
  const out = collect();
  const err = collect();
  const run = drained(nodeFixture("held-open.mjs", "60"), { stdout: out.sink, stderr: err.sink });
  await run.exited;
  const stalled = await run.drain.settle(200);
  killLeftover(err.bytes());
  assert.equal(stalled, true);
  assert.equal(run.child.stdout.destroyed && run.child.stderr.destroyed, true);
  assert.equal(String(out.bytes()), "started\n");
});

test("the stall grace does not count time a pipe is paused for its sink", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const err = collect();
  const stdout = holdFirst();
  const run = drained(nodeFixture("held-open.mjs", "60"), { stdout: stdout.sink, stderr: err.sink });
  // "started" and "pid N" were written before the exit: once both are read, only the descendant holds the pipes.
  await Promise.all([run.exited, stdout.holding, err.seen(/pid \d+\n/)]);
  t.after(() => killLeftover(err.bytes()));
  let stalled: boolean | null = null;
  void run.drain.settle(100).then((value) => (stalled = value));
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  t.mock.timers.tick(10_000);
  await turn();
  assert.equal(stalled, null, "held by the sink: not a stall yet");
  stdout.release();
  await turn();
  t.mock.timers.tick(99);
  await turn();
  assert.equal(stalled, null);
  t.mock.timers.tick(1);
  await turn();
  assert.equal(stalled, true);
});

test("destroy closes one pipe: a writer to it gets EPIPE, and the drain settles with the other", async () => {
  const run = drained(nodeFixture("forever.mjs"), { stdout: () => run.drain.destroy("stdout"), stderr: () => {} });
  const [code] = await run.exited;
  assert.equal(code, 0, "forever.mjs exits 0 on EPIPE");
  assert.equal(await run.drain.settle(10_000), false);
});
