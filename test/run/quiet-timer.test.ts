import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";
import fc from "fast-check";
import { PausedPipes, quietTimer } from "../../src/run/quiet-timer.js";

// The timers are the test's own clock: each test moves it with tick, so nothing waits on real time.
function start(t: TestContext, ms = 100) {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const paused = new PausedPipes();
  let fired = 0;
  const timer = quietTimer(ms, () => fired++, paused);
  return { paused, timer, fired: () => fired, tick: (by: number) => t.mock.timers.tick(by) };
}

test("fires once, after the time with no touch", (t) => {
  const { fired, tick } = start(t);
  tick(99);
  assert.equal(fired(), 0);
  tick(1);
  assert.equal(fired(), 1);
  tick(10_000);
  assert.equal(fired(), 1);
});

test("a touch starts the count again", (t) => {
  const { timer, fired, tick } = start(t);
  tick(60);
  timer.touch();
  tick(60);
  assert.equal(fired(), 0);
  tick(40);
  assert.equal(fired(), 1);
});

test("time with a pipe paused does not count; the count starts again when the pause ends", (t) => {
  const { paused, fired, tick } = start(t);
  tick(50);
  paused.pause();
  tick(10_000);
  assert.equal(fired(), 0);
  paused.resume();
  tick(99);
  assert.equal(fired(), 0);
  tick(1);
  assert.equal(fired(), 1);
});

test("with two pipes paused, it holds until the second resumes; a touch meanwhile does not arm it", (t) => {
  const { paused, timer, fired, tick } = start(t);
  paused.pause();
  paused.pause();
  paused.resume();
  timer.touch();
  tick(500);
  assert.equal(fired(), 0);
  paused.resume();
  tick(100);
  assert.equal(fired(), 1);
});

test("started while a pipe is paused, it waits for the resume", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const paused = new PausedPipes();
  paused.pause();
  let fired = 0;
  quietTimer(100, () => fired++, paused);
  t.mock.timers.tick(1_000);
  assert.equal(fired, 0);
  paused.resume();
  t.mock.timers.tick(100);
  assert.equal(fired, 1);
});

test("cleared, it never fires, not even after a pause ends", (t) => {
  const { paused, timer, fired, tick } = start(t);
  tick(50);
  timer.clear();
  paused.pause();
  paused.resume();
  tick(10_000);
  assert.equal(fired(), 0);
});

type Step = { tick: number } | { touch: true } | { pause: true } | { resume: true };

test("it fires once, in the tick a reference model says: since the last touch or end of pause, none paused", (t) => {
  const step = fc.oneof(
    fc.record({ tick: fc.integer({ min: 1, max: 150 }) }),
    fc.constant({ touch: true as const }),
    fc.constant({ pause: true as const }),
    fc.constant({ resume: true as const }),
  );
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 200 }), fc.array(step, { maxLength: 40 }), (ms, steps: Step[]) => {
      t.mock.timers.reset();
      t.mock.timers.enable({ apis: ["setTimeout"] });
      const paused = new PausedPipes();
      let fired = 0;
      const timer = quietTimer(ms, () => fired++, paused);
      // The model: the time now, when the count last started, how many pipes are paused, whether it is due.
      let now = 0;
      let since = 0;
      let count = 0;
      let due = false;
      for (const s of steps) {
        if ("tick" in s) {
          t.mock.timers.tick(s.tick);
          now += s.tick;
          if (count === 0 && now >= since + ms) due = true;
        } else if ("touch" in s) {
          timer.touch();
          since = now;
        } else if ("pause" in s) {
          paused.pause();
          count++;
        } else if (count > 0) {
          paused.resume();
          if (--count === 0) since = now;
        }
        assert.equal(fired, due ? 1 : 0);
      }
    }),
  );
});
