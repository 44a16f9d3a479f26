import assert from "node:assert/strict";
import { test } from "node:test";
import { progressOnStderr } from "../../src/cli/progress.js";

function fakeStream(isTTY: boolean, onWrite: () => void = () => {}): NodeJS.WriteStream & { written: string[] } {
  const written: string[] = [];
  const write = (text: string): boolean => {
    written.push(text);
    onWrite();
    return true;
  };
  return { isTTY, written, write } as unknown as NodeJS.WriteStream & { written: string[] };
}

test("nothing is drawn when stderr is not a terminal", () => {
  const stream = fakeStream(false);
  const progress = progressOnStderr(stream);
  progress.add(1 << 20, 100);
  progress.done();
  assert.deepEqual(stream.written, []);
});

test("on a terminal the line shows bytes and lines with their rates, and is cleared at the end", async () => {
  // The real interval (250 ms) draws; the test waits for that write. The interval is unref'd, so the guard keeps the
  // event loop alive meanwhile, and fails the test should nothing ever be drawn.
  let drew = (): void => {};
  let guard: NodeJS.Timeout | undefined;
  const drawn = new Promise<void>((resolve, reject) => {
    drew = resolve;
    guard = setTimeout(() => reject(new Error("nothing drawn within 10 s")), 10_000);
  });
  const stream = fakeStream(true, () => drew());
  const progress = progressOnStderr(stream);
  progress.add(3 << 20, 1234);
  await drawn.finally(() => clearTimeout(guard));
  progress.done();
  assert.equal(stream.written.length, 2);
  assert.match(stream.written[0]!, /^\r\x1b\[2K3\.0 MiB, 1234 lines {2}\([\d.]+ MiB\/s, \d+ lines\/s\)$/);
  assert.equal(stream.written[1], "\r\x1b[2K");
});
