// The run limit: slots taken in order, a release counted once, a wait that is cancelled leaves the queue.
import assert from "node:assert/strict";
import { test } from "node:test";
import { RunSlots } from "../../src/mcp/run-slots.js";

test("past the limit calls wait, in order; a release counts once", async () => {
  const slots = new RunSlots(2);
  const never = new AbortController().signal;
  const first = await slots.acquire(never);
  const second = await slots.acquire(never);
  const order: number[] = [];
  const third = slots.acquire(never).then((release) => (order.push(3), release));
  const fourth = slots.acquire(never).then((release) => (order.push(4), release));
  assert.equal(slots.queued, 2);
  first();
  first();
  const releaseThird = await third;
  assert.equal(slots.running, 2, "the double release freed one slot, not two");
  second();
  (await fourth)();
  releaseThird();
  assert.deepEqual(order, [3, 4]);
  assert.equal(slots.running, 0);
});

test("a wait that is cancelled rejects and never takes a slot", async () => {
  const slots = new RunSlots(1);
  const release = await slots.acquire(new AbortController().signal);
  const controller = new AbortController();
  const waiting = slots.acquire(controller.signal);
  controller.abort(new Error("cancelled"));
  await assert.rejects(waiting, /cancelled/);
  assert.equal(slots.queued, 0);
  release();
  assert.equal(slots.running, 0);
  await assert.rejects(slots.acquire(controller.signal), /cancelled/, "an aborted signal is refused at once");
});
