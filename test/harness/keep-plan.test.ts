import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { planKeep } from "../../src/harness/keep-plan.js";

test("property: what is kept of both streams fits the budget, and nothing is clipped when both fit", () => {
  fc.assert(
    fc.property(fc.nat(50_000), fc.nat(100_000), fc.nat(100_000), (budget, stdout, stderr) => {
      const plan = planKeep(budget, { stdout, stderr });
      const kept = Math.min(stdout, plan.stdout.cap) + Math.min(stderr, plan.stderr.cap);
      assert.ok(kept <= budget, `kept ${kept} of a budget of ${budget}`);
      assert.ok(plan.stdout.cap >= 0 && plan.stderr.cap >= 0);
      if (stdout + stderr <= budget) assert.ok(stdout <= plan.stdout.cap && stderr <= plan.stderr.cap, "nothing clipped");
      else assert.equal(kept, budget, "a clipped call uses the whole budget");
      // A short stream is never clipped to make room for a long one.
      if (stderr <= budget / 2) assert.ok(stderr <= plan.stderr.cap);
      if (stdout <= budget / 2) assert.ok(stdout <= plan.stdout.cap);
    }),
    { numRuns: 2000 },
  );
});

test("a clipped stream keeps its head and its tail", () => {
  const plan = planKeep(1000, { stdout: 5000, stderr: 100 });
  assert.deepEqual(plan, { stdout: { cap: 900, keep: "head+tail" }, stderr: { cap: 100, keep: "head+tail" } });
  assert.deepEqual(planKeep(1000, { stdout: 5000, stderr: 5000 }).stdout, { cap: 500, keep: "head+tail" });
});
