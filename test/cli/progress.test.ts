import assert from "node:assert/strict";
import { test } from "node:test";
import { progressOnStderr } from "../../src/cli/progress.js";

function fakeStream(isTTY: boolean): NodeJS.WriteStream & { written: string[] } {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) > 0 } as unknown as NodeJS.WriteStream & { written: string[] };
}

test("nothing is drawn when stderr is not a terminal", () => {
  const stream = fakeStream(false);
  const progress = progressOnStderr(stream);
  progress.add(1 << 20, 100);
  progress.done();
  assert.deepEqual(stream.written, []);
});

test("on a terminal the line shows bytes and lines with their rates, and is cleared at the end", async (t) => {
  t.mock.timers.enable({ apis: ["setInterval"] });
  const stream = fakeStream(true);
  const progress = progressOnStderr(stream);
  progress.add(3 << 20, 1234);
  t.mock.timers.tick(250);
  progress.done();
  assert.equal(stream.written.length, 2);
  assert.match(stream.written[0]!, /^\r\x1b\[2K3\.0 MiB, 1234 lines {2}\([\d.]+ MiB\/s, \d+ lines\/s\)$/);
  assert.equal(stream.written[1], "\r\x1b[2K");
});
