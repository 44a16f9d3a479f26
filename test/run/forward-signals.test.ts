import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { test } from "node:test";
import { forwardSignalsTo } from "../../src/run/forward-signals.js";

test("many commands at once share one listener per signal, removed when the last one ends", () => {
  const before = process.listenerCount("SIGINT");
  const stops = Array.from({ length: 20 }, (_, index) => forwardSignalsTo(1_000_000 + index));
  assert.equal(process.listenerCount("SIGINT"), before + 1);
  assert.equal(process.listenerCount("SIGHUP"), process.listenerCount("SIGTERM"));
  for (const stop of stops) stop();
  stops[0]!(); // a second call changes nothing
  assert.equal(process.listenerCount("SIGINT"), before);
});

test("a signal this process receives reaches every registered group", async () => {
  const children = [0, 1].map(() =>
    spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { detached: true, stdio: "ignore" }),
  );
  await Promise.all(children.map((child) => once(child, "spawn")));
  const stops = children.map((child) => forwardSignalsTo(child.pid!));
  const exits = children.map((child) => once(child, "exit"));
  process.emit("SIGHUP", "SIGHUP");
  const results = await Promise.all(exits);
  for (const stop of stops) stop();
  assert.deepEqual(results.map(([, signal]) => signal), ["SIGHUP", "SIGHUP"]);
});

test("SIGQUIT is forwarded like SIGINT, SIGTERM and SIGHUP", async () => {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { detached: true, stdio: "ignore" });
  await once(child, "spawn");
  const stop = forwardSignalsTo(child.pid!);
  const exit = once(child, "exit");
  process.emit("SIGQUIT", "SIGQUIT");
  const [, signal] = await exit;
  stop();
  assert.equal(signal, "SIGQUIT");
});
