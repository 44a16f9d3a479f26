import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { clipNotice, FAILURE_PATTERN, noticeAllowance, type NoticeContext } from "../../src/harness/notice.js";
import { measureBuffer } from "../../src/meter/stream-meter.js";
import type { NoticeFigures } from "../../src/run/run-tool.js";

const context: NoticeContext = { invocation: "toolspan", runFile: "/home/u/.toolspan/runs/claude-code/s1.jsonl", rangeBytes: 8000 };
const stored = { blob: "sha256:" + "a".repeat(64), error: null };

function figures(stdout: number, stdoutCap: number, stderr = 0, stderrCap = stderr): NoticeFigures {
  return {
    runId: "s1",
    spanId: "0123456789abcdef",
    returncode: 1,
    timedOut: false,
    stdout: measureBuffer(Buffer.alloc(stdout, 0x61), { cap: stdoutCap, keep: "head+tail" }),
    stderr: measureBuffer(Buffer.alloc(stderr, 0x62), { cap: stderrCap, keep: "head+tail" }),
    blobs: { stdout: stored, stderr: stored },
  };
}

describe("clipNotice", () => {
  test("nothing clipped: no notice", () => {
    assert.equal(clipNotice(figures(100, 100, 5, 5), context), null);
  });

  test("says what was kept of how much, and gives a grep and the next range of the cut bytes, verbatim", () => {
    const notice = clipNotice(figures(68195, 9000), context)!;
    assert.equal(
      notice,
      "[toolspan: this output was clipped to what the harness passes on.\n" +
        "stdout: 68195 bytes, you got bytes 0-4500 and bytes 63695-68195 (9000 bytes); 59195 bytes between were cut, stored and verified by sha256.\n" +
        `  failure lines in all of stdout: toolspan show /home/u/.toolspan/runs/claude-code/s1.jsonl --span 0123456789abcdef --grep '${FAILURE_PATTERN}'\n` +
        "  the cut bytes, 8000 at a time: toolspan show /home/u/.toolspan/runs/claude-code/s1.jsonl --span 0123456789abcdef --range 4500:12500]\n",
    );
  });

  test("a stream the store did not keep: says so, offers no command that would fail", () => {
    const unstored = { ...figures(5000, 100), blobs: { stdout: { blob: null, error: "larger than --store-max 10" }, stderr: stored } };
    const notice = clipNotice(unstored, context)!;
    assert.match(notice, /cut and not stored \(larger than --store-max 10\)/);
    assert.doesNotMatch(notice, /toolspan show/);
  });

  test("a clipped stderr is named with --stream stderr", () => {
    assert.match(clipNotice(figures(10, 10, 9000, 100), context)!, /--stream stderr --range 50:8050/);
  });

  test("property: a notice never exceeds the allowance a keep plan sets aside for it", () => {
    const allowance = noticeAllowance(context);
    fc.assert(
      fc.property(fc.nat(300_000), fc.nat(20_000), fc.nat(300_000), fc.nat(20_000), fc.boolean(), (out, outCap, err, errCap, keptBlob) => {
        const f = figures(out, outCap, err, errCap);
        if (!keptBlob) f.blobs = { stdout: { blob: null, error: "cannot store: ENOSPC: no space left on device, write" }, stderr: stored };
        const notice = clipNotice(f, context);
        if (notice !== null) assert.ok(Buffer.byteLength(notice) <= allowance, `${Buffer.byteLength(notice)} > ${allowance}`);
      }),
      { numRuns: 300 },
    );
  });
});
