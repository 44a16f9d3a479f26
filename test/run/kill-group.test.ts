import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { test } from "node:test";
import { killGroup, terminateGroup } from "../../src/run/kill-group.js";

/** Starts `sh -c SCRIPT` as the leader of its own group; resolves once it printed "ready". `closed` resolves when
 * every process holding its stdout (the leader and any child it left) has gone. */
async function startGroup(script: string) {
  const child = spawn("sh", ["-c", script], { detached: true, stdio: ["ignore", "pipe", "ignore"] });
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  const closed = once(child.stdout, "close");
  let seen = "";
  await new Promise<void>((resolve) => {
    child.stdout.on("data", (chunk: Buffer) => {
      seen += String(chunk);
      if (seen.includes("ready")) resolve();
    });
  });
  return { pid: child.pid!, exited, closed };
}

test("killGroup signals every process of the group, the leader's children included", { timeout: 10_000 }, async () => {
  // The background sleep holds stdout: the pipe closes only if it was signalled too, not just the leader.
  const group = await startGroup("sleep 30 & echo ready; wait");
  killGroup(group.pid, "SIGTERM");
  const [, signal] = await group.exited;
  assert.equal(signal, "SIGTERM");
  await group.closed;
});

test("killGroup on a group that is gone is not an error", async () => {
  const group = await startGroup("echo ready");
  await group.exited;
  await group.closed;
  assert.doesNotThrow(() => killGroup(group.pid, "SIGTERM"));
});

test("terminateGroup sends SIGKILL after the grace when SIGTERM is ignored", async () => {
  const group = await startGroup("trap '' TERM; echo ready; while :; do sleep 1; done");
  terminateGroup(group.pid, 100);
  const [, signal] = await group.exited;
  assert.equal(signal, "SIGKILL");
});
